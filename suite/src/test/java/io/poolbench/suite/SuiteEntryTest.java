package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The suite's scenarios and their command lines: the failover at each pool's limit is a map and then one command
 * per failover kind reading that map, in the full preset only unless named; the others stay one command each.
 */
class SuiteEntryTest {
    @Test
    void theLimitRunsInTheFullPresetAndAtTheQuickOneOnlyWhenNamed() {
        assertFalse(SuiteEntry.choose("quick", null, List.of()).contains(SuiteEntry.SEED004_LIMIT));
        assertTrue(SuiteEntry.choose("full", null, List.of()).contains(SuiteEntry.SEED004_LIMIT));
        assertEquals(List.of(SuiteEntry.SEED004_LIMIT), SuiteEntry.choose("quick", List.of("seed004-limit"),
                List.of()));
        assertFalse(SuiteEntry.choose("full", null, List.of("seed004-limit")).contains(SuiteEntry.SEED004_LIMIT));
        assertEquals(SuiteEntry.values().length - 1, SuiteEntry.choose("quick", null, List.of()).size());
        assertThrows(TestbedException.class, () -> SuiteEntry.choose("quick", List.of("seed999"), List.of()));
        assertThrows(TestbedException.class, () -> SuiteEntry.choose("quick", List.of("seed000"),
                List.of("seed000")));
    }

    @Test
    void theFullLimitIsTheMapThenEachFailoverKindAtItsKneeInFiveRounds() {
        List<SuiteEntry.Step> steps = SuiteEntry.SEED004_LIMIT.steps("full");
        assertEquals(List.of("map", "planned", "unplanned", "stale"), steps.stream().map(SuiteEntry.Step::sub)
                .toList());
        assertTrue(steps.get(0).args().contains("--map"), steps.get(0).toString());
        Path dir = Path.of("/r/seed004-limit");
        for (SuiteEntry.Step st : steps.subList(1, steps.size())) {
            List<String> a = st.argsIn(dir);
            assertEquals(st.sub(), a.get(a.indexOf("--failover") + 1));
            assertEquals(dir.resolve("map").toString(), a.get(a.indexOf("--at-knee") + 1));
            assertEquals("5", a.get(a.indexOf("--rounds") + 1));
            assertEquals(dir.resolve(st.sub()).toString(), a.get(a.size() - 1));
        }
        List<String> quick = SuiteEntry.SEED004_LIMIT.steps("quick").stream().map(SuiteEntry.Step::sub).toList();
        assertEquals(List.of("map", "planned"), quick);
        String line = String.join(" ", SuiteEntry.SEED004_LIMIT.line("full"));
        assertTrue(line.startsWith("seed004 --map ") && line.contains(" --out {dir}/map && ./poolbench seed004"
                + " --failover planned --at-knee {dir}/map "), line);
        assertTrue(SuiteEntry.SEED004_LIMIT.chained());
    }

    @Test
    void aScenarioOfOneCommandWritesItsOwnDirectory() {
        SuiteEntry.Step st = SuiteEntry.SEED000.steps("quick").get(0);
        List<String> a = st.argsIn(Path.of("/r/seed000"));
        assertEquals(List.of("--out", "/r/seed000"), a.subList(a.size() - 2, a.size()));
        assertEquals(st.args(), SuiteEntry.SEED000.line("quick"));
        assertFalse(SuiteEntry.SEED000.chained());
    }
}
