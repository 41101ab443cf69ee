package io.poolbench.testbed.run;

import java.util.Map;

/**
 * One phase as written to the manifest.
 *
 * @param id unique id within the run, e.g. {@code load:hikari}
 * @param description what the phase does
 * @param status {@link Status#label()}
 * @param reason why it failed, was interrupted or skipped; null when ok
 * @param note a short outcome line when ok (e.g. sample counts), may be null
 * @param startedAt ISO-8601 instant, null when it never started
 * @param endedAt ISO-8601 instant, null while running or never started
 * @param lines data file (relative to the run directory) → its lines when the phase ended ok; null when the phase
 *     recorded none
 * @param sha256 the same files → the SHA-256 of their content then (hex), so that a file rewritten with as many
 *     lines is told apart too; null when the phase recorded none
 */
public record PhaseEntry(String id, String description, String status, String reason, String note,
        String startedAt, String endedAt, Map<String, Long> lines, Map<String, String> sha256) {
    /** @return true when the phase ended with its data */
    public boolean ok() {
        return Status.OK.label().equals(status);
    }
}
