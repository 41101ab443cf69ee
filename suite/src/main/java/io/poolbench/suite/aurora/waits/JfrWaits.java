package io.poolbench.suite.aurora.waits;

import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.suite.aurora.run.RunOutcome;
import io.poolbench.suite.process.WebappRecording.Kind;
import io.poolbench.suite.process.WebappRecording.Part;
import io.poolbench.suite.process.WebappRecording;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.report.Table;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where the webapp's request threads waited in each Aurora run, from its Java Flight Recorder recording
 * ({@code aurora --jfr}, on by default with {@code --failover}; {@link WebappRecording}): before the failover's
 * injection and from it to the end of the measured period (the whole measured period without a failover). A borrower
 * queued for a connection shows as parks inside {@code getConnection()}; in DBCP 1.4 as {@code Object.wait()} (its
 * commons-pool 1.5 waits on a latch) and, briefly, as blocked monitor enters (it takes a lock); a pool that validates on borrow against a slow or rebooting writer as socket reads
 * inside {@code getConnection()}; the pool's own threads connecting during recovery as their socket reads.
 */
public final class JfrWaits {
    private JfrWaits() {
    }

    /** The columns: which waits, in which part of a request. */
    private record Column(String header, Kind kind, Part part) {
    }

    private static final List<Column> COLUMNS = List.of(
            new Column("parked in getConnection()", Kind.PARK, Part.BORROW),
            new Column("blocked on a monitor in getConnection()", Kind.MONITOR, Part.BORROW),
            new Column("in Object.wait() in getConnection()", Kind.WAIT, Part.BORROW),
            new Column("socket reads in getConnection()", Kind.SOCKET_READ, Part.BORROW),
            new Column("socket reads while the pool takes it back", Kind.SOCKET_READ, Part.RETURN),
            new Column("socket reads in the request's statements", Kind.SOCKET_READ, Part.WORK),
            new Column("socket reads on the pool's own threads", Kind.SOCKET_READ, Part.POOL_THREADS));

    /**
     * @param runs each run's files, in the order run
     * @param base {@code screens/} of the run directory (each run's recording is read from there)
     * @return the Markdown section, empty when no run was recorded
     * @throws IOException when a recording cannot be read
     */
    public static String section(List<RunFiles> runs, Path base) throws IOException {
        List<String> headers = new ArrayList<>(List.of("run", "period"));
        COLUMNS.forEach(c -> headers.add(">" + c.header()));
        Table rows = Table.of(headers.toArray(String[]::new));
        for (RunFiles r : runs) {
            Path jfr = base.resolve(r.id()).resolve(WebappRecording.FILE);
            if (!Files.isRegularFile(jfr)) {
                continue;
            }
            RunOutcome o = r.outcome();
            Long inj = o.injectionEpochMs();
            long split = inj == null ? o.measureToEpochMs() : inj;
            WebappRecording.Summary s = WebappRecording.read(jfr, o.measureFromEpochMs(), split, o.measureToEpochMs());
            rows.row(row(r.id(), inj == null ? "measured period" : "before the injection", s, false));
            if (inj != null) {
                rows.row(row(r.id(), "from the injection on", s, true));
            }
        }
        if (rows.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("## Where request threads waited (Java Flight Recorder)\n\n");
        md.append("The webapp recorded with JFR (`screens/<run>/webapp.jfr`, settings in `webapp.jfc`): parks, monitor"
                + " enters, `Object.wait()` calls and socket reads of **1 ms or longer** (shorter ones are not recorded), each placed by its"
                + " stack: inside the pool's `getConnection()`, while the pool takes the connection back, in the"
                + " request's statements, or on the pool's own threads (idle threads waiting for work left out)."
                + " Waits that began in the measured period, split at the failover's injection. Each cell: waits ·"
                + " total ms · longest ms. A total can exceed the period: waits of concurrent threads add up.\n\n");
        return md.append(rows.markdown()).append('\n').toString();
    }

    private static String[] row(String id, String period, WebappRecording.Summary s, boolean after) {
        List<String> cells = new ArrayList<>(List.of(id, period));
        COLUMNS.forEach(c -> cells.add(cell(s.of(c.kind(), c.part(), after))));
        return cells.toArray(String[]::new);
    }

    /** @return {@code count · total ms · longest ms}, or a dash without waits */
    static String cell(WebappRecording.Waits w) {
        return w.count() == 0 ? "–" : String.format(Locale.ROOT, "%,d · %s · %s", w.count(),
                Figures.fixed(w.totalMs(), 0), Figures.fixed(w.maxMs(), 0));
    }
}
