package io.poolbench.suite.seed003;

import java.util.List;

/**
 * Seed 003's settings as the manifest records them (field names as in run directories written before).
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
 *     before seed 003 had a budget)
 */
public record Seed003Settings(List<String> profiles, int clients, int transactions, int scale, int runs,
        int warmupTransactions, int pgbenchThreads, int poolSize, int pgpoolChildren, List<String> without,
        String database, double maxErrorPercent) {
}
