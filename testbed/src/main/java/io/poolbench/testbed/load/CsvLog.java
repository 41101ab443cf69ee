package io.poolbench.testbed.load;

import io.poolbench.testbed.TestbedException;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * A CSV file of typed rows that many request threads append to (the webapp's {@link ScreenLog} and
 * {@link TraceLog}), and its reader, on Commons CSV.
 *
 * @param <E> the row's record type
 */
public final class CsvLog<E> implements AutoCloseable {
    private final CSVPrinter out;
    private final Function<E, List<?>> columns;

    private CsvLog(CSVPrinter out, Function<E, List<?>> columns) {
        this.out = out;
        this.columns = columns;
    }

    /**
     * @param file the CSV to create (replaced if it exists)
     * @param header the column names
     * @param columns a row's values in header order
     * @param <E> the row type
     * @return an open log
     * @throws IOException when the file cannot be created
     */
    public static <E> CsvLog<E> create(Path file, String[] header, Function<E, List<?>> columns) throws IOException {
        BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        return new CsvLog<>(CSVFormat.DEFAULT.builder().setHeader(header).build().print(w), columns);
    }

    /**
     * Appends one row; thread-safe.
     *
     * @param e the row
     * @throws UncheckedIOException when the file cannot be written
     */
    public synchronized void add(E e) {
        try {
            out.printRecord(columns.apply(e));
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * Writes buffered rows to the file.
     *
     * @throws UncheckedIOException when the file cannot be written
     */
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
     * Reads a log whose columns are those of {@code header}, in that order.
     *
     * @param file a log written by {@link #create}
     * @param header the column names of today's writer
     * @param row a record to a row; may throw {@link IllegalArgumentException} (e.g. {@link NumberFormatException})
     *     for a malformed value
     * @param what what a row is, for the error (e.g. {@code a screen log row})
     * @param <E> the row type
     * @return its rows in file order (a truncated last line from a killed process is skipped)
     * @throws IOException when the file cannot be read
     * @throws TestbedException naming the file and line for a malformed row, or naming the file when its header is
     *     not {@code header}
     */
    public static <E> List<E> read(Path file, String[] header, Function<CSVRecord, E> row, String what)
            throws IOException {
        List<E> list = new ArrayList<>();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            CSVParser parser = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(r);
            List<String> columns = parser.getHeaderNames();
            if (!columns.equals(List.of(header))) {
                throw new TestbedException(file + ": its columns " + columns + " are not " + List.of(header)
                        + ": a log of another version of poolbench, or not a log; rerun the scenario");
            }
            for (CSVRecord c : parser) {
                if (!c.isConsistent()) {
                    continue;
                }
                try {
                    list.add(row.apply(c));
                } catch (IllegalArgumentException e) {
                    throw new TestbedException(file + " line " + c.getRecordNumber() + " is not " + what + ": "
                            + e.getMessage(), e);
                }
            }
        }
        return list;
    }
}
