package io.poolbench.testbed;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.NoSuchElementException;

/** Classifies the exceptions a pool throws from {@code getConnection()}, and a read-only server's refusal. */
public final class PoolErrors {
    private PoolErrors() {
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
            if (x.getErrorCode() == 1290 || x.getErrorCode() == 1836 || "25006".equals(x.getSQLState())) {
                return true;
            }
        }
        return false;
    }
}
