package io.poolbench.suite.sharedconnection;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.options.PoolSizeOption;
import java.util.List;

/**
 * The shared-connection experiment's settings as the manifest records them (their field names are the run
 * directory's layout: renaming one changes {@code RunRecord.FORMAT}).
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
 * @param maxErrorPercent a variant whose failed queries pass this share, %, fails
 * @param loadQuery how the background load runs the CROSS JOIN: {@code rows} (its 100,000 rows sent to the client,
 *     the article's) or {@code aggregate} (summed in the server, one row back)
 * @param withConnecting true when each round also ran a trial on the article's clock, opening the variant first
 *     ({@code --clock both})
 */
public record SharedConnectionSettings(List<Integer> threads, List<Integer> threadsUnderLoad, int trials, List<String> profiles, int poolSize, List<String> loads,
        int loadThreads, int loadPool, int memoryConnections, List<Integer> serverConnections,
        List<String> without, String query, String database, double maxErrorPercent, String loadQuery,
        boolean withConnecting) {
    /**
     * @throws io.poolbench.testbed.TestbedException one line naming the option whose value is out of range
     */
    public SharedConnectionSettings {
        threads.forEach(c -> Cli.range("--thread-counts", c, 1, 2_000));
        (threadsUnderLoad == null ? List.<Integer>of() : threadsUnderLoad)
                .forEach(c -> Cli.range("--threads-under-load", c, 1, 2_000));
        PoolSizeOption.check(poolSize);
        Cli.range("--load-threads", loadThreads, 1, 1_000);
        Cli.range("--load-pool", loadPool, 1, 1_000);
        Cli.range("--memory-connections", memoryConnections, 1, 1_000);
        serverConnections.forEach(c -> Cli.range("--server-connections", c, 1, 2_000));
        if (!List.of("rows", "aggregate").contains(loadQuery)) {
            throw new TestbedException("--load-query " + loadQuery + ": use rows or aggregate");
        }
    }

}
