package io.poolbench.suite.sharedconnection;

import io.poolbench.testbed.db.Queries;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileDir;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/**
 * The shared-connection scenario's background load, in its own JVM so that it does not share the measuring JVM's heap or threads: the
 * article's JMeter load of 150 threads over a pool of 200 connections (the {@code hikari} profile with
 * {@code maximumPoolSize} set), each thread running the shared-connection article's CROSS JOIN
 * of 200 orders × 500 products ({@link Queries#longJoinRows}: its 100,000 rows sent to the client, as the article's JMeter threads ran it; or, with
 * {@code aggregate}, {@link Queries#longJoin}: the join summed in the server, one row back) back to back until the
 * process is stopped. Prints
 * {@code queries N errors E} once a second (totals), which the scenario reads for the achieved load.
 *
 * <p>Usage: {@code java -cp poolbench.jar io.poolbench.suite.sharedconnection.BackgroundLoad URL USER THREADS POOL_SIZE ORDERS
 * rows|aggregate};
 * the password, if any, in {@code POOLBENCH_JDBC_PASSWORD}.
 */
public final class BackgroundLoad {
    private BackgroundLoad() {
    }

    /**
     * Runs the load until the process is stopped.
     *
     * @param args URL, user, threads, pool size, orders in the table (the join's first order is drawn from them),
     *     {@code rows} or {@code aggregate}
     * @throws Exception when the pool cannot start
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 6 || !List.of("rows", "aggregate").contains(args[5])) {
            System.err.println("usage: BackgroundLoad URL USER THREADS POOL_SIZE ORDERS rows|aggregate");
            System.exit(2);
        }
        int threads = Integer.parseInt(args[2]);
        int orders = Integer.parseInt(args[4]);
        boolean rows = args[5].equals("rows");
        PoolProfile hikari = PoolProfile.load(ProfileDir.locate("hikari", ProfileDir.resolve(null)));
        DataSource ds = hikari.createDataSource(Map.of("poolbench.jdbc.url", args[0],
                "poolbench.jdbc.user", args[1], "poolbench.jdbc.password",
                System.getenv().getOrDefault("POOLBENCH_JDBC_PASSWORD", "")), Map.of("maximumPoolSize", args[3]));
        AtomicLong done = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        List<Thread> ts = new ArrayList<>();
        int width = Queries.DEFAULT_LONG_WIDTH;
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    long first = ThreadLocalRandom.current().nextLong(1, Math.max(2, orders - width + 2));
                    try (Connection c = ds.getConnection()) {
                        if (rows) {
                            Queries.longJoinRows(c, first, width, Queries.DEFAULT_LONG_PRODUCTS);
                        } else {
                            Queries.longJoin(c, first, width, Queries.DEFAULT_LONG_PRODUCTS);
                        }
                        done.incrementAndGet();
                    } catch (Exception e) {
                        errors.incrementAndGet();
                    }
                }
            }, "load-" + i);
            t.setDaemon(true);
            ts.add(t);
            t.start();
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            ts.forEach(Thread::interrupt);
            PoolProfile.close(ds);
        }));
        System.out.println("started " + threads + " threads");
        while (true) {
            Thread.sleep(1_000);
            System.out.println("queries " + done.get() + " errors " + errors.get());
        }
    }
}
