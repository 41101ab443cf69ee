package io.poolbench.testbed.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/**
 * How the webapp classes a failed request, once for all its servlets: a read-only server's refusal (an old writer
 * after a failover), a connection that broke under a query, any other query error, and a pool's borrow timeout
 * against a database that refused the connection.
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

    @Test
    void everyServletGetsTheSameClassForTheSameException() {
        SQLException refused = new SQLException("read-only", "HY000", 1290);
        SQLException lost = new SQLException("Communications link failure", "08S01", 0);
        SQLException other = new SQLException("duplicate key", "23000", 1062);
        SQLException timeout = new SQLTransientConnectionException("pool - Connection is not available");
        assertEquals(PoolErrors.READ_ONLY, PoolErrors.classify(refused, false));
        assertEquals(PoolErrors.CONNECTION_LOST, PoolErrors.classify(lost, false));
        assertEquals(PoolErrors.SQL, PoolErrors.classify(other, false));
        // a refusal wins over a broken connection chained after it: the write surely did not commit
        refused.setNextException(new SQLException("Communications link failure", "08S01", 0));
        assertEquals(PoolErrors.READ_ONLY, PoolErrors.classify(refused, false));
        // from getConnection() only the borrow's two classes
        assertEquals(PoolErrors.POOL_TIMEOUT, PoolErrors.classify(timeout, true));
        assertEquals(PoolErrors.CONNECT_FAILED, PoolErrors.classify(lost, true));
        // R2DBC's exceptions carry the same code and state
        assertEquals(PoolErrors.READ_ONLY, PoolErrors.classifyStatement(1836, "HY000"));
        assertEquals(PoolErrors.CONNECTION_LOST, PoolErrors.classifyStatement(0, "08006"));
        assertEquals(PoolErrors.SQL, PoolErrors.classifyStatement(1062, "23000"));
        assertEquals(PoolErrors.SQL, PoolErrors.classifyStatement(0, null));
    }
}
