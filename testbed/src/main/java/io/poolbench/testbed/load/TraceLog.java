package io.poolbench.testbed.load;

import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The webapp's JDBC trace ({@code --trace-jdbc}), one CSV row per request: beneath the pool, which physical
 * connection the request ran on, how long that connection had been left unused before, every JDBC call the pool
 * made on it while lending it ({@code borrowCalls}: a validation shows here as {@code Connection.isValid} or the
 * test query) and taking it back ({@code returnCalls}), the servlet's own calls, and the call that failed. What the
 * pool does is seen from below it, by a driver that wraps the real one with datasource-proxy: no pool's log is
 * needed, and every pool is read the same way.
 */
public final class TraceLog {
    /** CSV header, in column order. */
    public static final String[] HEADER = {"startEpochMs", "screen", "user", "status", "error", "connections",
        "idleBeforeMs", "validated", "borrowCalls", "workCalls", "returnCalls", "failedCall", "message"};

    /**
     * One request.
     *
     * @param startEpochMs when the servlet began, ms since the epoch (the same as its {@link ScreenLog} row)
     * @param screen short, medium or long (or the query class)
     * @param user user id (JMeter thread), 0 when none
     * @param status HTTP status sent
     * @param error error class ({@code pool-timeout}, {@code connect-failed}, {@code sql}) or empty
     * @param connections the physical connections the request touched, trace ids in order ({@code 7} or
     *     {@code 7 12}: a pool that finds a connection dead while lending it tries another), empty when it got none
     * @param idleBeforeMs how long the last of them (the one the request ran on) had been left without any JDBC call
     *     before this request touched it, ms; -1 when the request opened it or got none
     * @param validated true when the pool checked that connection inside {@code getConnection()}
     *     ({@code Connection.isValid} or a query on it)
     * @param borrowCalls JDBC calls inside {@code getConnection()}, e.g. {@code Connection.isValid
     *     Connection.setNetworkTimeout×2}; {@code connect} for a connection opened there
     * @param workCalls calls the servlet made between borrow and return
     * @param returnCalls calls inside {@code Connection.close()} (the pool's reset: rollback, autocommit)
     * @param failedCall the last call that threw, the one the request failed on, {@code <phase>:<call>} (e.g.
     *     {@code work:PreparedStatement.executeQuery}), or empty
     * @param message its exception message, one line, passwords removed; or empty
     */
    public record Entry(long startEpochMs, String screen, long user, int status, String error, String connections,
            long idleBeforeMs, boolean validated, String borrowCalls, String workCalls, String returnCalls,
            String failedCall, String message) {
        /** @return the JDBC calls the pool made on the connection while lending it and taking it back */
        public long poolCalls() {
            return count(borrowCalls) + count(returnCalls);
        }
    }

    /**
     * @param calls a call list as the trace writes it, e.g. {@code Connection.isValid Connection.setNetworkTimeout×2}
     * @return how many calls it names (3 in the example)
     */
    public static long count(String calls) {
        long n = 0;
        for (String c : calls.trim().split("\\s+")) {
            if (!c.isEmpty()) {
                int x = c.indexOf('×');
                n += x < 0 ? 1 : Long.parseLong(c.substring(x + 1));
            }
        }
        return n;
    }

    private TraceLog() {
    }

    /**
     * @param file the CSV to create (replaced if it exists)
     * @return an open log (thread-safe appends)
     * @throws IOException when the file cannot be created
     */
    public static CsvLog<Entry> create(Path file) throws IOException {
        return CsvLog.create(file, HEADER, e -> List.of(e.startEpochMs(), e.screen(), e.user(),
                e.status(), e.error(), e.connections(), e.idleBeforeMs(), e.validated(), e.borrowCalls(),
                e.workCalls(), e.returnCalls(), e.failedCall(), e.message()));
    }

    /**
     * @param file a log written by {@link #create}
     * @return its rows in file order (a truncated last line from a killed webapp is skipped)
     * @throws IOException when the file cannot be read
     * @throws TestbedException naming the file and line for a malformed row
     */
    public static List<Entry> read(Path file) throws IOException {
        return CsvLog.read(file, HEADER, c -> new Entry(Long.parseLong(c.get(0)), c.get(1), Long.parseLong(c.get(2)),
                Integer.parseInt(c.get(3)), c.get(4), c.get(5), Long.parseLong(c.get(6)), Boolean.parseBoolean(c.get(7)),
                c.get(8), c.get(9), c.get(10), c.get(11), c.get(12)), "a JDBC trace row");
    }
}
