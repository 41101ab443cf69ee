package io.poolbench.testbed.options;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import picocli.CommandLine.Option;

/**
 * {@code --max-threads}, the webapp's Tomcat request threads: a picocli mixin of the webapp, of {@code compare}
 * (where it was {@code --webapp-max-threads}, still accepted) and of {@code sweep concurrency}, which pass it on to
 * the webapp they start, so that the option, its default, its meaning and its range ({@link #check(int)}) are one.
 */
public final class MaxThreadsOption {
    /** Tomcat's request threads. */
    @Option(names = {"--max-threads", "--webapp-max-threads"}, defaultValue = "200", paramLabel = "N",
            description = "Tomcat's request threads (default ${DEFAULT-VALUE}: Tomcat's own, and the concurrency article's"
                    + " article's).")
    public int maxThreads;

    /**
     * The range of {@code --max-threads}, for the commands and settings records that take it from this option.
     *
     * @param threads Tomcat's request threads
     * @return threads
     * @throws TestbedException one line when it is outside 1 .. 10000
     */
    public static int check(int threads) {
        Cli.range("--max-threads", threads, 1, 10_000);
        return threads;
    }
}
