package io.poolbench.suite.sharedconnection;

import io.poolbench.testbed.process.Workers;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import javax.sql.DataSource;

/**
 * The shared-connection scenario reproduced: many threads, one simple query each, on one shared connection against a pool, a new
 * connection per thread and PgBouncer, with and without a heavy background load.
 *
 * <p>The article (C, libpq) let many threads use one {@code PGconn} behind a mutex (libpq forbids concurrent use of
 * one connection), and timed the "simple query" (all rows of a table, one SELECT … FROM) against one connection per
 * thread, an external pool and PgBouncer: without load the shared connection and the pool were close and PgBouncer
 * 2.74 × slower than the pool above 100 connections; under a JMeter load (150 threads, pool 200, a CROSS JOIN of
 * 200 × 500 rows) the pool was 1.83 × faster than the shared connection at 500, 3.79 ms apart at 50 (means of 30
 * trials). It counted, for 10 connections and the query, 182 client allocations (180,794 bytes) for the shared
 * connection against 729–831 (586,212–593,508 bytes) for the others, and cites 2–3 MB per server connection.
 *
 * <p>Here one trial is {@code threads} platform threads, started and parked before the clock starts, released
 * together; each runs {@link #SIMPLE_QUERY} once through its {@link Client} and reads every row; the trial's time
 * is from the release to the last thread's end. {@link Client}s: {@link #shared} (one {@code java.sql.Connection}
 * and a lock held for the query and the reading of its rows, the article's mutex), {@link #dataSource} (a pool's
 * borrow, or the driver's own DataSource: a new connection per thread, the article's "multi-threaded"), and the
 * same over a PgBouncer URL (a new client connection to PgBouncer per thread). Opening the shared connection or
 * filling the pool happens before the trials and is reported apart.
 */
public final class SharedConnectionTrial {
    /** The simple query: every row of the 500-row {@code products} table (the shared-connection article's 500 side). */
    static final String SIMPLE_QUERY = "SELECT * FROM products";

    private SharedConnectionTrial() {
    }

    /** How one thread gets its query answered. */
    interface Client extends AutoCloseable {
        /**
         * Runs {@link #SIMPLE_QUERY} and reads every row.
         *
         * @return rows read
         * @throws SQLException when the query fails
         */
        int query() throws SQLException;

        @Override
        void close();
    }

    /**
     * One connection for every thread, used by one thread at a time.
     *
     * @param c the connection (closed with the client)
     * @return the client
     */
    static Client shared(Connection c) {
        ReentrantLock lock = new ReentrantLock();
        return new Client() {
            @Override
            public int query() throws SQLException {
                lock.lock();
                try {
                    return readAll(c);
                } finally {
                    lock.unlock();
                }
            }

            @Override
            public void close() {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // closing
                }
            }
        };
    }

    /**
     * A connection from a DataSource per query: a borrow from a pool, or a new connection.
     *
     * @param ds the DataSource (not closed by the client)
     * @return the client
     */
    static Client dataSource(DataSource ds) {
        return new Client() {
            @Override
            public int query() throws SQLException {
                try (Connection c = ds.getConnection()) {
                    return readAll(c);
                }
            }

            @Override
            public void close() {
            }
        };
    }

    /**
     * @param c a connection
     * @return rows of {@link #SIMPLE_QUERY}, all read
     * @throws SQLException when the query fails
     */
    static int readAll(Connection c) throws SQLException {
        int n = 0;
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(SIMPLE_QUERY)) {
            int cols = r.getMetaData().getColumnCount();
            while (r.next()) {
                for (int i = 1; i <= cols; i++) {
                    r.getObject(i);
                }
                n++;
            }
        }
        return n;
    }

    /**
     * One trial's result.
     *
     * @param elapsedMs release to the last thread's end, ms
     * @param errors threads whose query failed
     * @param firstError the first failure, or null
     */
    record Trial(double elapsedMs, int errors, String firstError) {
    }

    /**
     * Runs one trial.
     *
     * @param client the client
     * @param threads threads, each one query
     * @return the trial
     * @throws InterruptedException when interrupted (the threads are interrupted too)
     */
    static Trial trial(Client client, int threads) throws InterruptedException {
        AtomicInteger errors = new AtomicInteger();
        AtomicReference<String> first = new AtomicReference<>();
        long ns = Workers.releaseTogether("seed002-thread", threads, Thread::new, i -> {
            try {
                client.query();
            } catch (SQLException | RuntimeException e) {
                errors.incrementAndGet();
                first.compareAndSet(null, e.getMessage());
            }
        });
        return new Trial(ns / 1e6, errors.get(), first.get());
    }
}
