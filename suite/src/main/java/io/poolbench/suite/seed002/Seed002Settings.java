package io.poolbench.suite.seed002;

import java.util.List;

/**
 * Seed 002's settings as the manifest records them (field names as in run directories written before).
 *
 * @param threads thread counts without load
 * @param threadsUnderLoad thread counts under the background load
 * @param trials measured trials per variant and count
 * @param profiles pool profile files
 * @param poolSize pool size
 * @param loads load conditions
 * @param loadThreads background threads
 * @param loadPool background pool size
 * @param memoryConnections connections for the client memory table
 * @param serverConnections open connections for the server memory reading
 * @param without left out
 * @param query the simple query
 * @param database database kind
 * @param maxErrorPercent a variant whose failed queries pass this share, %, fails (0 in run directories written
 *     before seed 002 had a budget)
 * @param loadQuery how the background load runs the CROSS JOIN: {@code rows} (its 100,000 rows sent to the client,
 *     the article's) or {@code aggregate} (summed in the server, one row back); null in run directories written
 *     before the choice, which ran {@code aggregate}
 */
public record Seed002Settings(List<Integer> threads, List<Integer> threadsUnderLoad, int trials, List<String> profiles, int poolSize, List<String> loads,
        int loadThreads, int loadPool, int memoryConnections, List<Integer> serverConnections,
        List<String> without, String query, String database, double maxErrorPercent, String loadQuery) {
    /** @return {@link #loadQuery}, or {@code aggregate} for a run directory written before the choice */
    public String loadQueryOrDefault() {
        return loadQuery == null ? "aggregate" : loadQuery;
    }
}
