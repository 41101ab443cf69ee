package io.poolbench.testbed;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.NoSuchElementException;

/** Classifies the exceptions a pool throws from {@code getConnection()}. */
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
}
