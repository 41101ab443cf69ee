package io.poolbench.suite.aurora.waits;

import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.suite.aurora.run.RunOutcome;
import io.poolbench.testbed.load.ScreenLog;
import io.poolbench.testbed.load.TraceLog;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.stats.MeanInterval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.LongSummaryStatistics;
import java.util.Map;

/**
 * The Aurora scenario's failed requests at the failover, connection by connection, from the webapp's JDBC trace
 * ({@code aurora --trace-jdbc}): for each request that failed from the injection on, the physical connection it ran
 * on, how long that connection had been without a call before, whether the pool checked it while lending it
 * (a {@code Connection.isValid} or a test query inside {@code getConnection()}), the JDBC call that failed and its
 * message. Beside it, per run, the pool's JDBC calls per borrow over the measured period (lending and taking back),
 * and the share of borrows it validated: what a pool pays for the check that would have caught a dead connection.
 *
 * <p>Only what the trace saw is claimed: a JDBC call is counted, not a network round trip (some calls, e.g.
 * {@code setNetworkTimeout}, stay in the driver).
 */
public final class ConnectionTrace {
    /** The trace file in a run's directory. */
    public static final String FILE = "trace.csv";

    private ConnectionTrace() {
    }

    /**
     * What the trace says about one run.
     *
     * @param id the run
     * @param borrows traced requests in the measured period
     * @param callsPerBorrow the pool's JDBC calls per request (lending plus taking back), mean
     * @param validatedShare share of those requests whose borrow validated the connection, 0..1
     * @param failed failed requests from the injection on, in order
     */
    record RunTrace(String id, long borrows, double callsPerBorrow, double validatedShare, List<TraceLog.Entry> failed) {
        /** @return failed requests whose connection the pool lent without checking it */
        long lentUnchecked() {
            return failed.stream().filter(e -> !e.validated() && !e.connections().isEmpty()).count();
        }
    }

    /**
     * @param id the run
     * @param log the run's trace
     * @param measureFromEpochMs start of the measured period (after the warm-up), epoch ms
     * @param measureToEpochMs its end, epoch ms
     * @param injectionEpochMs when the failover was injected, epoch ms; null when none was
     * @param endEpochMs when each request ended, by {@link #key}, from the webapp's {@link ScreenLog}
     * @return the run's account
     */
    static RunTrace of(String id, List<TraceLog.Entry> log, long measureFromEpochMs, long measureToEpochMs,
            Long injectionEpochMs, Map<String, Long> endEpochMs) {
        long n = 0;
        long calls = 0;
        long validated = 0;
        for (TraceLog.Entry e : log) {
            if (e.startEpochMs() < measureFromEpochMs || e.startEpochMs() > measureToEpochMs) {
                continue;
            }
            n++;
            calls += e.poolCalls();
            validated += e.validated() ? 1 : 0;
        }
        // as the failover table counts them: every failed request still running at the injection or started after it
        List<TraceLog.Entry> failed = injectionEpochMs == null ? List.of() : log.stream()
                .filter(e -> e.status() != 200
                        && endEpochMs.getOrDefault(key(e.startEpochMs(), e.user(), e.screen()), e.startEpochMs())
                        >= injectionEpochMs)
                .toList();
        return new RunTrace(id, n, n == 0 ? 0 : (double) calls / n, n == 0 ? 0 : (double) validated / n, failed);
    }

    /**
     * @param startEpochMs a request's start, epoch ms
     * @param user its user
     * @param screen its screen
     * @return the key that finds the same request in the webapp's two logs
     */
    static String key(long startEpochMs, long user, String screen) {
        return startEpochMs + "/" + user + "/" + screen;
    }

    /**
     * The report's section: nothing when no run was traced.
     *
     * @param runs each run's files, in the order run
     * @param base {@code screens/} of the run directory (each run's trace is read from there)
     * @return the Markdown
     * @throws IOException when a trace cannot be read
     */
    public static String section(List<RunFiles> runs, Path base) throws IOException {
        Table calls = Table.of("run", ">requests traced (measured period)", ">the pool's JDBC calls per request (lend +"
                + " take back), mean", ">requests whose borrow validated the connection", ">failed at the failover (of"
                + " them on a connection the pool lent without a check)");
        Table failures = Table.of("run", ">start, s after the injection", "screen", "error", "connection",
                ">idle before, ms", "validated on this borrow", "failed call", "message");
        Map<String, List<RunTrace>> byProfile = new LinkedHashMap<>();
        for (RunFiles r : runs) {
            Path file = base.resolve(r.id()).resolve(FILE);
            RunOutcome o = r.outcome();
            if (!Files.isRegularFile(file)) {
                continue;
            }
            Long inj = o.injectionEpochMs();
            Map<String, Long> ends = new HashMap<>();
            for (ScreenLog.Entry e : r.screens()) {
                ends.put(key(e.startEpochMs(), e.user(), e.screen()), e.startEpochMs() + e.elapsedUs() / 1000);
            }
            RunTrace t = of(r.id(), TraceLog.read(file), o.measureFromEpochMs(), o.measureToEpochMs(), inj, ends);
            if (inj != null) {
                byProfile.computeIfAbsent(r.id().replaceAll("\\.r\\d+$", ""), k -> new ArrayList<>()).add(t);
            }
            calls.row(t.id(), String.format(Locale.ROOT, "%,d", t.borrows()), String.format(Locale.ROOT, "%.2f",
                    t.callsPerBorrow()), String.format(Locale.ROOT, "%.1f %%", 100 * t.validatedShare()), inj == null
                    ? "–" : t.failed().size() + " (" + t.lentUnchecked() + " lent unchecked)");
            for (TraceLog.Entry e : t.failed()) {
                failures.markdownRow(MarkdownText.cell(t.id()), String.format(Locale.ROOT, "%+.2f",
                        (e.startEpochMs() - inj) / 1000.0), MarkdownText.cell(e.screen()), MarkdownText.cell(e.error()),
                        e.connections().isEmpty() ? "none" : MarkdownText.cell(e.connections()),
                        e.idleBeforeMs() < 0 ? "opened for it" : String.format(Locale.ROOT, "%,d", e.idleBeforeMs()),
                        e.validated() ? "yes" : "no", e.failedCall().isEmpty() ? "–" : "`" + e.failedCall() + "`",
                        MarkdownText.cell(shorten(e.message())));
            }
        }
        if (calls.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("## Beneath the pool (JDBC trace)\n\nThe webapp opened its connections"
                + " through a datasource-proxy driver (`--trace-jdbc`): every JDBC call a pool made on a physical"
                + " connection is attributed to the request being served on that thread. Counted are JDBC calls, not"
                + " network round trips (some, such as `setNetworkTimeout`, stay in the driver). The proxies add"
                + " microseconds per call: read latencies from an untraced run.\n\n").append(calls.markdown())
                .append('\n');
        if (!byProfile.isEmpty()) {
            md.append(profiles(byProfile));
        }
        if (!failures.isEmpty()) {
            md.append("Every request that failed from the injection on (in flight at it or later, as the failover"
                    + " table counts them), with the physical connections it touched (trace ids; it ran on the"
                    + " last: a pool that finds one dead while lending tries the next), how long that last one had been"
                    + " without any call before the request touched it, and whether the pool"
                    + " checked it inside `getConnection()`:\n\n").append(failures.markdown()).append('\n');
        }
        return md.toString();
    }

    /**
     * Per profile over its runs: failed requests at the failover per run (mean with Student's t 95 % interval), how
     * many of them ran on a connection the pool lent without a check, and how long those connections had been idle.
     */
    static String profiles(Map<String, List<RunTrace>> byProfile) {
        StringBuilder md = new StringBuilder("Per profile, over its runs: failed requests at the failover per run"
                + " (mean, 95 % Poisson interval, n runs), how many of all of them ran on a connection the pool lent without"
                + " checking it, and how long those connections had been idle before (ms, min–max):\n\n");
        Table table = Table.of("profile", ">n", ">failed per run", ">on a connection lent unchecked", ">idle before, ms");
        byProfile.forEach((profile, runs) -> {
            MeanInterval f = MeanInterval.ofCounts(runs.stream().map(t -> (double) t.failed().size()).toList());
            long failed = runs.stream().mapToLong(t -> t.failed().size()).sum();
            long unchecked = runs.stream().mapToLong(RunTrace::lentUnchecked).sum();
            LongSummaryStatistics idle = runs.stream().flatMap(t -> t.failed().stream())
                    .filter(e -> !e.validated() && !e.connections().isEmpty() && e.idleBeforeMs() >= 0)
                    .mapToLong(TraceLog.Entry::idleBeforeMs).summaryStatistics();
            table.row(profile, Integer.toString(f.n()), f.text(1), unchecked + " of "
                    + failed, idle.getCount() == 0 ? "–" : idle.getMin() + "–" + idle.getMax());
        });
        return md.append(table.markdown()).append('\n').toString();
    }

    private static String shorten(String message) {
        String m = message;
        return m.length() > 120 ? m.substring(0, 117) + "..." : m;
    }
}
