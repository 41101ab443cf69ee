package io.poolbench.suite.compare;

import com.fasterxml.jackson.core.type.TypeReference;
import io.poolbench.suite.process.JtlSummary;
import io.poolbench.suite.report.Bottleneck;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.load.ScreenLog;
import io.poolbench.testbed.load.TraceLog;
import io.poolbench.testbed.process.ProcessCpu;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.report.Table;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * What the webapp and the processes recorded during one web load, beside JMeter's figures: the time each request
 * spent in getConnection by query class (the webapp's own record, {@code requests.csv}), and the CPU each process
 * used over the measured period ({@code cpu.json}). On a saturated machine these depend less on it than req/s does.
 *
 * @param borrow query class → the borrow waits of the requests that started after the ramp-up; empty when the load
 *     kept no request log
 * @param cpu CPU per process (webapp, jmeter, database) over the measured period; empty when not measured
 * @param calls query class → what the pool did beneath each borrow, from the JDBC trace ({@code trace.csv}); empty when the
 *     load was not traced
 */
record LoadRecord(Map<String, BorrowWait> borrow, List<ProcessCpu.Usage> cpu, Map<String, PoolCalls> calls) {
    /** The webapp's record of every request of one load. */
    static final String REQUESTS = "requests.csv";
    /** The CPU per process over the measured period. */
    static final String CPU = "cpu.json";
    /** The webapp's JDBC trace of every request ({@code --trace-jdbc}). */
    static final String TRACE = "trace.csv";

    /**
     * What the pool did beneath the borrows of one query class, from the JDBC trace.
     *
     * @param n requests traced
     * @param perRequest the pool's JDBC calls per request while lending and taking back the connection, mean (calls,
     *     not network round trips: some stay in the driver)
     * @param validatedShare share of the borrows on which the pool checked the connection, 0..1
     */
    record PoolCalls(long n, double perRequest, double validatedShare) {
    }

    /**
     * The borrow waits of one query class.
     *
     * @param n requests
     * @param p99Ms 99th percentile of the time in getConnection, ms (HdrHistogram, µs resolution)
     * @param maxMs the longest, ms
     */
    record BorrowWait(long n, double p99Ms, double maxMs) {
    }

    /**
     * @param dir one load's directory
     * @param warmupMs the ramp-up: requests that started within this long of the first are left out, ms
     * @return what the load recorded; empty parts for files the load did not write
     * @throws IOException when a file is there but cannot be read
     */
    static LoadRecord read(Path dir, long warmupMs) throws IOException {
        Map<String, BorrowWait> borrow = new TreeMap<>();
        Path requests = dir.resolve(REQUESTS);
        if (Files.isRegularFile(requests)) {
            List<ScreenLog.Entry> log = ScreenLog.read(requests);
            long first = log.stream().mapToLong(ScreenLog.Entry::startEpochMs).min().orElse(0);
            Map<String, Histogram> h = new TreeMap<>();
            for (ScreenLog.Entry e : log) {
                if (e.startEpochMs() >= first + warmupMs) {
                    h.computeIfAbsent(e.screen(), k -> new Histogram(3)).recordValue(Math.max(0, e.borrowWaitUs()));
                }
            }
            h.forEach((k, v) -> borrow.put(k, new BorrowWait(v.getTotalCount(), v.getValueAtPercentile(99) / 1000.0,
                    v.getMaxValue() / 1000.0)));
        }
        List<ProcessCpu.Usage> cpu = ResultJson.readIfPresent(dir.resolve(CPU),
                new TypeReference<List<ProcessCpu.Usage>>() { }).orElse(List.of());
        return new LoadRecord(borrow, cpu, calls(dir.resolve(TRACE), warmupMs));
    }

    private static Map<String, PoolCalls> calls(Path trace, long warmupMs) throws IOException {
        Map<String, PoolCalls> calls = new TreeMap<>();
        if (!Files.isRegularFile(trace)) {
            return calls;
        }
        List<TraceLog.Entry> log = TraceLog.read(trace);
        long first = log.stream().mapToLong(TraceLog.Entry::startEpochMs).min().orElse(0);
        Map<String, long[]> sums = new TreeMap<>();
        for (TraceLog.Entry e : log) {
            if (e.startEpochMs() >= first + warmupMs) {
                long[] x = sums.computeIfAbsent(e.screen(), k -> new long[3]);
                x[0]++;
                x[1] += e.poolCalls();
                x[2] += e.validated() ? 1 : 0;
            }
        }
        sums.forEach((k, x) -> calls.put(k, new PoolCalls(x[0], (double) x[1] / x[0], (double) x[2] / x[0])));
        return calls;
    }

    /** @return process → cores busy over the measured period */
    Map<String, Double> cores() {
        Map<String, Double> m = new LinkedHashMap<>();
        cpu.forEach(u -> m.put(u.name(), u.cores()));
        return m;
    }

    /**
     * The report's table of what the webapp and the processes recorded per load: borrow wait p99 / max per query
     * class, CPU per process in cores and the webapp's CPU per request, and the bottleneck ({@link Bottleneck}).
     *
     * @param loads the loads, in the order run
     * @param machineCores the machine's cores, or null when unknown
     * @return the Markdown; empty when no load kept a record
     */
    static String markdown(List<CompareData.Load> loads, Integer machineCores) {
        if (loads.stream().allMatch(l -> l.record() == null || l.record().borrow().isEmpty() && l.record().cpu()
                .isEmpty())) {
            return "";
        }
        StringBuilder sb = new StringBuilder("The webapp's own record and the CPU per process, after the ramp-up:"
                + " time in getConnection per request (p99 / max, ms, by query class), cores each process kept busy,"
                + " the webapp's CPU time per request (µs: less dependent on the shared machine than req/s), and the"
                + " bottleneck (one process at 0.9 of a core or more, or all at 0.9 of the machine: when that is"
                + " JMeter or the machine, the load measured the harness, not the pool).\n\n");
        Table t = Table.of("pool (profile)", ">borrow short", ">borrow medium", ">borrow long", ">cores webapp",
                ">cores jmeter", ">cores database", ">webapp µs CPU / request", "bottleneck");
        for (CompareData.Load l : loads) {
            LoadRecord r = l.record() == null ? new LoadRecord(Map.of(), List.of(), Map.of()) : l.record();
            List<String> row = new ArrayList<>(List.of(l.label()));
            for (String c : CompareReport.CLASSES) {
                BorrowWait b = r.borrow().get(c);
                row.add(b == null ? "–" : Figures.sig3(b.p99Ms()) + " / " + Figures.sig3(b.maxMs()));
            }
            Map<String, Double> cores = r.cores();
            for (String p : List.of("webapp", "jmeter", "database")) {
                Double c = cores.get(p);
                row.add(c == null ? "–" : Figures.fixed(c, 2));
            }
            JtlSummary.LabelStats all = l.stats().get("all");
            double us = Bottleneck.microsPerRequest(cores.get("webapp"), all == null ? null : all.throughput());
            row.add(Double.isNaN(us) ? "–" : Figures.sig3(us));
            row.add(Bottleneck.of(cores, machineCores));
            t.row(row.toArray(String[]::new));
        }
        sb.append(t.markdown());
        return sb.append('\n').append(callsMarkdown(loads)).toString();
    }

    /** The table of the JDBC trace: empty when no load was traced. */
    private static String callsMarkdown(List<CompareData.Load> loads) {
        Table t = Table.of("pool (profile)", ">short", ">medium", ">long");
        for (CompareData.Load l : loads) {
            Map<String, PoolCalls> calls = l.record() == null || l.record().calls() == null ? Map.of()
                    : l.record().calls();
            if (calls.isEmpty()) {
                continue;
            }
            List<String> row = new ArrayList<>(List.of(l.label()));
            for (String c : CompareReport.CLASSES) {
                PoolCalls pc = calls.get(c);
                row.add(pc == null ? "–" : Figures.fixed(pc.perRequest(), 2) + " / "
                        + Figures.fixed(100 * pc.validatedShare(), 0) + " %");
            }
            t.row(row.toArray(String[]::new));
        }
        if (t.isEmpty()) {
            return "";
        }
        return "Beneath the pool (`--trace-jdbc`: a datasource-proxy driver under each pool; traced loads cost"
                + " microseconds per JDBC call, so read req/s and latencies from untraced runs): the pool's JDBC calls"
                + " per request while lending and taking back the connection (mean; calls, not network round trips)"
                + " and the share of borrows on which it checked the connection, by query class, ramp-up left out.\n\n"
                + t.markdown() + "\n";
    }
}
