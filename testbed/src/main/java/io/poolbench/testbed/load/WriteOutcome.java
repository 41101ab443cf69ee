package io.poolbench.testbed.load;

import io.poolbench.testbed.Labels;
import java.sql.SQLException;

/**
 * What the client knows of one write, in Jepsen's three outcomes: acknowledged (committed, and the client was told),
 * failed (surely not committed: the request failed before the write was sent, or the server refused it for good)
 * and unknown (the write was sent and no answer came, or an error that leaves its commit open: it may have
 * committed). A ledger resolves the unknown ones against the new writer after a failover.
 */
public enum WriteOutcome {
    /** Committed and acknowledged. */
    ACKNOWLEDGED,
    /** Surely not committed. */
    FAILED,
    /** May or may not have committed. */
    UNKNOWN;

    /** @return lower-case name, as in {@code screens.csv} */
    public String label() {
        return Labels.of(this);
    }

    /**
     * @param s a label, or empty for a request without a write
     * @return the outcome, or null for empty
     * @throws IllegalArgumentException for another value
     */
    public static WriteOutcome parse(String s) {
        return s == null || s.isEmpty() ? null : Labels.parse(WriteOutcome.class, s).orElseThrow(
                () -> new IllegalArgumentException("write outcome " + s + " is unknown: use acknowledged, failed or"
                        + " unknown"));
    }

    /**
     * The outcome of a write whose request failed.
     *
     * @param sent whether the write statement had been sent to the database
     * @param e the error the request failed with
     * @return {@link #FAILED} when it was not sent or the server refused it as read-only (MySQL 1290 or 1836, SQLSTATE
     *     25006: a definite refusal), else {@link #UNKNOWN}
     */
    public static WriteOutcome ofFailure(boolean sent, SQLException e) {
        return !sent || PoolErrors.isReadOnlyRefusal(e) ? FAILED : UNKNOWN;
    }
}
