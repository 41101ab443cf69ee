package io.poolbench.testbed.options;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import picocli.CommandLine.Option;

/**
 * {@code --pool-size}, the connections of every pool a sweep builds, and of the PgBouncer it runs in front of the
 * database: a picocli mixin of {@code sweep concurrency}, {@code sweep shared} and {@code sweep connect}, so that the
 * option, its meaning and its range ({@link #check(int)}) are one. Each command keeps its own default
 * ({@link #orElse(int)}).
 */
public final class PoolSizeOption {
    @Option(names = "--pool-size", paramLabel = "N",
            description = "Maximum connections of every pool: the Java pools', R2DBC's too (sweep concurrency), and"
                    + " PgBouncer's default_pool_size (sweep shared, sweep connect). Default 20 (sweep concurrency:"
                    + " the article's); sweep connect: --clients, so nobody waits for a connection.")
    Integer poolSize;

    /**
     * @param fallback the command's default, e.g. 20
     * @return the size given, else the fallback
     */
    public int orElse(int fallback) {
        return poolSize != null ? poolSize : fallback;
    }

    /**
     * The range of {@code --pool-size}, for the settings records that take it from this option.
     *
     * @param size connections
     * @return size
     * @throws TestbedException one line when it is outside 1 .. 1000
     */
    public static int check(int size) {
        Cli.range("--pool-size", size, 1, 1_000);
        return size;
    }
}
