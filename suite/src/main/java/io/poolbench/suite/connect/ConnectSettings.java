package io.poolbench.suite.connect;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.options.PoolSizeOption;
import java.util.List;

/**
 * The connect experiment's settings as the manifest records them (their field names are the run
 * directory's layout: renaming one changes {@code RunRecord.FORMAT}).
 *
 * @param profiles Java clients' profile files
 * @param clients clients
 * @param transactions per client
 * @param scale pgbench scale
 * @param runs measured runs per variant
 * @param warmupTransactions per client in the one unrecorded warm-up run of each variant
 * @param pgbenchThreads pgbench -j
 * @param poolSize pool size of the Java pools and PgBouncer
 * @param pgpoolChildren pgpool-II num_init_children
 * @param without tools left out
 * @param database database kind
 * @param maxErrorPercent a run whose failed transactions pass this share, %, fails (0 in run directories written
 *     before the connect scenario had a budget)
 */
public record ConnectSettings(List<String> profiles, int clients, int transactions, int scale, int runs,
        int warmupTransactions, int pgbenchThreads, int poolSize, int pgpoolChildren, List<String> without,
        String database, double maxErrorPercent) {
    /**
     * Checks every range; each failure is one line naming the option.
     *
     * @throws TestbedException e.g. {@code --clients 0 is out of range: allowed 1 .. 1000}
     */
    public ConnectSettings {
        Cli.range("--clients", clients, 1, 1_000);
        Cli.range("--transactions", transactions, 1, 10_000_000);
        Cli.range("--scale", scale, 1, 10_000);
        Cli.range("--pgbench-threads", pgbenchThreads, 1, clients);
        PoolSizeOption.check(poolSize);
        Cli.range("--pgpool-children", pgpoolChildren, 1, 1_000);
    }
}
