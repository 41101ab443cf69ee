package io.poolbench.testbed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Cli.execute: a list option given empty, with an empty value or with a value twice is one line and exit code 2. */
class CliTest {
    @Command(name = "t")
    static final class ListCommand implements Callable<Integer> {
        @Option(names = "--users", split = ",")
        List<Integer> users;

        @Option(names = "--profiles", split = ",")
        List<String> profiles;

        @picocli.CommandLine.Parameters
        List<String> drills;

        boolean ran;

        @Override
        public Integer call() {
            ran = true;
            return 0;
        }
    }

    private static String[] run(String... args) {
        ListCommand c = new ListCommand();
        PrintStream err = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
        int rc;
        try {
            rc = Cli.execute(c, "t", args);
        } finally {
            System.setErr(err);
        }
        return new String[] {Integer.toString(rc), buf.toString(StandardCharsets.UTF_8).trim(), Boolean.toString(c.ran)};
    }

    @Test
    void repeatedValueIsRefusedBeforeTheCommandRuns() {
        String[] r = run("--users", "10,50,10");
        assertEquals("2", r[0]);
        assertEquals("t: --users 10,50,10: 10 is given twice; give each value once", r[1]);
        assertEquals("false", r[2]);
    }

    @Test
    void emptyListAndEmptyValueAreRefused() {
        assertEquals("t: --profiles ,: no value; give at least one", run("--profiles", ",")[1]);
        assertTrue(run("--profiles", "hikari,,dbcp2")[1].contains("an empty value"));
    }

    @Test
    void aValueOfTheWrongTypeIsOneLineNotTheWholeUsage() {
        String[] r = run("--users", "abc");
        assertEquals("2", r[0]);
        assertEquals(1, r[1].lines().count(), r[1]);
        assertTrue(r[1].startsWith("t: Invalid value for option '--users'") && r[1].endsWith("(see t --help)"), r[1]);
        r = run("--user", "10");
        assertTrue(r[1].contains("did you mean --users?") && r[1].lines().count() == 1, r[1]);
    }

    @Test
    void aParameterGivenTwiceIsRefusedToo() {
        String[] r = run("planned", "planned");
        assertEquals("2", r[0]);
        assertEquals("t: planned planned: planned is given twice; give each value once", r[1]);
    }

    @Test
    void distinctValuesRun() {
        String[] r = run("--users", "10,50", "--profiles", "hikari");
        assertEquals("0", r[0]);
        assertEquals("true", r[2]);
    }
}
