package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The suite's scenarios and their command lines: the failover at each pool's limit is a map and then one command
 * per failover kind reading that map, in the full preset only unless named; the others stay one command each.
 */
class SuiteEntryTest {
    @Test
    void theLimitRunsInTheFullPresetAndAtTheQuickOneOnlyWhenNamed() {
        assertFalse(SuiteEntry.choose("quick", null, List.of()).contains(SuiteEntry.FAILOVER_AT_LIMIT));
        assertTrue(SuiteEntry.choose("full", null, List.of()).contains(SuiteEntry.FAILOVER_AT_LIMIT));
        assertEquals(List.of(SuiteEntry.FAILOVER_AT_LIMIT), SuiteEntry.choose("quick", List.of("seed004-limit"),
                List.of()));
        assertFalse(SuiteEntry.choose("full", null, List.of("seed004-limit")).contains(SuiteEntry.FAILOVER_AT_LIMIT));
        assertEquals(SuiteEntry.values().length - 1, SuiteEntry.choose("quick", null, List.of()).size());
        assertThrows(TestbedException.class, () -> SuiteEntry.choose("quick", List.of("seed999"), List.of()));
        assertThrows(TestbedException.class, () -> SuiteEntry.choose("quick", List.of("seed000"),
                List.of("seed000")));
    }

    @Test
    void anOlderIdNamesTheSameScenario() {
        for (String[] pair : List.of(new String[] {"seed000", "pool-size"}, new String[] {"seed001", "concurrency"},
                new String[] {"seed002", "shared"}, new String[] {"seed003", "connect"},
                new String[] {"seed004", "aurora"}, new String[] {"seed004-limit", "failover-at-limit"})) {
            assertEquals(SuiteEntry.of(pair[1]), SuiteEntry.of(pair[0]), pair[0]);
            assertEquals(pair[1], SuiteEntry.of(pair[0]).id);
        }
        assertEquals(List.of(SuiteEntry.AURORA), SuiteEntry.choose("quick", List.of("seed004"), List.of()));
    }

    @Test
    void theAuroraCommandAnswersToItsOlderNameAndItsRunsAreReadUnderBoth() {
        CommandLine root = SuiteEntry.register(new CommandLine(new PoolbenchMain()));
        assertEquals(root.getSubcommands().get("aurora"), root.getSubcommands().get("seed004"));
        assertEquals("aurora", SuiteEntry.AURORA.command());
        assertEquals(SuiteEntry.AURORA, SuiteEntry.ofCommand("aurora"));
        assertEquals(SuiteEntry.AURORA, SuiteEntry.ofCommand("seed004"), "a run recorded under the older name");
    }

    @Test
    void everyScenarioCommandIsRegisteredOnceUnderItsParent() {
        CommandLine root = SuiteEntry.register(new CommandLine(new PoolbenchMain()));
        for (SuiteEntry s : SuiteEntry.values()) {
            if (s.command() == null) {
                continue;
            }
            CommandLine c = root;
            for (String name : s.command().split(" ")) {
                c = c.getSubcommands().get(name);
                assertNotNull(c, s.command());
            }
            assertEquals(s, SuiteEntry.ofCommand(s.command()));
        }
        assertEquals(List.of("pool-size", "concurrency", "shared", "connect"),
                List.copyOf(root.getSubcommands().get("sweep").getSubcommands().keySet()));
    }

    @Test
    void theFullLimitIsTheKneeSearchThenEachFailoverKindAtItsKneeInFiveRounds() {
        List<SuiteStep> steps = SuiteEntry.FAILOVER_AT_LIMIT.steps("full");
        assertEquals(List.of("knees", "planned", "unplanned", "stale"), steps.stream().map(SuiteStep::sub)
                .toList());
        assertTrue(steps.get(0).args().contains("--find-knee"), steps.get(0).toString());
        Path dir = Path.of("/r/seed004-limit");
        for (SuiteStep st : steps.subList(1, steps.size())) {
            List<String> a = st.argsIn(dir);
            assertEquals(st.sub(), a.get(a.indexOf("--failover") + 1));
            assertEquals(dir.resolve("knees").toString(), a.get(a.indexOf("--at-knee") + 1));
            assertEquals("5", a.get(a.indexOf("--rounds") + 1));
            assertEquals(dir.resolve(st.sub()).toString(), a.get(a.size() - 1));
        }
        List<String> quick = SuiteEntry.FAILOVER_AT_LIMIT.steps("quick").stream().map(SuiteStep::sub).toList();
        assertEquals(List.of("knees", "planned"), quick);
        String line = String.join(" ", SuiteEntry.FAILOVER_AT_LIMIT.line("full"));
        assertTrue(line.startsWith("aurora --find-knee ") && line.contains(" --out {dir}/knees && ./poolbench"
                + " aurora --failover planned --at-knee {dir}/knees "), line);
        assertTrue(SuiteEntry.FAILOVER_AT_LIMIT.chained());
    }

    @Test
    void aScenarioOfOneCommandWritesItsOwnDirectory() {
        SuiteStep st = SuiteEntry.POOL_SIZE.steps("quick").get(0);
        List<String> a = st.argsIn(Path.of("/r/seed000"));
        assertEquals(List.of("--out", "/r/seed000"), a.subList(a.size() - 2, a.size()));
        assertEquals(st.args(), SuiteEntry.POOL_SIZE.line("quick"));
        assertFalse(SuiteEntry.POOL_SIZE.chained());
    }
}
