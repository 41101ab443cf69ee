package io.poolbench.suite.sharedconnection;

import io.poolbench.suite.process.Children;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.db.Database;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The shared-connection scenario's background load as this JVM sees it: {@link BackgroundLoad} started in its own JVM, and its
 * once-a-second totals (queries, errors) read from its output.
 */
final class BackgroundLoadProcess {
    private BackgroundLoadProcess() {
    }

    /** The background load's totals, from its output lines. */
    static final class LoadCounter {
        private final AtomicLong queries = new AtomicLong();
        private final AtomicLong errors = new AtomicLong();

        void accept(String line) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 4 && f[0].equals("queries") && f[2].equals("errors")) {
                try {
                    queries.set(Long.parseLong(f[1]));
                    errors.set(Long.parseLong(f[3]));
                } catch (NumberFormatException ignored) {
                    // another line
                }
            }
        }

        long queries() {
            return queries.get();
        }

        long errors() {
            return errors.get();
        }
    }

    /**
     * Starts the load in its own JVM and waits until it completed its first query (60 s at most), then a few
     * seconds for its pool and the server to settle.
     *
     * @param database the database
     * @param set the data set (the CROSS JOIN's orders)
     * @param threads the load's threads
     * @param pool its pool's size
     * @param query {@code rows} (the join's rows sent to the client) or {@code aggregate} (summed in the server)
     * @param data where its log goes ({@code load.log})
     * @param counter reads its once-a-second totals
     * @return the load's process (the caller stops it)
     * @throws Exception when it cannot start, dies at start or completes no query in 60 s (one line)
     */
    static Process start(Database database, DataSet set, int threads, int pool, String query, Path data,
            LoadCounter counter)
            throws Exception {
        List<String> cmd = List.of(Children.java(), "-Xmx1g", "-cp", System.getProperty("java.class.path"),
                BackgroundLoad.class.getName(), database.jdbcUrl(), database.user(), Integer.toString(threads),
                Integer.toString(pool), Integer.toString(set.orders()), query);
        Map<String, String> env = new HashMap<>();
        if (database.password() != null && !database.password().isEmpty()) {
            env.put("POOLBENCH_JDBC_PASSWORD", database.password());
        }
        Process p = Children.start(cmd, env, data.resolve("load.log"), counter::accept);
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (counter.queries() == 0 && System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                Children.awaitOutput(p);
                throw new TestbedException("the background load exited with code " + p.exitValue() + " at start"
                        + " (log: " + data.resolve("load.log") + ")");
            }
            Thread.sleep(200);
        }
        if (counter.queries() == 0) {
            Children.stop(p, 5);
            throw new TestbedException("the background load finished no query in 60 s (log: "
                    + data.resolve("load.log") + ")");
        }
        // a few seconds for its pool and the server to settle
        Thread.sleep(3_000);
        return p;
    }
}
