package io.poolbench.suite;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A poolbench command run in the test's JVM, as a user types it, with what it printed.
 *
 * @param code its exit code
 * @param out what it printed on stdout
 * @param err what it printed on stderr
 */
public record Console(int code, String out, String err) {
    /**
     * @param args the command line after {@code ./poolbench}
     * @return the exit code and both streams
     */
    public static Console run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
        try {
            int code = PoolbenchMain.run(args);
            return new Console(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }
}
