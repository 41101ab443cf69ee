package io.poolbench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.report.JmhCharts;
import io.poolbench.testbed.report.JmhSummary;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.stats.ForkSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The pool-bench report of a preset directory: {@code summary.md} (one table per benchmark: ops/ms over fork means
 * with a 95 % interval and JMH's own error, borrow-time percentiles, the share of borrows slower than 10 × the median, allocation per operation from JMH's
 * gc profiler, round trips per borrow) and charts: {@code <bench>-throughput.png} (ops/ms with error bars) and
 * {@code <bench>-percentiles-<ratio>.png} (borrow time by percentile, one per threads : pool ratio).
 */
public final class BenchReport {
    private static final ObjectMapper JSON = new ObjectMapper();

    private BenchReport() {
    }

    private record Row(String profile, String validUs, int threads, int poolSize, JmhSummary.Result thr,
            JmhSummary.Result lat) {
        /** @return threads : pool size, e.g. {@code 4:1 (16/4)}, or the thread count where the pool is not set */
        String ratio() {
            return poolSize > 0 ? (threads / poolSize) + ":1 (" + threads + "/" + poolSize + ")" : threads + " threads";
        }
    }

    private static String validUs(String stubUrl) {
        int i = stubUrl.indexOf("validUs=");
        if (i < 0) {
            return "0";
        }
        String v = stubUrl.substring(i + "validUs=".length());
        int amp = v.indexOf('&');
        return amp < 0 ? v : v.substring(0, amp);
    }

    /**
     * @param dir preset directory
     * @return the Markdown written to {@code summary.md}
     * @throws IOException when files cannot be read or written
     */
    public static String write(Path dir) throws IOException {
        List<JmhSummary.Result> all = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.filter(p -> p.getFileName().toString().matches("(connection|statement|virtual-thread)-cycle.*\\.json"))
                    .sorted().toList()) {
                if (Files.size(f) > 0) {
                    all.addAll(JmhSummary.read(f));
                }
            }
        }
        JsonNode rt = Files.isRegularFile(dir.resolve("round-trips.json"))
                ? JSON.readTree(dir.resolve("round-trips.json").toFile()) : JSON.createObjectNode();
        StringBuilder md = new StringBuilder("# pool-bench\n\n");
        md.append("Stub JDBC driver (no network; `validUs` = simulated round trip of a validation, µs). Throughput:"
                + " ops/ms over all threads, the mean of the fork means with its 95 % interval (Student's t, n = forks;"
                + " where the fork means split into levels, the levels instead); JMH's own score ± its 99.9 %"
                + " half-width over forks × iterations beside it, labelled as JMH's; fork means: the lowest and"
                + " highest mean of one fork. Borrow"
                + " time (borrow + return, µs): SampleTime over all samples. `>10×p50`: share of borrows slower than"
                + " 10 × the median (fairness under contention). Alloc: `gc.alloc.rate.norm`, bytes per operation."
                + " Round trips per borrow: counted on one thread, back-to-back borrows, outside the timing.\n\n");
        Map<String, Map<String, Row>> byBench = new LinkedHashMap<>();
        for (String bench : List.of("ConnectionCycle", "VirtualThreadCycle", "StatementCycle")) {
            Map<String, Row> rows = new LinkedHashMap<>();
            byBench.put(bench, rows);
            for (JmhSummary.Result r : all) {
                if (!r.method().startsWith(bench + ".")) {
                    continue;
                }
                String pool = r.params().getOrDefault("poolSize", "0");
                String key = r.profile() + "|" + validUs(r.params().getOrDefault("stubUrl", "")) + "|" + r.threads()
                        + "|" + pool;
                Row old = rows.get(key);
                boolean thr = r.mode().equals("thrpt");
                rows.put(key, new Row(r.profile(), validUs(r.params().getOrDefault("stubUrl", "")), r.threads(),
                        Integer.parseInt(pool), thr ? r : old == null ? null : old.thr(),
                        thr ? old == null ? null : old.lat() : r));
            }
            if (rows.isEmpty()) {
                continue;
            }
            md.append("## ").append(bench).append("\n\n");
            Table t = Table.of("profile", ">validUs", ">threads : pool", ">ops/ms: fork means, 95 %",
                    ">JMH's score ± 99.9 % (n)", ">fork means ops/ms",
                    ">p50 µs", ">p99 µs", ">p99.9 µs", ">max µs", ">>10×p50", ">samples", ">alloc B/op",
                    ">round trips / borrow");
            rows.values().forEach(r -> t.row(row(bench, r, rt)));
            md.append(t.markdown()).append('\n');
            charts(dir, bench, rows);
        }
        if (all.stream().anyMatch(r -> r.profile().startsWith("hcb-"))) {
            HcbPublished published = HcbPublished.load();
            md.append("## Beside HikariCP-benchmark\n\n");
            for (String bench : List.of("ConnectionCycle", "StatementCycle")) {
                md.append(published.section(bench, columns(byBench.get(bench).values())));
            }
        }
        Files.writeString(dir.resolve("summary.md"), md.toString());
        return md.toString();
    }

    /**
     * @param bench the benchmark class, e.g. {@code ConnectionCycle}
     * @param r one profile's results at one validation round trip, threads and pool size
     * @param rt the round trips per borrow counted per profile ({@code round-trips.json}), or an empty object
     * @return the cells of the benchmark's table's row
     */
    private static String[] row(String bench, Row r, JsonNode rt) {
        JmhSummary.Result t = r.thr();
        JmhSummary.Result l = r.lat();
        String ratio = r.ratio();
        JsonNode trips = rt.path(r.profile());
        String roundTrips = bench.equals("ConnectionCycle") && trips.isObject()
                ? fmt(trips.path("validate").asDouble() + trips.path("execute").asDouble()
                + trips.path("connect").asDouble() + trips.path("rollback").asDouble()
                + trips.path("commit").asDouble() + trips.path("setAutoCommit").asDouble(), 2) : "n/a";
        Double alloc = t != null ? t.secondary().get("·gc.alloc.rate.norm") : null;
        if (alloc == null && t != null) {
            alloc = t.secondary().get("gc.alloc.rate.norm");
        }
        return new String[] {r.profile(), r.validUs(), ratio,
                t == null || t.forkMeans().isEmpty() ? "n/a" : ForkSummary.of(t.forkMeans()).text(),
                t == null ? "n/a" : fmt(t.score(), 0) + " ± " + (Double.isNaN(t.error()) ? "n/a" : fmt(t.error(), 0))
                        + " (" + t.samples() + ")",
                t == null || t.forkMeans().isEmpty() ? "n/a" : forkRange(t.forkMeans()),
                l == null ? "n/a" : g(l.percentiles().get("50.0")),
                l == null ? "n/a" : g(l.percentiles().get("99.0")),
                l == null ? "n/a" : g(l.percentiles().get("99.9")),
                l == null ? "n/a" : g(l.percentiles().get("100.0")),
                l == null ? "n/a" : fmt(100 * l.shareOver10xMedian(), 2) + " %",
                l == null ? "n/a" : String.format(Locale.ROOT, "%,d", l.samples()),
                alloc == null ? "n/a" : fmt(alloc, 0), roundTrips};
    }

    /** Our throughput results at stub round trip 0, one column per threads : pool size. */
    private static List<HcbPublished.Column> columns(Collection<Row> rows) {
        Map<String, Map<String, JmhSummary.Result>> byRatio = new LinkedHashMap<>();
        for (Row r : rows) {
            if (r.validUs().equals("0") && r.thr() != null) {
                byRatio.computeIfAbsent(r.ratio(), k -> new LinkedHashMap<>()).put(r.profile(), r.thr());
            }
        }
        List<HcbPublished.Column> out = new ArrayList<>();
        byRatio.forEach((label, m) -> out.add(new HcbPublished.Column(label, m)));
        return out;
    }

    private static String forkRange(List<Double> means) {
        double lo = means.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        double hi = means.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        return means.size() == 1 ? fmt(lo, 0) : fmt(lo, 0) + "–" + fmt(hi, 0);
    }

    private static String fmt(double v, int decimals) {
        return Figures.fixed(v, decimals);
    }

    private static String g(Double v) {
        return Figures.sig3(v);
    }

    private static void charts(Path dir, String bench, Map<String, Row> rows) throws IOException {
        String base = bench.equals("ConnectionCycle") ? "connection-cycle"
                : bench.equals("StatementCycle") ? "statement-cycle" : "virtual-thread-cycle";
        Map<String, Map<String, JmhSummary.Result>> bySeries = new LinkedHashMap<>();
        // one percentile chart per threads : pool ratio, so that each has a readable number of lines
        Map<String, Map<String, JmhSummary.Result>> byRatio = new LinkedHashMap<>();
        for (Row r : rows.values()) {
            String ratio = r.poolSize() > 0 ? (r.threads() / r.poolSize()) + ":1" : r.threads() + " threads";
            if (r.thr() != null) {
                bySeries.computeIfAbsent(ratio + ", validUs " + r.validUs(), k -> new LinkedHashMap<>())
                        .put(r.profile(), r.thr());
            }
            if (r.lat() != null) {
                byRatio.computeIfAbsent(ratio, k -> new LinkedHashMap<>())
                        .put(r.profile() + ", validUs " + r.validUs(), r.lat());
            }
        }
        JmhCharts.throughput(bench + ": throughput (ops/ms, mean of fork means, 95 % interval)", bySeries,
                dir.resolve(base + "-throughput"));
        for (Map.Entry<String, Map<String, JmhSummary.Result>> e : byRatio.entrySet()) {
            String file = e.getKey().replace(":1", "to1").replace(" threads", "threads");
            JmhCharts.percentiles(bench + ", " + e.getKey() + ": borrow + return time by percentile (µs, log)",
                    e.getValue(), dir.resolve(base + "-percentiles-" + file));
        }
    }
}
