package io.poolbench.suite.aurora.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.testbed.TestbedException;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class WebappJvmOptionsTest {
    private static WebappJvmOptions parse(String... args) {
        WebappJvmOptions o = new WebappJvmOptions();
        new CommandLine(o).parseArgs(args);
        return o;
    }

    @Test
    void eachProfileRunsAgainWithTheArgumentAsAVariantOfItsOwnInEveryRound() {
        WebappJvmOptions o = parse("--webapp-jvm-variant", "-Dcom.zaxxer.hikari.aliveBypassWindowMs=0");
        o.check();
        List<LoadRun> runs = o.withVariants(List.of(new LoadRun("hikari", "/p/hikari.xml",
                null, null), new LoadRun("dbcp2", "/p/dbcp2.xml", null, null)));
        assertEquals(List.of("hikari", "hikari+com.zaxxer.hikari.aliveBypassWindowMs=0", "dbcp2",
                "dbcp2+com.zaxxer.hikari.aliveBypassWindowMs=0"), runs.stream().map(LoadRun::id).toList());
        LoadRun v = runs.get(1);
        assertEquals("/p/hikari.xml", v.file(), "the profile's own file: nothing in it changes");
        assertEquals("hikari", v.basedOn());
        assertEquals("-Dcom.zaxxer.hikari.aliveBypassWindowMs=0", v.jvmOption());
        assertNull(runs.get(0).jvmOption());
        List<LoadRun> rounds = LoadRun.inRounds(runs, 2);
        assertEquals(8, rounds.size());
        assertTrue(rounds.stream().filter(r -> r.round() == 2).anyMatch(r -> r.jvmOption() != null
                && r.variantId().equals("hikari+com.zaxxer.hikari.aliveBypassWindowMs=0")), rounds.toString());
    }

    @Test
    void anAttributeChangeIsNoJvmOption() {
        assertNull(new LoadRun("dbcp1+maxActive=300", "/v.xml", "dbcp1", "maxActive=300").jvmOption());
        assertEquals(List.of(), parse().withVariants(List.of()));
    }

    @Test
    void aVariantThatIsNoJvmOptionOrNoDirectoryNameIsOneLine() {
        TestbedException e = assertThrows(TestbedException.class,
                () -> parse("--webapp-jvm-variant", "aliveBypassWindowMs=0").check());
        assertTrue(e.getMessage().startsWith("--webapp-jvm-variant aliveBypassWindowMs=0 is not a JVM option"),
                e.getMessage());
        assertThrows(TestbedException.class, () -> parse("--webapp-jvm-variant", "-Dx=/tmp").check());
        assertThrows(TestbedException.class, () -> parse("--webapp-jvm-variant", "-D").check());
    }
}
