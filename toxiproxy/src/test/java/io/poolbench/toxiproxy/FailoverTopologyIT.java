package io.poolbench.toxiproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.db.Queries;
import io.poolbench.testbed.load.WriteOutcome;
import io.poolbench.toxiproxy.DrillCluster.Instance;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The mechanics the drills rely on, at tiny scale: replication, promotion, the endpoint flip, reconciliation. */
@ExtendWith(RequiresDocker.class)
class FailoverTopologyIT {
    FailoverTopology t;

    @BeforeEach
    void start() throws Exception {
        t = FailoverTopology.start(null, null);
        DataSet.ofOrders(500).ensureLoaded(t.directA());
        t.installWriterCheck();
        t.awaitReplicaCaughtUp(30);
    }

    @AfterEach
    void stop() {
        t.close();
    }

    Connection app() throws SQLException {
        return DriverManager.getConnection(t.writerJdbcUrl(), t.user(), t.password());
    }

    static long scalar(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void replicationCopiesTheDataSetToTheReplica() throws Exception {
        assertTrue(t.replicationRunning());
        try (Connection b = t.rootConnection(Instance.B)) {
            assertEquals(500, scalar(b, "SELECT COUNT(*) FROM poolbench.orders"));
            // the writer check replicated, and on the read-only replica it refuses like a read-only writer would
            SQLException e = assertThrows(SQLException.class, () -> scalar(b, "SELECT concheck.validation()"));
            assertEquals(1290, e.getErrorCode());
        }
        assertTrue(t.isReadOnly(Instance.B));
    }

    @Test
    void plannedFailoverMakesBTheWritableWriterAndTheEndpointFlipKeepsOldConnections() throws Exception {
        try (Connection before = app()) {
            assertEquals(1, scalar(before, "SELECT @@server_id"));
            Queries.write(before, "w-before", "x");
            t.setReadOnly(Instance.A);
            SQLException ro = assertThrows(SQLException.class, () -> Queries.write(before, "w-ro", "x"));
            assertEquals(1290, ro.getErrorCode());
            SQLException check = assertThrows(SQLException.class, () -> scalar(before, "SELECT concheck.validation()"));
            assertEquals(1290, check.getErrorCode());
            t.awaitReplicaCaughtUp(30);
            t.promoteB();
            assertFalse(t.isReadOnly(Instance.B));
            assertFalse(t.replicationRunning());
            t.pointWriterEndpointAt(Instance.B);
            // a DNS flip: the old connection still talks to A ...
            assertEquals(1, scalar(before, "SELECT @@server_id"));
            try (Connection after = app()) {
                // ... new connections reach B, which is writable and has every write A acknowledged
                assertEquals(2, scalar(after, "SELECT @@server_id"));
                Queries.write(after, "w-after", "x");
                assertEquals(1, scalar(after, "SELECT concheck.validation()"));
                assertEquals(1, scalar(after, "SELECT COUNT(*) FROM write_ledger WHERE id = 'w-before'"));
            }
            // the old writer's reboot cuts its connections
            t.cutConnections(Instance.A);
            assertThrows(SQLException.class, () -> scalar(before, "SELECT 1"));
        }
    }

    @Test
    void reconciliationCountsADeliberatelyDroppedWrite() throws Exception {
        Ledger ledger = new Ledger();
        try (Connection c = app()) {
            for (int i = 1; i <= 5; i++) {
                Queries.write(c, "acked-" + i, "x");
                ledger.record("acked-" + i, WriteOutcome.ACKNOWLEDGED);
            }
            Queries.write(c, "ambiguous-1", "x");
            ledger.record("ambiguous-1", WriteOutcome.UNKNOWN);
            ledger.record("failed-1", WriteOutcome.FAILED);
        }
        t.awaitReplicaCaughtUp(30);
        try (Connection a = t.rootConnection(Instance.A); Statement s = a.createStatement()) {
            s.execute("DELETE FROM poolbench.write_ledger WHERE id = 'acked-3'");
        }
        t.awaitReplicaCaughtUp(30);
        // B itself (its own mapped port, not the writer endpoint): the ledger is reconciled against the replica
        try (Connection b = t.rootConnection(Instance.B); Statement use = b.createStatement()) {
            try (Connection a = t.rootConnection(Instance.A)) {
                assertTrue(serverId(b) != serverId(a), "a connection to B, not to A");
            }
            use.execute("USE " + t.databaseName());
            Ledger.Reconciliation r = ledger.reconcile(b);
            assertEquals(5, r.acknowledged());
            assertEquals(1, r.lost());
            assertEquals(List.of("acked-3"), r.lostSample());
            assertEquals(1, r.unacknowledgedPresent());
            assertEquals(1, r.unknownCommitted());
            assertEquals(0, r.failedPresent());
            assertEquals(0, r.duplicates());
        }
    }

    /** @return {@code @@server_id} of the connection's server (the connection stays open) */
    static long serverId(Connection c) throws Exception {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT @@server_id")) {
            r.next();
            return r.getLong(1);
        }
    }

    @Test
    void blackHoleMakesQueriesHangUntilTheSocketTimeout() throws Exception {
        try (Connection c = DriverManager.getConnection(t.writerJdbcUrl() + "&socketTimeout=1500", t.user(),
                t.password())) {
            assertEquals(1, scalar(c, "SELECT 1"));
            t.blackHole(Instance.A);
            SQLException e = assertThrows(SQLException.class, () -> scalar(c, "SELECT 1"));
            assertTrue(String.valueOf(e.getSQLState()).startsWith("08"), e.getSQLState() + " " + e.getMessage());
            t.heal(Instance.A);
        }
    }

    @Test
    void aKilledNodeIsNamed() throws Exception {
        assertEquals(null, t.gone(), "every node alive");
        long pid = t.containerPids().get("mysql-b");
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        String gone = null;
        for (int i = 0; i < 50 && gone == null; i++) {
            Thread.sleep(200);
            gone = t.gone();
        }
        assertEquals("mysql-b (pid " + pid + ") is gone", gone);
    }
}
