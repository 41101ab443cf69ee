package io.poolbench.testbed.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DatabaseWatchTest {
    @Test
    void theAddressIsTheUrlsFirstHostWithTheDriversDefaultPort() {
        assertEquals(InetSocketAddress.createUnresolved("db.example", 3307),
                DatabaseWatch.address("jdbc:mysql://db.example:3307/app?user=x"));
        assertEquals(InetSocketAddress.createUnresolved("localhost", 5432),
                DatabaseWatch.address("jdbc:postgresql://localhost/postgres"));
        assertEquals(InetSocketAddress.createUnresolved("w", 3306),
                DatabaseWatch.address("jdbc:mysql:replication://w,r/app"));
        assertEquals(InetSocketAddress.createUnresolved("a", 3306),
                DatabaseWatch.address("jdbc:mariadb://a/app"));
        assertNull(DatabaseWatch.address("jdbc:h2:mem:x"));
        assertNull(DatabaseWatch.address(null));
    }

    @Test
    void aServerProcessThatEndsIsGoneAtTheNextLook() throws Exception {
        Process p = new ProcessBuilder("sleep", "30").start();
        DatabaseWatch w = DatabaseWatch.of(Map.of("mysql", p.pid()), null);
        assertNull(w.get());
        p.destroyForcibly().waitFor();
        assertEquals("the database's process mysql (pid " + p.pid() + ") is gone", w.get());
    }

    @Test
    void aPortThatRefusesThreeTimesInARowIsGoneAndOneThatListensIsNot() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            DatabaseWatch open = DatabaseWatch.of(Map.of(), "jdbc:postgresql://127.0.0.1:" + s.getLocalPort() + "/x");
            for (int i = 0; i < DatabaseWatch.REFUSALS + 1; i++) {
                assertNull(open.get());
            }
            closed = s.getLocalPort();
        }
        DatabaseWatch w = DatabaseWatch.of(Map.of(), "jdbc:postgresql://127.0.0.1:" + closed + "/x");
        assertNull(w.get());
        assertNull(w.get());
        String line = w.get();
        assertTrue(line.startsWith("the database at 127.0.0.1:" + closed + " refused 3 connects in a row"), line);
    }

    @Test
    void processesThisMachineDoesNotSeeAreLeftToTheTcpCheck() {
        DatabaseWatch w = DatabaseWatch.of(Map.of("mysql", Long.MAX_VALUE), null);
        assertNull(w.get(), "a pid of a remote Docker engine is no reading");
    }
}
