package io.poolbench.toxiproxy;

import io.poolbench.testbed.load.WriteOutcome;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The client's record of writes, in Jepsen's three outcomes ({@link WriteOutcome}): <em>acknowledged</em>,
 * <em>failed</em> (surely not committed) and <em>unknown</em> (it may or may not have committed).
 * {@link #reconcile(Connection)} resolves them against what the new writer holds: an acknowledged write missing
 * there is lost, an unknown one present there committed, a failed one present there an anomaly.
 */
public final class Ledger {
    private final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    private final Set<String> failed = ConcurrentHashMap.newKeySet();
    private final Set<String> unknown = ConcurrentHashMap.newKeySet();

    /**
     * Records one write.
     *
     * @param id the write's id
     * @param outcome what the client knows of it ({@link WriteOutcome})
     */
    public void record(String id, WriteOutcome outcome) {
        (switch (outcome) {
            case ACKNOWLEDGED -> acknowledged;
            case FAILED -> failed;
            case UNKNOWN -> unknown;
        }).add(id);
    }

    /** @return number of acknowledged writes */
    public int acknowledgedCount() {
        return acknowledged.size();
    }

    /**
     * Result of a reconciliation.
     *
     * @param acknowledged writes the client saw acknowledged
     * @param lost acknowledged writes missing on the server (a durability failure)
     * @param unacknowledgedPresent writes not acknowledged that are on the server ({@code failedPresent +
     *     unknownCommitted})
     * @param duplicates ids present more than once on the server
     * @param lostSample up to 10 lost ids
     * @param failed writes that surely failed: not sent, or refused by the server
     * @param failedPresent of those, present on the server (should be 0)
     * @param unknown writes of unknown outcome: sent and not acknowledged
     * @param unknownCommitted of those, present on the server: committed although the client never learned it
     */
    public record Reconciliation(int acknowledged, int lost, int unacknowledgedPresent, int duplicates,
            List<String> lostSample, int failed, int failedPresent, int unknown, int unknownCommitted) {
    }

    /**
     * Compares the ledger with the {@code write_ledger} table of a server (the new writer after a failover).
     *
     * @param c connection to the server
     * @return the counts
     * @throws SQLException when the server does not answer
     */
    public Reconciliation reconcile(Connection c) throws SQLException {
        Set<String> present = new HashSet<>();
        int dups = 0;
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT id FROM write_ledger")) {
                while (rs.next()) {
                    present.add(rs.getString(1));
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM (SELECT id FROM write_ledger GROUP BY id"
                    + " HAVING COUNT(*) > 1) d")) {
                rs.next();
                dups = rs.getInt(1);
            }
        }
        return reconcile(present, dups);
    }

    /**
     * Compares the ledger with the ids a server holds (a pure function).
     *
     * @param present ids in the server's {@code write_ledger}
     * @param duplicates ids present more than once there
     * @return the counts; the lost sample in no particular order
     */
    public Reconciliation reconcile(Set<String> present, int duplicates) {
        List<String> lost = new ArrayList<>();
        int lostCount = 0;
        for (String id : acknowledged) {
            if (!present.contains(id)) {
                lostCount++;
                if (lost.size() < 10) {
                    lost.add(id);
                }
            }
        }
        int failedPresent = countPresent(failed, present);
        int unknownCommitted = countPresent(unknown, present);
        return new Reconciliation(acknowledged.size(), lostCount, failedPresent + unknownCommitted, duplicates, lost,
                failed.size(), failedPresent, unknown.size(), unknownCommitted);
    }

    private static int countPresent(Set<String> ids, Set<String> present) {
        int n = 0;
        for (String id : ids) {
            if (present.contains(id)) {
                n++;
            }
        }
        return n;
    }
}
