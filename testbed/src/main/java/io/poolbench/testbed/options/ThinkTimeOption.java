package io.poolbench.testbed.options;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import picocli.CommandLine.Option;

/**
 * {@code --think-ms}, the pause of each JMeter thread between its requests: a picocli mixin of {@code compare} and
 * {@code sweep concurrency}, so that the option, its default and its meaning are one (each command's settings check
 * the range).
 */
public final class ThinkTimeOption {
    /** The pause, ms; 0 for none. */
    @Option(names = "--think-ms", defaultValue = "0", paramLabel = "MS",
            description = "Pause of each JMeter thread (each user) between its requests, ms (default ${DEFAULT-VALUE}:"
                    + " none; the concurrency article's k6 users paused about 10-16 ms per iteration: our inference from its"
                    + " table, not its statement).")
    public int thinkMs;

    /**
     * The range of {@code --think-ms}, for the settings records that take it from this option.
     *
     * @param ms the pause, ms
     * @return ms
     * @throws TestbedException one line when it is outside 0 .. 600000 (ten minutes)
     */
    public static int check(int ms) {
        Cli.range("--think-ms", ms, 0, 600_000);
        return ms;
    }
}
