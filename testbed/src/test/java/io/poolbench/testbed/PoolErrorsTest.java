package io.poolbench.testbed;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/**
 * How the webapp classes a failed request: a read-only server's refusal (an old writer after a failover, the
 * {@code read-only} class of seed 004's log) against any other query error, and a pool's borrow timeout against a
 * database that refused the connection.
 */
class PoolErrorsTest {
    @Test
    void aReadOnlyServersRefusalIsToldApartFromOtherQueryErrors() {
        // MySQL/MariaDB: "The MySQL server is running with the --read-only option so it cannot execute this statement"
        assertTrue(PoolErrors.isReadOnlyRefusal(new SQLException("read-only", "HY000", 1290)));
        assertTrue(PoolErrors.isReadOnlyRefusal(new SQLException("read-only mode", "HY000", 1836)));
        // PostgreSQL: cannot execute INSERT in a read-only transaction
        assertTrue(PoolErrors.isReadOnlyRefusal(new SQLException("read-only transaction", "25006", 0)));
        SQLException chained = new SQLException("batch failed", "HY000", 0);
        chained.setNextException(new SQLException("read-only", "HY000", 1290));
        assertTrue(PoolErrors.isReadOnlyRefusal(chained));
        assertFalse(PoolErrors.isReadOnlyRefusal(new SQLException("Communications link failure", "08S01", 0)));
        assertFalse(PoolErrors.isReadOnlyRefusal(new SQLException("duplicate key", "23000", 1062)));
    }

    @Test
    void aBorrowTimeoutIsToldApartFromARefusedConnection() {
        assertTrue(PoolErrors.isBorrowTimeout(new SQLTransientConnectionException("pool - Connection is not"
                + " available, request timed out after 10000ms")));
        assertFalse(PoolErrors.isBorrowTimeout(new SQLTransientConnectionException("pool - not available",
                "08S01", new SQLException("Communications link failure", "08S01"))));
        assertTrue(PoolErrors.isBorrowTimeout(new SQLException("Cannot get a connection, pool error Timeout"
                + " waiting for idle object", new NoSuchElementException("Timeout waiting for idle object"))));
        assertFalse(PoolErrors.isBorrowTimeout(new SQLException("Access denied", "28000", 1045)));
    }
}
