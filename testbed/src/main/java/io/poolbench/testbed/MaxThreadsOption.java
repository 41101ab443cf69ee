package io.poolbench.testbed;

import picocli.CommandLine.Option;

/**
 * {@code --max-threads}, the webapp's Tomcat request threads: a picocli mixin of the webapp and of
 * {@code sweep concurrency}, which passes it on to the webapp it starts, so that the option, its default and its
 * meaning are one (each command checks the range).
 */
public final class MaxThreadsOption {
    /** Tomcat's request threads. */
    @Option(names = "--max-threads", defaultValue = "200", paramLabel = "N",
            description = "Tomcat's request threads (default ${DEFAULT-VALUE}: Tomcat's own, and seed 001's"
                    + " article's).")
    public int maxThreads;
}
