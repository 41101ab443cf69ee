package io.poolbench.testbed;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * The webapp's own record of every {@code /screen} request (seed 004), one CSV row per request, written as the
 * request ends: what the client cannot see, how long the request waited in {@code getConnection()} and how often
 * it borrowed. The scenario joins it with JMeter's samples by time, never by assumption.
 */
public final class ScreenLog implements AutoCloseable {
    /** CSV header, in column order. */
    public static final String[] HEADER = {"startEpochMs", "screen", "user", "status", "error", "borrows",
        "borrowWaitUs", "borrowMaxUs", "elapsedUs", "writeId"};

    /**
     * One request.
     *
     * @param startEpochMs when the servlet began, ms since the epoch
     * @param screen short, medium or long
     * @param user user id (JMeter thread)
     * @param status HTTP status sent
     * @param error error class ({@code pool-timeout}, {@code connect-failed}, {@code sql}) or empty
     * @param borrows {@code getConnection()} calls made
     * @param borrowWaitUs total time in {@code getConnection()}, µs
     * @param borrowMaxUs longest single {@code getConnection()}, µs
     * @param elapsedUs time in the servlet, µs
     * @param writeId id of the write the request committed (acknowledged when status is 200), or empty
     */
    public record Entry(long startEpochMs, String screen, long user, int status, String error, int borrows,
            long borrowWaitUs, long borrowMaxUs, long elapsedUs, String writeId) {
    }

    private final CSVPrinter out;

    private ScreenLog(CSVPrinter out) {
        this.out = out;
    }

    /**
     * @param file the CSV to create (replaced if it exists)
     * @return an open log
     * @throws IOException when the file cannot be created
     */
    public static ScreenLog create(Path file) throws IOException {
        BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        return new ScreenLog(CSVFormat.DEFAULT.builder().setHeader(HEADER).build().print(w));
    }

    /**
     * Appends one request; thread-safe.
     *
     * @param e the request
     */
    public synchronized void add(Entry e) {
        try {
            out.printRecord(e.startEpochMs(), e.screen(), e.user(), e.status(), e.error(), e.borrows(),
                    e.borrowWaitUs(), e.borrowMaxUs(), e.elapsedUs(), e.writeId() == null ? "" : e.writeId());
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** Writes buffered rows to the file. */
    public synchronized void flush() {
        try {
            out.flush();
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        out.close(true);
    }

    /**
     * @param file a log written by {@link #create}
     * @return its rows in file order (a truncated last line from a killed webapp is skipped)
     * @throws IOException when the file cannot be read
     * @throws TestbedException naming the file and line for a malformed row
     */
    public static List<Entry> read(Path file) throws IOException {
        List<Entry> list = new ArrayList<>();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (CSVRecord c : CSVFormat.DEFAULT.builder().setHeader(HEADER).setSkipHeaderRecord(true).build()
                    .parse(r)) {
                if (!c.isConsistent()) {
                    continue;
                }
                try {
                    list.add(new Entry(Long.parseLong(c.get(0)), c.get(1), Long.parseLong(c.get(2)),
                            Integer.parseInt(c.get(3)), c.get(4), Integer.parseInt(c.get(5)),
                            Long.parseLong(c.get(6)), Long.parseLong(c.get(7)), Long.parseLong(c.get(8)), c.get(9)));
                } catch (NumberFormatException e) {
                    throw new TestbedException(file + " line " + c.getRecordNumber() + " is not a screen log row: "
                            + e.getMessage(), e);
                }
            }
        }
        return list;
    }
}
