package io.poolbench.suite.aurora.faults;

import io.poolbench.suite.aurora.run.InjectedFailover;
import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.suite.aurora.run.RunOutcome;
import io.poolbench.suite.process.JtlSample;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.load.PoolErrors;
import io.poolbench.testbed.load.ScreenLog;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.report.TimelineChart;
import io.poolbench.toxiproxy.ConnectionCounts;
import io.poolbench.toxiproxy.DrillCluster.Instance;
import io.poolbench.toxiproxy.Ledger;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Aurora scenario's failover, as the report shows it: one row per run (time to the new writer, failures, long borrows,
 * the ledger) and the timeline of every request with the failover's steps marked.
 */
public final class FailoverRequests {
    private FailoverRequests() {
    }

    /**
     * The report's failover section: one row per run, or nothing when the runs injected no failover.
     *
     * @param kind the failover the runs injected; null for none
     * @param runs each run's files, in the order run
     * @return the Markdown, empty without {@code --failover}
     */
    public static String section(FaultKind kind, List<RunFiles> runs) {
        if (kind == null) {
            return "";
        }
        String what = InjectedFailover.describe(kind);
        StringBuilder md = new StringBuilder("## Failover\n\n" + Character.toUpperCase(what.charAt(0))
                + what.substring(1) + " in the middle of the measured period. Times in s after the"
                + " injection. Borrow wait back to normal: from the start of the first 1-second window after which"
                + " the median time in getConnection() of every window stays at or below the p99 before the"
                + " injection. Connections opened: the new writer's own count (MySQL's `Connections` status, sampled"
                + " every 250 ms), from the injection to 10 s after the writer endpoint moved to it (or the end of"
                + " the measured period); a few of"
                + " them are the failover's own administrative connections (catching B up, promoting it). The"
                + " article describes HikariCP reconnecting \"in a short time\" and DBCP2's reconnection getting"
                + " \"clogged\" under load; it gives no figures.\n\n");
        return md.append(table(runs)).append('\n').toString();
    }

    /**
     * The failover table alone: one row per run, in the order given.
     *
     * @param runs each run's files
     * @return the Markdown table, each line ending in a line break; the header alone for no run
     */
    public static String table(List<RunFiles> runs) {
        Table t = Table.of("run", ">failover took", ">first acknowledged write on the new writer after",
                ">borrow wait back to normal after", ">connections opened to the new writer by 10 s after the endpoint"
                + " moved (most in 1 s)", "failed from the injection on (in flight or later), by class",
                ">borrows longer than the pool's timeout", ">writes acknowledged", ">lost", ">not acknowledged: of"
                + " unknown outcome (committed on the new writer); surely failed (present there)");
        for (RunFiles r : runs) {
            t.markdownRow(failoverRow(r.id(), r.outcome(), counts(r.outcome(), r.screens())).toArray(String[]::new));
        }
        return t.markdown();
    }

    /**
     * One row of the failover table from a run's outcome and the webapp's record: requests that ended after the
     * injection (so also those in flight at it) count for failures and long borrows; the first acknowledged write
     * is the earliest that started after the endpoint moved (before, writes went to the old, read-only writer).
     *
     * @param id the run's id
     * @param o the run's outcome
     * @param c its failover counts ({@link #counts}), null when no failover was recorded
     * @return the row's cells as Markdown, in the table's column order (two cells when no failover was recorded)
     */
    public static List<String> failoverRow(String id, RunOutcome o, Counts c) {
        if (c == null) {
            return List.of(MarkdownText.cell(id), o.controlMarkEpochMs() != null ? "control: no failover"
                    : "**no failover recorded**");
        }
        long timeoutMs = o.borrowTimeoutMs() == null ? -1 : o.borrowTimeoutMs();
        Ledger.Reconciliation l = o.writer().ledger();
        return List.of(MarkdownText.cell(id), String.format(Locale.ROOT, "%.1f", c.tookMs() / 1000.0),
                c.firstWriteMs() == null ? "**none**"
                        : String.format(Locale.ROOT, "%.1f", c.firstWriteMs() / 1000.0),
                c.borrowBackMs() == null ? "**not in the measured period**"
                        : String.format(Locale.ROOT, "%.1f", c.borrowBackMs() / 1000.0),
                c.storm() == null ? "–" : String.format(Locale.ROOT, "%,d (%,d)", c.storm().opened(),
                        c.storm().peakPerSecond()),
                c.errors().isEmpty() ? "none" : MarkdownText.cell(c.errors().toString()), String.format(Locale.ROOT,
                        "%d (> %,d ms%s)", c.longBorrows(), c.limitMs(), timeoutMs > 0 ? "" : ", unbounded"),
                l == null ? "–" : Integer.toString(l.acknowledged()), l == null ? "–" : Integer.toString(l.lost()),
                l == null ? "–" : notAcknowledged(l));
    }

    /**
     * @param l a run's ledger
     * @return e.g. {@code 5 (2); 31 (0)}: writes of unknown outcome (how many of them committed), writes that surely
     *     failed (how many are present anyway, in bold when any)
     */
    public static String notAcknowledged(Ledger.Reconciliation l) {
        return String.format(Locale.ROOT, "%d (%d); %d (%s)", l.unknown(), l.unknownCommitted(), l.failed(),
                l.failedPresent() == 0 ? "0" : "**" + l.failedPresent() + "**");
    }

    /**
     * What one run's failover did to its requests.
     *
     * @param tookMs from the injection to the old writer's reboot, ms (with a stale endpoint, which reboots nothing,
     *     to the endpoint's settling on the new writer)
     * @param firstWriteMs from the injection to the end of the first write acknowledged by the new writer, ms; null
     *     when none was
     * @param borrowBackMs from the injection until the borrow wait is back to normal ({@link BorrowRecovery#backMs}),
     *     ms; null when it was not within the measured period
     * @param queuedBefore the pool queued in bursts before the injection ({@link BorrowRecovery#queuedBefore})
     * @param storm connections opened to the new writer (B) from the injection to {@link #STORM_MS} after the writer
     *     endpoint moved to it (an unplanned failover moves it seconds after the injection; or
     *     the end of the measured period), by B's own count; null when the run did not sample it
     * @param errors failed requests from the injection on (in flight at it or later), by class
     * @param longBorrows requests from the injection on whose borrow took longer than {@code limitMs}
     * @param limitMs the pool's borrow timeout, or 10,000 ms (the article's maxWait) when it has none
     */
    public record Counts(long tookMs, Long firstWriteMs, Long borrowBackMs, boolean queuedBefore, ConnectionCounts.Storm storm,
            Map<String, Long> errors, long longBorrows, long limitMs) {
        /** @return every failed request from the injection on */
        public long failed() {
            return errors.values().stream().mapToLong(Long::longValue).sum();
        }

        /**
         * How long the pool kept its borrowers waiting once the database was back: from the first write the new
         * writer acknowledged until the borrow wait was back to normal ({@link BorrowRecovery#backMs}), 0 when it was back
         * before that write. A pool whose reconnection "clogs" (the Aurora article, of DBCP2 under load) is one that
         * keeps this long while the new writer already answers.
         *
         * @return ms, at {@link BorrowRecovery#WINDOW_MS} resolution; null when either end is missing (no write on the new
         *     writer, or the borrow wait not back within the measured period)
         */
        public Long drainMs() {
            return firstWriteMs == null || borrowBackMs == null ? null : Math.max(0, borrowBackMs - firstWriteMs);
        }
    }

    /**
     * @param o the run's outcome
     * @param log the webapp's record of every request
     * @return the failover's counts, or null when the run recorded no injection
     */
    public static Counts counts(RunOutcome o, List<ScreenLog.Entry> log) {
        Long inj = o.injectionEpochMs();
        if (inj == null) {
            return null;
        }
        // to its last step: the old writer's reboot, or where there is none (a stale endpoint) the endpoint's settling
        Map<String, Long> ev = o.writer().events();
        long took = ev.getOrDefault("old-writer-rebooted", ev.getOrDefault("endpoint-moved", ev.get("injection")))
                - ev.get("injection");
        long firstWriteEnd = firstWriteEnd(o, log);
        Long firstWrite = firstWriteEnd == Long.MAX_VALUE ? null : firstWriteEnd - inj;
        // every request still running at the injection or started after it: in flight, it meets the failover
        long limitMs = RequestsMet.limitMs(o);
        RequestsMet met = RequestsMet.of(log, inj, Long.MAX_VALUE, limitMs);
        ConnectionCounts.Storm storm = o.writer().connectionCounts() == null ? null : ConnectionCounts.storm(
                o.writer().connectionCounts(), Instance.B, inj, Math.min(endpointMovedEpochMs(o) + STORM_MS,
                o.measureToEpochMs()));
        return new Counts(took, firstWrite, BorrowRecovery.backMs(log, o.measureFromEpochMs(), inj, o.measureToEpochMs()),
                BorrowRecovery.queuedBefore(log, o.measureFromEpochMs(), inj),
                storm, met.errors(), met.longBorrows(), limitMs);
    }

    /** @return when the writer endpoint moved to the new writer, epoch ms (the injection when not recorded) */
    private static long endpointMovedEpochMs(RunOutcome o) {
        return o.t0EpochMs() + o.writer().events().getOrDefault("endpoint-moved", o.writer().events().get("injection"));
    }

    /** How long after the endpoint moved the connections opened to the new writer are counted, ms. */
    static final long STORM_MS = 10_000;

    /** Requests that end within this long after the first success on the new writer still belong to the failover. */
    public static final long SETTLE_MS = 5_000;

    /**
     * The failover's window: from the injection to the later of the first acknowledged write on the new writer (the
     * earliest write that started after the endpoint moved and succeeded) plus {@link #SETTLE_MS} and the end of
     * the last write the old writer refused as read-only ({@link PoolErrors#READ_ONLY}: while the pool
     * still lends connections to the old writer, as after a stale endpoint, the failover is not over). Requests that
     * start in it belong to the failover's table and ledger, not to the run's error budget.
     *
     * @param o the run's outcome
     * @param log the webapp's record of every request
     * @return {@code {from, to}} in epoch ms ({@code to} is the end of the measured period when no write succeeded
     *     on the new writer), or null when the run injected no failover
     */
    public static long[] window(RunOutcome o, List<ScreenLog.Entry> log) {
        Long inj = o.injectionEpochMs();
        if (inj == null) {
            return null;
        }
        long firstWriteEnd = firstWriteEnd(o, log);
        if (firstWriteEnd == Long.MAX_VALUE) {
            return new long[] {inj, o.measureToEpochMs()};
        }
        long lastRefusalEnd = log.stream()
                .filter(e -> PoolErrors.READ_ONLY.equals(e.error()) && e.startEpochMs() >= inj)
                .mapToLong(e -> e.startEpochMs() + e.elapsedUs() / 1000 + 1).max().orElse(0);
        return new long[] {inj, Math.min(o.measureToEpochMs(), Math.max(firstWriteEnd + SETTLE_MS, lastRefusalEnd))};
    }

    /** Response time of every request over time, coloured by outcome, with the warm-up end and events marked. */
    public static void chart(List<JtlSample> samples, RunOutcome outcome, Path png, String title)
            throws IOException {
        long t0 = outcome.t0EpochMs();
        TimelineChart chart = new TimelineChart();
        for (JtlSample x : samples) {
            String outcomeClass = x.success() ? "ok" : x.answered() ? "HTTP " + x.responseCode() : "no HTTP answer";
            chart.add(outcomeClass, (x.startEpochMs() - t0) / 1000.0, x.elapsedMs());
        }
        chart.mark((outcome.measureFromEpochMs() - t0) / 1000.0);
        (outcome.writer().events() == null ? Map.<String, Long>of() : outcome.writer().events()).values()
                .forEach(at -> chart.mark(at / 1000.0));
        chart.write(png, "Aurora scenario, " + title, "request start, s after the load began");
    }

    /**
     * @return when the first write acknowledged by the new writer ended, epoch ms: the earliest end of a write that
     *     started after the endpoint moved (before, writes went to the old, read-only writer) and succeeded;
     *     {@link Long#MAX_VALUE} when none did (the outcome must record an injection)
     */
    private static long firstWriteEnd(RunOutcome o, List<ScreenLog.Entry> log) {
        long moved = endpointMovedEpochMs(o);
        long first = Long.MAX_VALUE;
        for (ScreenLog.Entry e : log) {
            if (e.status() == 200 && !e.writeId().isEmpty() && e.startEpochMs() >= moved) {
                first = Math.min(first, e.startEpochMs() + e.elapsedUs() / 1000);
            }
        }
        return first;
    }
}
