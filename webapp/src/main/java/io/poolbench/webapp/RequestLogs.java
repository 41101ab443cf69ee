package io.poolbench.webapp;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.load.CsvLog;
import io.poolbench.testbed.load.ScreenLog;
import io.poolbench.testbed.load.TraceLog;
import io.poolbench.testbed.load.WriteOutcome;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The webapp's own records of its requests, each optional: the {@link ScreenLog} ({@code --screen-log}: time in
 * {@code getConnection()}, status, elapsed) and the {@link TraceLog} ({@code --trace-jdbc}: the JDBC calls beneath
 * the pool). The servlets write to both; the server flushes and closes them.
 *
 * @param screens the screen log, or null
 * @param traces the JDBC trace, or null (then no request is traced)
 */
record RequestLogs(CsvLog<ScreenLog.Entry> screens, CsvLog<TraceLog.Entry> traces) {
    /** No records. */
    static final RequestLogs NONE = new RequestLogs(null, null);

    /**
     * @param screenLog CSV for the screen log, or null
     * @param traceLog CSV for the JDBC trace, or null
     * @return the open logs
     * @throws TestbedException one line naming the file and the option when one cannot be created
     */
    static RequestLogs open(Path screenLog, Path traceLog) {
        CsvLog<ScreenLog.Entry> screens = null;
        try {
            screens = screenLog == null ? null : ScreenLog.create(screenLog);
            return new RequestLogs(screens, traceLog == null ? null : TraceLog.create(traceLog));
        } catch (IOException e) {
            new RequestLogs(screens, null).close();
            boolean trace = screens != null || screenLog == null;
            throw new TestbedException("cannot create the " + (trace ? "JDBC trace " + traceLog : "screen log "
                    + screenLog) + ": " + e.getMessage() + "; choose a writable " + (trace ? "--trace-jdbc"
                    : "--screen-log"), e);
        }
    }

    /** @return a request's borrows, traced beneath the pool when there is a JDBC trace */
    Borrows borrows() {
        return new Borrows(traces != null);
    }

    /**
     * Records one finished request: its row in the screen log and, when traced, its row in the JDBC trace.
     *
     * @param b the request's borrows
     * @param startEpochMs when the request began, ms since the epoch
     * @param label the screen or query class
     * @param user user id, 0 when none
     * @param status HTTP status sent
     * @param error error class, empty when none
     * @param elapsedUs the request's time, µs
     * @param writeId the row a write inserted, or null
     * @param writeOutcome with a write, what is known of it; null without a write
     */
    void record(Borrows b, long startEpochMs, String label, long user, int status, String error, long elapsedUs,
            String writeId, WriteOutcome writeOutcome) {
        if (screens != null) {
            screens.add(new ScreenLog.Entry(startEpochMs, label, user, status, error, b.count(), b.waitUs(), b.maxUs(),
                    elapsedUs, writeId, writeOutcome));
        }
        b.end(traces, startEpochMs, label, user, status, error);
    }

    /** Writes both logs' buffered rows to their files. */
    void flush() {
        if (screens != null) {
            screens.flush();
        }
        if (traces != null) {
            traces.flush();
        }
    }

    /** Closes both; what was written stays (a reader skips a truncated last row). */
    void close() {
        for (AutoCloseable log : new AutoCloseable[] {traces, screens}) {
            if (log != null) {
                try {
                    log.close();
                } catch (Exception ignored) {
                    // best effort on the way out
                }
            }
        }
    }
}
