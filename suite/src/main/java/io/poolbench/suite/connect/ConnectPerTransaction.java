package io.poolbench.suite.connect;

import io.poolbench.suite.tools.Pgbench;
import io.poolbench.suite.tools.PgbenchTables;
import io.poolbench.testbed.process.Workers;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;

/**
 * The connect scenario reproduced: what a new connection per transaction costs, against a pool, with pgbench's select-only
 * transaction.
 *
 * <p>The article ran {@code pgbench -S -C -c 30 -t 300} at scale 25 five times against PostgreSQL 8.4 directly
 * and through pgpool-II (connection pooling mode, 128 children): 70.9–72.2 transactions per second including
 * connection set-up without a pool, 265.6–478.3 through pgpool-II (3.7–6.7 ×); excluding set-up 5,120–5,443 against
 * 5,764–7,703. Its pgbench 8.4 was single-threaded and connected synchronously, so its "including" figure is about
 * one over the time a connection takes: that is what a pool saves.
 *
 * <p>poolbench runs the same workload three ways against the same server: from Java ({@link #run}: {@code clients}
 * threads, each {@code transactions} times: {@code getConnection()}, the select on a random account, close; on the
 * {@code unpooled} profile that is a new connection per transaction as with {@code -C}, on a pool a borrow from a
 * pool filled before the clock starts, as a service's pool is warm and a pooler stays up across runs), with
 * real pgbench directly, and with pgbench through PgBouncer and pgpool-II. "Excluding connection set-up" is
 * transactions ÷ (elapsed − time in getConnection ÷ threads), pgbench's own formula ({@link Pgbench#tpsExcluding}).
 */
public final class ConnectPerTransaction {
    private ConnectPerTransaction() {
    }

    /**
     * One Java run.
     *
     * @param processed transactions that succeeded
     * @param failed transactions that failed
     * @param elapsedS from the release of the threads to the end of the last, s
     * @param connectTotalS time in getConnection summed over all transactions, s
     * @param firstError the first failure's message, or null
     */
    public record JavaRun(long processed, long failed, double elapsedS, double connectTotalS, String firstError) {
        /** @return transactions ÷ elapsed */
        public double tpsIncluding() {
            return processed / elapsedS;
        }

        /**
         * @param threads client threads
         * @return {@link Pgbench#tpsExcluding}
         */
        public double tpsExcluding(int threads) {
            return Pgbench.tpsExcluding(processed, elapsedS, connectTotalS, threads);
        }

        /** @return average time per getConnection, ms */
        public double avgConnectMs() {
            long n = processed + failed;
            return n == 0 ? Double.NaN : connectTotalS * 1000 / n;
        }
    }

    /**
     * Runs pgbench's select-only workload from Java: {@code clients} threads released together, each
     * {@code transactions} times getConnection (timed), one select, close.
     *
     * @param ds the data source (a pool, or the driver's own for connect-per-transaction)
     * @param clients threads
     * @param transactions per thread
     * @param scale the tables' scale (accounts 1 .. 100,000 × scale)
     * @return the run
     * @throws InterruptedException when interrupted
     */
    static JavaRun run(DataSource ds, int clients, int transactions, int scale) throws InterruptedException {
        long accounts = (long) PgbenchTables.ACCOUNTS_PER_SCALE * scale;
        AtomicLong ok = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        AtomicLong connectNs = new AtomicLong();
        AtomicReference<String> firstError = new AtomicReference<>();
        double elapsed = Workers.releaseTogether("seed003-client", clients, Thread::new, client -> {
            ThreadLocalRandom rnd = ThreadLocalRandom.current();
            for (int x = 0; x < transactions && !Thread.currentThread().isInterrupted(); x++) {
                long t0 = System.nanoTime();
                boolean counted = false;
                try (Connection c = ds.getConnection()) {
                    connectNs.addAndGet(System.nanoTime() - t0);
                    counted = true;
                    try (Statement s = c.createStatement();
                         ResultSet r = s.executeQuery(PgbenchTables.selectOnly(rnd.nextLong(1, accounts + 1)))) {
                        r.next();
                    }
                    ok.incrementAndGet();
                } catch (Exception e) {
                    if (!counted) {
                        connectNs.addAndGet(System.nanoTime() - t0);
                    }
                    failed.incrementAndGet();
                    firstError.compareAndSet(null, e.getMessage());
                }
            }
        }) / 1e9;
        return new JavaRun(ok.get(), failed.get(), elapsed, connectNs.get() / 1e9, firstError.get());
    }
}
