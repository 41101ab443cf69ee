package io.poolbench.testbed.load;

import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The webapp's own record of every {@code /screen} request (the Aurora scenario), one CSV row per request, written as the
 * request ends: what the client cannot see, how long the request waited in {@code getConnection()} and how often
 * it borrowed. The scenario joins it with JMeter's samples by time, never by assumption.
 */
public final class ScreenLog {
    /** CSV header, in column order. */
    public static final String[] HEADER = {"startEpochMs", "screen", "user", "status", "error", "borrows",
        "borrowWaitUs", "borrowMaxUs", "elapsedUs", "writeId", "writeOutcome"};

    /**
     * One request.
     *
     * @param startEpochMs when the servlet began, ms since the epoch
     * @param screen short, medium or long
     * @param user user id (JMeter thread)
     * @param status HTTP status sent
     * @param error error class ({@link PoolErrors#classify}: {@code pool-timeout}, {@code connect-failed},
     *     {@code read-only}, {@code connection-lost}, {@code sql}) or empty
     * @param borrows {@code getConnection()} calls made
     * @param borrowWaitUs total time in {@code getConnection()}, µs
     * @param borrowMaxUs longest single {@code getConnection()}, µs
     * @param elapsedUs time in the servlet, µs
     * @param writeId id of the write the request committed (acknowledged when status is 200), or empty
     * @param writeOutcome for a request with a write, what the webapp knows of it: acknowledged, failed (surely not
     *     committed) or unknown; null without a write
     */
    public record Entry(long startEpochMs, String screen, long user, int status, String error, int borrows,
            long borrowWaitUs, long borrowMaxUs, long elapsedUs, String writeId, WriteOutcome writeOutcome) {

        /** A row without a write, or whose write's outcome is not recorded ({@code writeOutcome} null). */
        public Entry(long startEpochMs, String screen, long user, int status, String error, int borrows,
                long borrowWaitUs, long borrowMaxUs, long elapsedUs, String writeId) {
            this(startEpochMs, screen, user, status, error, borrows, borrowWaitUs, borrowMaxUs, elapsedUs, writeId,
                    null);
        }
    }

    private ScreenLog() {
    }

    /**
     * @param file the CSV to create (replaced if it exists)
     * @return an open log (thread-safe appends)
     * @throws IOException when the file cannot be created
     */
    public static CsvLog<Entry> create(Path file) throws IOException {
        return CsvLog.create(file, HEADER, e -> List.of(e.startEpochMs(), e.screen(), e.user(),
                e.status(), e.error(), e.borrows(), e.borrowWaitUs(), e.borrowMaxUs(), e.elapsedUs(),
                e.writeId() == null ? "" : e.writeId(), e.writeOutcome() == null ? "" : e.writeOutcome().label()));
    }

    /**
     * @param file a log written by {@link #create}
     * @return its rows in file order (a truncated last line from a killed webapp is skipped)
     * @throws IOException when the file cannot be read
     * @throws TestbedException naming the file and line for a malformed row
     */
    public static List<Entry> read(Path file) throws IOException {
        return CsvLog.read(file, HEADER, c -> new Entry(Long.parseLong(c.get(0)), c.get(1), Long.parseLong(c.get(2)),
                Integer.parseInt(c.get(3)), c.get(4), Integer.parseInt(c.get(5)), Long.parseLong(c.get(6)),
                Long.parseLong(c.get(7)), Long.parseLong(c.get(8)), c.get(9),
                WriteOutcome.parse(c.get(10))), "a screen log row");
    }
}
