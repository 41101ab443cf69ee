package io.poolbench.toxiproxy.tcp;

import io.poolbench.testbed.load.CsvLog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * One request of the TCP-level fault client: a borrow, one query, the return.
 *
 * @param startMs when it began, epoch ms (the host's clock, which the client in its network namespace shares)
 * @param endMs when it ended, epoch ms; for a request still waiting when the client was stopped, that moment
 * @param outcome {@code ok}, an outcome class of {@link io.poolbench.testbed.load.PoolErrors}, or {@link #UNFINISHED}
 */
public record TcpFaultSample(long startMs, long endMs, String outcome) {
    /** The outcome of a request still waiting when the run ended: its wait is at least {@code endMs − startMs}. */
    public static final String UNFINISHED = "unfinished";
    /** The columns of {@code requests.csv}. */
    static final String[] COLUMNS = {"startMs", "endMs", "outcome"};

    /** @return how long it waited, ms */
    public long ms() {
        return endMs - startMs;
    }

    /**
     * @param file a {@code requests.csv}
     * @return a log that appends rows to it
     * @throws IOException when it cannot be written
     */
    static CsvLog<TcpFaultSample> log(Path file) throws IOException {
        return CsvLog.create(file, COLUMNS, s -> Arrays.asList(s.startMs(), s.endMs(), s.outcome()));
    }

    /**
     * @param file a {@code requests.csv}
     * @return its rows
     * @throws IOException when it cannot be read
     */
    static List<TcpFaultSample> read(Path file) throws IOException {
        return CsvLog.read(file, COLUMNS, r -> new TcpFaultSample(Long.parseLong(r.get(0)), Long.parseLong(r.get(1)),
                r.get(2)), "a request of the TCP-level fault client");
    }
}
