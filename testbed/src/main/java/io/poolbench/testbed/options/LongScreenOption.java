package io.poolbench.testbed.options;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.load.ScreenModel;
import picocli.CommandLine.Option;

/**
 * {@code --long-screen-max-ms}, the longest SQL time of the Aurora article's long screen alone: a picocli mixin of the webapp,
 * which serves the screen, and of {@code aurora}, which passes it on to the webapp it starts, so that the option,
 * its default (the article's 8.5 s) and its range ({@link #check(long)}) are one.
 */
public final class LongScreenOption {
    /** The long screen's longest SQL time alone, ms. */
    @Option(names = "--long-screen-max-ms", defaultValue = "8500", paramLabel = "MS",
            description = "/screen: the long screen's longest SQL time alone, ms (default ${DEFAULT-VALUE}, the Aurora article's"
                    + " article's).")
    public long maxMs;

    /**
     * The range of {@code --long-screen-max-ms}, for the commands and settings records that take it from this option.
     *
     * @param maxMs the long screen's longest SQL time alone, ms
     * @return maxMs
     * @throws TestbedException one line when it is outside {@link ScreenModel#LONG_MIN_MS} .. 600000
     */
    public static long check(long maxMs) {
        Cli.range("--long-screen-max-ms", maxMs, ScreenModel.LONG_MIN_MS, 600_000);
        return maxMs;
    }
}
