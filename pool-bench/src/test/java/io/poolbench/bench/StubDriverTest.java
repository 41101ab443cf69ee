package io.poolbench.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.stub.Delay;
import io.poolbench.testbed.stub.StubConnection;
import io.poolbench.testbed.stub.StubDelays;
import io.poolbench.testbed.stub.StubDriver;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

class StubDriverTest {
    @Test
    void delaysAreParsedFromTheUrl() {
        StubDelays d = StubDelays.parse("jdbc:stub:x?connectUs=2000&validUs=500&executeUs=3");
        assertEquals(2000, d.connectUs());
        assertEquals(500, d.validUs());
        assertEquals(3, d.executeUs());
        assertEquals(0, d.commitUs());
        assertEquals(StubDelays.NONE, StubDelays.parse("jdbc:stub:x"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StubDelays.parse("jdbc:stub:x?validMs=5"));
        assertTrue(e.getMessage().contains("validMs"));
        assertThrows(IllegalArgumentException.class, () -> StubDelays.parse("jdbc:stub:x?validUs=-1"));
    }

    @Test
    void roundTripsAreCountedPerOperation() throws Exception {
        StubDriver.register();
        try (Connection c = DriverManager.getConnection("jdbc:stub:t", "u", "")) {
            assertTrue(c.isValid(1));
            c.setAutoCommit(false);
            try (PreparedStatement p = c.prepareStatement("SELECT id FROM orders"); ResultSet rs = p.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(1, rs.getInt(1));
            }
            c.commit();
            c.rollback();
            // validate, execute, commit, rollback, setAutoCommit
            assertArrayEquals(new long[] {1, 1, 1, 1, 1}, c.unwrap(StubConnection.class).roundTrips());
        }
    }

    @Test
    void validationStatementsCountAsValidation() throws Exception {
        StubDriver.register();
        try (Connection c = DriverManager.getConnection("jdbc:stub:t");
             Statement s = c.createStatement()) {
            s.execute("select concheck.validation()");
            s.execute("SELECT 1");
            s.executeQuery("SELECT id FROM orders");
            long[] r = c.unwrap(StubConnection.class).roundTrips();
            assertEquals(2L, r[0]);
            assertEquals(1L, r[1]);
        }
    }

    @Test
    void delaysAreAppliedAtLeastForTheirLength() throws Exception {
        // a lower bound only (the wait cannot end early); how much longer it takes is not checked
        StubDriver.register();
        try (Connection c = DriverManager.getConnection("jdbc:stub:t?validUs=2000")) {
            long t0 = System.nanoTime();
            c.isValid(1);
            assertTrue(System.nanoTime() - t0 >= 2_000_000L);
        }
    }

    @Test
    void closedConnectionsAreInvalid() throws Exception {
        StubDriver.register();
        Connection c = DriverManager.getConnection("jdbc:stub:t");
        c.close();
        assertTrue(c.isClosed());
        assertEquals(false, c.isValid(1));
    }

    @Test
    void parkWaitsAtLeastItsLength() {
        // a lower bound only, as above
        long t0 = System.nanoTime();
        Delay.park(2_000);
        assertTrue(System.nanoTime() - t0 >= 2_000_000L);
        Delay.park(0);
    }
}
