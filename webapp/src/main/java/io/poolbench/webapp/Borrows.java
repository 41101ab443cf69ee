package io.poolbench.webapp;

import io.poolbench.testbed.load.CsvLog;
import io.poolbench.testbed.load.TraceLog;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * One request's borrows from the pool: how many, the time spent in {@code getConnection()} (total and longest,
 * µs), whether a borrow failed, and, when the server traces JDBC ({@code --trace-jdbc}), which calls the pool made
 * beneath it while lending and taking back each connection. Used by one request thread.
 */
final class Borrows {
    private int count;
    private long waitUs;
    private long maxUs;
    private boolean failed;
    private final JdbcTrace.Request jdbc;

    /** @param traced true to trace the request's JDBC calls ({@link JdbcTrace}) */
    Borrows(boolean traced) {
        this.jdbc = traced ? JdbcTrace.begin() : null;
    }

    /** A borrowed connection; closing it gives it back to the pool. */
    final class Lease implements AutoCloseable {
        private final Connection connection;

        private Lease(Connection connection) {
            this.connection = connection;
        }

        /** @return the pool's connection */
        Connection connection() {
            return connection;
        }

        @Override
        public void close() throws SQLException {
            if (jdbc != null) {
                jdbc.phase(JdbcTrace.Phase.RETURN);
            }
            connection.close();
        }
    }

    /**
     * @param ds the pool
     * @return the borrowed connection
     * @throws SQLException the pool's, when the borrow failed (then {@link #failed()} is true)
     */
    Lease borrow(DataSource ds) throws SQLException {
        if (jdbc != null) {
            jdbc.phase(JdbcTrace.Phase.BORROW);
        }
        long t0 = System.nanoTime();
        try {
            return new Lease(ds.getConnection());
        } catch (SQLException | RuntimeException e) {
            failed = true;
            throw e;
        } finally {
            long us = (System.nanoTime() - t0) / 1_000;
            count++;
            waitUs += us;
            maxUs = Math.max(maxUs, us);
            if (jdbc != null) {
                jdbc.phase(JdbcTrace.Phase.WORK);
            }
        }
    }

    /** @return {@code getConnection()} calls made */
    int count() {
        return count;
    }

    /** @return total time in {@code getConnection()}, µs */
    long waitUs() {
        return waitUs;
    }

    /** @return longest single {@code getConnection()}, µs */
    long maxUs() {
        return maxUs;
    }

    /** @return true when a borrow threw */
    boolean failed() {
        return failed;
    }

    /**
     * Ends the request's JDBC trace and writes its row; does nothing when not traced.
     *
     * @param log the trace log, or null
     * @param startEpochMs when the request began, ms since the epoch
     * @param screen the screen or query class
     * @param user user id, 0 when none
     * @param status HTTP status sent
     * @param error error class or empty
     */
    void end(CsvLog<TraceLog.Entry> log, long startEpochMs, String screen, long user, int status, String error) {
        if (jdbc == null) {
            return;
        }
        JdbcTrace.Result r = jdbc.end();
        if (log != null) {
            log.add(new TraceLog.Entry(startEpochMs, screen, user, status, error, r.connections(), r.idleBeforeMs(),
                    r.validated(), r.borrowCalls(), r.workCalls(), r.returnCalls(), r.failedCall(), r.message()));
        }
    }
}
