package io.poolbench.suite.poolsize;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import java.util.List;

/**
 * The pool-size sweep's settings as the manifest records them (their field names are the run
 * directory's layout: renaming one changes {@code RunRecord.FORMAT}).
 *
 * @param profiles profile files
 * @param sizes pool sizes
 * @param runs runs per size
 * @param tasks tasks per run
 * @param holdMs hold time, ms
 * @param database the database kind
 * @param threads thread kinds: platform, virtual
 */
public record PoolSizeSettings(List<String> profiles, List<Integer> sizes, int runs, int tasks, long holdMs, String database,
        List<String> threads) {
    /**
     * Checks every range; each failure is one line naming the option.
     *
     * @throws TestbedException e.g. {@code --tasks 0 is out of range: allowed 1 .. 10000}
     */
    public PoolSizeSettings {
        Cli.range("--tasks", tasks, 1, 10_000);
        Cli.range("--task-ms", holdMs, 0, 600_000);
        Cli.rangeEach("--sizes", sizes, 1, 1_000);
    }
}
