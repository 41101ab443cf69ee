package io.poolbench.testbed.load;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.NoSuchElementException;

/**
 * Classifies a failed request's exception, once for every servlet of the webapp: the classes the webapp answers in
 * its JSON {@code error} field and writes into its request logs, which the drills and the Aurora scenario count.
 */
public final class PoolErrors {
    /** No connection became free within the pool's own timeout (connectionTimeout, maxWaitMillis, ...). */
    public static final String POOL_TIMEOUT = "pool-timeout";
    /** The pool could not lend a connection because the database refused or could not be reached. */
    public static final String CONNECT_FAILED = "connect-failed";
    /**
     * A read-only server refused a statement ({@link #isReadOnlyRefusal}): after a failover the connection still
     * led to the old writer. Older request logs class it {@code sql}.
     */
    public static final String READ_ONLY = "read-only";
    /**
     * A borrowed connection broke during a statement (SQLSTATE class 08, e.g. Connector/J's 08S01 "Communications
     * link failure"): the server went away under it. Older request logs class it {@code sql}.
     */
    public static final String CONNECTION_LOST = "connection-lost";
    /** Any other error of a statement. */
    public static final String SQL = "sql";

    private PoolErrors() {
    }

    /**
     * The class of a failed request.
     *
     * @param e the exception that ended it
     * @param duringBorrow whether it came from {@code DataSource.getConnection()} rather than from a statement
     * @return {@link #POOL_TIMEOUT} or {@link #CONNECT_FAILED} for a borrow; {@link #READ_ONLY},
     *     {@link #CONNECTION_LOST} or {@link #SQL} for a statement
     */
    public static String classify(SQLException e, boolean duringBorrow) {
        if (duringBorrow) {
            return isBorrowTimeout(e) ? POOL_TIMEOUT : CONNECT_FAILED;
        }
        if (isReadOnlyRefusal(e)) {
            return READ_ONLY;
        }
        for (SQLException x = e; x != null; x = x.getNextException()) {
            if (isConnectionLost(x.getSQLState())) {
                return CONNECTION_LOST;
            }
        }
        return SQL;
    }

    /**
     * The class of a statement's error from its vendor code and SQLSTATE alone, for drivers without
     * {@link SQLException} (R2DBC).
     *
     * @param errorCode the vendor error code (MySQL's), 0 when none
     * @param sqlState the SQLSTATE, or null
     * @return {@link #READ_ONLY}, {@link #CONNECTION_LOST} or {@link #SQL}
     */
    public static String classifyStatement(int errorCode, String sqlState) {
        return isReadOnlyRefusal(errorCode, sqlState) ? READ_ONLY : isConnectionLost(sqlState) ? CONNECTION_LOST
                : SQL;
    }

    /**
     * Whether a borrow failed because no connection became free in time (HikariCP: connectionTimeout; DBCP2:
     * maxWaitMillis), as opposed to the database refusing a new connection.
     *
     * @param e exception from {@code DataSource.getConnection()}
     * @return true for a pool timeout: HikariCP's {@link SQLTransientConnectionException} without a database cause,
     *     or DBCP2's SQLException caused by commons-pool's {@link NoSuchElementException}
     */
    public static boolean isBorrowTimeout(SQLException e) {
        if (e instanceof SQLTransientConnectionException) {
            // HikariCP sets the last connection failure as the cause when the database is unreachable
            return !(e.getCause() instanceof SQLException) && e.getNextException() == null;
        }
        for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
            if (t instanceof NoSuchElementException) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the server refused a statement because it is read-only: MySQL error 1290 (ER_OPTION_PREVENTS_STATEMENT,
     * "running with the --read-only option") or 1836 (ER_READ_ONLY_MODE), or SQLSTATE 25006 (read-only SQL
     * transaction), on the exception or one chained to it. After a failover such a connection still talks to the
     * old writer.
     *
     * @param e an exception from a statement
     * @return true for a read-only refusal
     */
    public static boolean isReadOnlyRefusal(SQLException e) {
        for (SQLException x = e; x != null; x = x.getNextException()) {
            if (isReadOnlyRefusal(x.getErrorCode(), x.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    private static boolean isReadOnlyRefusal(int errorCode, String sqlState) {
        return errorCode == 1290 || errorCode == 1836 || "25006".equals(sqlState);
    }

    /** SQLSTATE class 08, connection exception (SQL:2016 / JDBC). */
    private static boolean isConnectionLost(String sqlState) {
        return sqlState != null && sqlState.startsWith("08");
    }
}
