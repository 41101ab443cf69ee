package io.poolbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.bench.stub.StubDelays;
import io.poolbench.bench.stub.StubDriver;
import io.poolbench.bench.stub.StubStats;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
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
        StubStats.reset();
        try (Connection c = DriverManager.getConnection("jdbc:stub:t", "u", "")) {
            assertTrue(c.isValid(1));
            c.setAutoCommit(false);
            try (PreparedStatement p = c.prepareStatement("SELECT 1"); ResultSet rs = p.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(1, rs.getInt(1));
            }
            c.commit();
            c.rollback();
        }
        assertEquals(1L, StubStats.snapshot().get("connect"));
        assertEquals(1L, StubStats.snapshot().get("validate"));
        assertEquals(1L, StubStats.snapshot().get("execute"));
        assertEquals(1L, StubStats.snapshot().get("commit"));
        assertEquals(1L, StubStats.snapshot().get("rollback"));
        assertEquals(1L, StubStats.snapshot().get("setAutoCommit"));
    }

    @Test
    void closedConnectionsAreInvalid() throws Exception {
        StubDriver.register();
        Connection c = DriverManager.getConnection("jdbc:stub:t");
        c.close();
        assertTrue(c.isClosed());
        assertEquals(false, c.isValid(1));
    }
}
