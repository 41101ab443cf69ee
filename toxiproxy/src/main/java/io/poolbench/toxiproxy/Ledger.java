package io.poolbench.toxiproxy;

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
 * The client's record of writes: ids whose write was acknowledged (HTTP 200 after commit) and ids whose write
 * failed or got no answer. {@link #reconcile(Connection)} compares it with what the new writer holds.
 */
public final class Ledger {
    private final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    private final Set<String> unacknowledged = ConcurrentHashMap.newKeySet();

    /** @param id a write the server acknowledged */
    public void acknowledged(String id) {
        acknowledged.add(id);
    }

    /** @param id a write that failed or got no answer (it may or may not have committed) */
    public void unacknowledged(String id) {
        unacknowledged.add(id);
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
     * @param unacknowledgedPresent writes the client saw fail but that are on the server (ambiguous commits)
     * @param duplicates ids present more than once on the server
     * @param lostSample up to 10 lost ids
     */
    public record Reconciliation(int acknowledged, int lost, int unacknowledgedPresent, int duplicates,
            List<String> lostSample) {
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
        int ambiguous = 0;
        for (String id : unacknowledged) {
            if (present.contains(id)) {
                ambiguous++;
            }
        }
        return new Reconciliation(acknowledged.size(), lostCount, ambiguous, duplicates, lost);
    }
}
