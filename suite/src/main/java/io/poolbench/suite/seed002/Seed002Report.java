package io.poolbench.suite.seed002;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.poolbench.suite.report.Seeds;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.PhaseEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Seed 002's report from a run directory: {@code shared/summary.md}, {@code summary.json}, one chart per load
 * condition ({@code shared/<load>.png}: mean trial time against threads, a line per variant), the article's
 * claims beside ours, and the memory tables beside its Table 1.
 */
public final class Seed002Report {
    private static final ObjectMapper FINDINGS_JSON = new ObjectMapper();
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Seed002Report() {
    }

    /**
     * A trial-time percentile by nearest rank.
     *
     * @param v trial times, ms
     * @param q quantile in (0, 1]
     * @return the value, NaN when empty
     */
    static double percentile(List<Double> v, double q) {
        Double x = Figures.nearestRank(v, q);
        return x == null ? Double.NaN : x;
    }

    /**
     * Writes the report.
     *
     * @param dir the run directory
     * @return the Markdown
     * @throws IOException when files cannot be read or written
     */
    public static String write(Path dir) throws IOException {
        Manifest m = Manifest.read(dir);
        JsonNode s = m.settings();
        Path base = Files.createDirectories(dir.resolve("shared"));
        JsonNode env = read(base.resolve("environment.json"));
        JsonNode art = Seeds.read("002");
        List<Integer> plainCounts = new ArrayList<>();
        s.path("threads").forEach(x -> plainCounts.add(x.asInt()));
        List<Integer> loadedCounts = new ArrayList<>();
        s.path("threadsUnderLoad").forEach(x -> loadedCounts.add(x.asInt()));
        if (loadedCounts.isEmpty()) {
            loadedCounts.addAll(plainCounts);
        }
        StringBuilder md = new StringBuilder("# Seed 002: one shared connection against a pool, under load\n\n");
        md.append(String.format(Locale.ROOT, "A trial: N platform threads, started and parked before the clock,"
                + " released together, each runs `%s` once (500 rows, all read) through its variant; time from the"
                + " release to the last thread's end. %d measured trials per variant and N after one unrecorded"
                + " warm-up trial (excluded). Pools and PgBouncer (transaction mode): %d connections, filled before"
                + " the trials (the setup column: opening the shared connection, or creating and filling the pool)."
                + " Background load \"cross-join\": %d threads over a pool of %d in their own JVM, each running the"
                + " CROSS JOIN of 200 orders × 500 products back to back (the article: JMeter, 150 threads, pool"
                + " 200). Server: %s, pgjdbc %s, PgBouncer: %s, %s cores, %s.%n%n", s.path("query").asText(),
                s.path("trials").asInt(), s.path("poolSize").asInt(), s.path("loadThreads").asInt(),
                s.path("loadPool").asInt(), env.path("server").asText("?"), env.path("driver").asText("?"),
                env.path("PgBouncer").asText("not run"), env.path("cores").asText("?"), env.path("java").asText("")));
        env.path("notes").forEach(x -> md.append("- ").append(x.asText()).append("\n"));
        Map<String, Object> json = new LinkedHashMap<>();
        Map<String, Map<String, Map<Integer, Double>>> means = new LinkedHashMap<>();
        List<String> loads = new ArrayList<>();
        s.path("loads").forEach(x -> loads.add(x.asText()));
        for (String load : loads) {
            List<Integer> counts = load.equals("none") ? plainCounts : loadedCounts;
            md.append("\n## Load: ").append(load).append("\n\n| variant | setup ms |");
            counts.forEach(c -> md.append(" ").append(c).append(" threads: mean / p99 ms |"));
            md.append(" failed queries |\n|---|---:|");
            counts.forEach(c -> md.append("---:|"));
            md.append("---:|\n");
            XYChart chart = new XYChartBuilder().width(1000).height(520).title("Seed 002, load " + load
                    + ": mean trial time against threads").xAxisTitle("threads, one query each")
                    .yAxisTitle("mean trial time, ms").build();
            Map<String, Map<Integer, Double>> loadMeans = new LinkedHashMap<>();
            means.put(load, loadMeans);
            for (PhaseEntry p : m.phases()) {
                String prefix = "shared:" + load + ":";
                if (!p.id().startsWith(prefix)) {
                    continue;
                }
                String v = p.id().substring(prefix.length());
                Path f = base.resolve(load + "-" + v + ".json");
                if (!p.ok() || !Files.isRegularFile(f)) {
                    md.append("| ").append(v).append(" | **").append(p.status().toUpperCase(Locale.ROOT))
                            .append("**").append(p.reason() == null ? "" : ": " + Figures.cell(p.reason()))
                            .append(" |").append(" |".repeat(counts.size() + 1)).append("\n");
                    continue;
                }
                JsonNode r = JSON.readTree(f.toFile());
                md.append("| ").append(Figures.cell(r.path("label").asText())).append(" | ")
                        .append(String.format(Locale.ROOT, "%,.1f", r.path("setupMs").asDouble())).append(" |");
                List<Double> xs = new ArrayList<>();
                List<Double> ys = new ArrayList<>();
                Map<Integer, Double> vm = new LinkedHashMap<>();
                int errors = 0;
                Map<String, Object> vj = new LinkedHashMap<>();
                for (int c : counts) {
                    JsonNode t = r.path("trials").path(Integer.toString(c));
                    List<Double> ms = new ArrayList<>();
                    t.path("elapsedMs").forEach(x -> ms.add(x.asDouble()));
                    errors += t.path("errors").asInt();
                    if (ms.isEmpty()) {
                        md.append(" – |");
                        continue;
                    }
                    double mean = Figures.mean(ms);
                    md.append(String.format(Locale.ROOT, " %,.1f / %,.1f |", mean, percentile(ms, 0.99)));
                    xs.add((double) c);
                    ys.add(mean);
                    vm.put(c, mean);
                    vj.put(Integer.toString(c), Map.of("meanMs", mean, "p99Ms", percentile(ms, 0.99), "n", ms.size()));
                }
                loadMeans.put(v, vm);
                json.put(load + "/" + v, vj);
                md.append(" ").append(errors).append(" |\n");
                if (!xs.isEmpty()) {
                    chart.addSeries(r.path("label").asText(), xs, ys).setMarker(SeriesMarkers.CIRCLE);
                }
            }
            JsonNode period = read(base.resolve(load + "-period.json"));
            if (period.has("cpuCores")) {
                JsonNode cpu = period.path("cpuCores");
                md.append(String.format(Locale.ROOT, "%nThe variants ran interleaved (per thread count one warm-up"
                        + " trial each, then rounds of one trial per variant, the order rotating), so a drifting load"
                        + " falls on all alike. Over the %.0f s: CPU client %s / server %s / background load %s /"
                        + " PgBouncer %s cores (of %s)%s.%n", period.path("wallS").asDouble(), core(cpu, "client"),
                        core(cpu, "server"), core(cpu, "load"), core(cpu, "pgbouncer"), env.path("cores").asText("?"),
                        period.path("loadQueriesPerSecond").isNumber() ? String.format(Locale.ROOT,
                                "; the background load completed %.1f CROSS JOINs per second, %d failed",
                                period.path("loadQueriesPerSecond").asDouble(), period.path("loadErrors").asLong())
                                : ""));
            }
            if (!chart.getSeriesMap().isEmpty()) {
                BitmapEncoder.saveBitmap(chart, base.resolve(load).toString(), BitmapEncoder.BitmapFormat.PNG);
                md.append("\n![").append(load).append("](").append(load).append(".png)\n");
            }
        }
        md.append("\n## The article's claims beside ours\n\nThe article gives ratios only (its figures 1–3 are not in"
                + " the text). Ours are ratios of mean trial times in this run; p99 is over ")
                .append(s.path("trials").asInt()).append(" trials (with fewer than 100 it is the slowest one).\n\n"
                        + "| claim | article | ours |\n|---|---:|---|\n");
        JsonNode cl = art.path("claims");
        int max = plainCounts.stream().mapToInt(Integer::intValue).max().orElse(0);
        int maxLoaded = loadedCounts.stream().mapToInt(Integer::intValue).max().orElse(0);
        List<String> pools = new ArrayList<>();
        means.values().forEach(lm -> lm.keySet().forEach(v -> {
            if (!List.of("shared", "unpooled", "pgbouncer").contains(v) && !pools.contains(v)) {
                pools.add(v);
            }
        }));
        Map<String, Map<Integer, Double>> none = means.getOrDefault("none", Map.of());
        Map<String, Map<Integer, Double>> cj = means.getOrDefault("cross-join", Map.of());
        md.append(claim("no load: PgBouncer ÷ pool, above 100 threads (PgBouncer slower when > 1)",
                cl.path("noLoadPgBouncerOverPoolAbove100").asDouble(), pools, p -> ratioAbove(none.get("pgbouncer"),
                        none.get(p), 100)));
        md.append(claim("no load: shared ÷ PgBouncer at 10 threads (PgBouncer faster when > 1)",
                cl.path("noLoadSharedOverPgBouncerAt10").asDouble(), List.of("pgbouncer"),
                p -> at(none.get("shared"), 10) / at(none.get("pgbouncer"), 10)));
        md.append(claim("load: shared ÷ pool at " + maxLoaded + " threads (article: at 500; pool faster when > 1)",
                cl.path("loadSharedOverPoolAt500").asDouble(), pools, p -> at(cj.get("shared"), maxLoaded)
                        / at(cj.get(p), maxLoaded)));
        int near50 = loadedCounts.stream().filter(c -> c <= 50).mapToInt(Integer::intValue).max().orElse(50);
        md.append(claimMs("load: shared − pool at " + near50 + " threads, ms (article: at 50)",
                cl.path("loadSharedMinusPoolAt50Ms").asDouble(), pools, p -> at(cj.get("shared"), near50)
                        - at(cj.get(p), near50)));
        md.append(claim("no load: a connection per thread ÷ shared at " + max + " threads (the article: single-threaded"
                + " ÷ method 4.55 at many connections; multi-threaded was 1.7 × faster than single-threaded)",
                cl.path("noLoadSingleOverSharedManyConnections").asDouble() / cl.path("noLoadSingleOverMultiAt500")
                        .asDouble(), List.of("unpooled"), p -> at(none.get("unpooled"), max)
                        / at(none.get("shared"), max)));
        JsonNode mem = read(base.resolve("memory.json"));
        if (!mem.isMissingNode() && mem.size() > 0) {
            md.append("\n## Memory per connection\n\nClient: bytes the JVM allocated for ")
                    .append(mem.path("connections").asInt()).append(" connections plus the simple query"
                            + " (ThreadMXBean per-thread allocation counters, median of 5 after 2 unrecorded warm-ups;"
                            + " pool: ").append(mem.path("pool").asText("–")).append(", filled before). The article"
                            + " counted a C client's malloc calls and bytes: Java has no malloc count and allocates"
                            + " objects, so compare the ratios to the shared connection, not the bytes.\n\n"
                            + "| implementation | ours, bytes | ÷ shared | article allocations | article bytes |"
                            + " ÷ shared |\n|---|---:|---:|---:|---:|---:|\n");
            double ourShared = mem.path("clientAllocatedBytes").path("shared connection").asDouble(Double.NaN);
            double artShared = 180_794;
            for (JsonNode row : art.path("table1").path("rows")) {
                String impl = row.path("implementation").asText();
                JsonNode ours = mem.path("clientAllocatedBytes").path(impl);
                md.append(String.format(Locale.ROOT, "| %s | %s | %s | %,d | %,d | %.2f |%n", impl,
                        ours.isNumber() ? String.format(Locale.ROOT, "%,d", ours.asLong()) : "–",
                        ours.isNumber() ? String.format(Locale.ROOT, "%.2f", ours.asDouble() / ourShared) : "–",
                        row.path("allocations").asLong(), row.path("bytes").asLong(),
                        row.path("bytes").asDouble() / artShared));
            }
            md.append(String.format(Locale.ROOT, "%nHeap retained per open connection (pgjdbc, heap used after"
                    + " full GCs with %d connections open minus before, ÷ %d): %,.0f bytes.%n%n",
                    mem.path("connections").asInt(), mem.path("connections").asInt(),
                    mem.path("retainedBytesPerConnection").asDouble()));
            if (mem.path("serverBackends").size() > 0) {
                md.append("Server: each backend's memory with N connections open, each after the simple query"
                        + " (/proc/<pid>/smaps_rollup; RSS counts the shared buffers every backend maps, PSS shares"
                        + " them out, private is what the backend alone holds). The article cites 2–3 MB per"
                        + " connection (its reference [2], not measured there).\n\n| open connections | backends"
                        + " read | RSS median kB | PSS median kB | private median kB (min–max) |\n"
                        + "|---:|---:|---:|---:|---:|\n");
                mem.path("serverBackends").fields().forEachRemaining(e -> {
                    List<Double> rss = new ArrayList<>();
                    List<Double> pss = new ArrayList<>();
                    List<Double> priv = new ArrayList<>();
                    e.getValue().forEach(b -> {
                        rss.add(b.path("rssKb").asDouble());
                        pss.add(b.path("pssKb").asDouble());
                        priv.add(b.path("privateKb").asDouble());
                    });
                    md.append(String.format(Locale.ROOT, "| %s | %d | %,.0f | %,.0f | %,.0f (%,.0f–%,.0f) |%n",
                            e.getKey(), rss.size(), percentile(rss, 0.5), percentile(pss, 0.5), percentile(priv, 0.5),
                            priv.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN),
                            priv.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN)));
                });
            } else {
                md.append("Server memory: not read (the server does not run on this machine).\n");
            }
            json.put("memory", mem);
        }
        md.append("\nRun status: **").append(m.status()).append("**. Raw trials: `shared/<load>-<variant>.json`;"
                + " memory: `shared/memory.json`; the background load's log: `shared/load.log`.\n");
        Files.writeString(base.resolve("summary.md"), md.toString());
        JSON.writeValue(base.resolve("summary.json").toFile(), json);
        return md.toString();
    }

    private static JsonNode read(Path f) throws IOException {
        return Files.isRegularFile(f) ? JSON.readTree(f.toFile()) : JSON.createObjectNode();
    }

    private static String core(JsonNode cpu, String who) {
        return cpu.path(who).isNumber() ? String.format(Locale.ROOT, "%.2f", cpu.path(who).asDouble()) : "–";
    }

    private static double at(Map<Integer, Double> m, int count) {
        return m == null || !m.containsKey(count) ? Double.NaN : m.get(count);
    }

    /**
     * Mean over the thread counts above a threshold of a ÷ b.
     *
     * @param a numerator means by thread count
     * @param b denominator means by thread count
     * @param above threshold (exclusive)
     * @return the mean ratio, NaN when no count qualifies
     */
    static double ratioAbove(Map<Integer, Double> a, Map<Integer, Double> b, int above) {
        if (a == null || b == null) {
            return Double.NaN;
        }
        List<Double> r = new ArrayList<>();
        a.forEach((c, v) -> {
            if (c > above && b.containsKey(c)) {
                r.add(v / b.get(c));
            }
        });
        return Figures.mean(r);
    }

    private static String claim(String what, double article, List<String> variants,
            Function<String, Double> ours) {
        return claim(what, String.format(Locale.ROOT, "%.2f", article), variants, ours, "%s %.2f");
    }

    private static String claimMs(String what, double article, List<String> variants,
            Function<String, Double> ours) {
        return claim(what, String.format(Locale.ROOT, "%+.2f ms", article), variants, ours, "%s %+.2f ms");
    }

    /**
     * @param what the claim
     * @param article the article's figure, formatted
     * @param variants the variants ours is computed for
     * @param ours a variant's figure (NaN: not measured)
     * @param format how one of ours is shown: variant, figure
     * @return the claim's table row
     */
    private static String claim(String what, String article, List<String> variants,
            Function<String, Double> ours, String format) {
        List<String> parts = new ArrayList<>();
        for (String v : variants) {
            double x = ours.apply(v);
            if (!Double.isNaN(x)) {
                parts.add(String.format(Locale.ROOT, format, v, x));
            }
        }
        return String.format(Locale.ROOT, "| %s | %s | %s |%n", what, article, parts.isEmpty() ? "not measured"
                : String.join("; ", parts));
    }

    /**
     * The findings this scenario puts on top of the suite's page, each a sentence with its figures (Markdown), from
     * the run's own {@code shared/summary.json}.
     *
     * @param dir the scenario's run directory
     * @return the findings; none when the summary is missing or damaged (the section says why)
     */
    public static List<String> findings(Path dir) {
        JsonNode j;
        try {
            j = FINDINGS_JSON.readTree(dir.resolve("shared/summary.json").toFile());
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        JsonNode bouncer = j.path("none/pgbouncer");
        String hikari = "none/hikari";
        if (bouncer.isObject() && j.path(hikari).isObject()) {
            int most = 0;
            for (Iterator<String> it = bouncer.fieldNames(); it.hasNext();) {
                most = Math.max(most, Integer.parseInt(it.next()));
            }
            double b = bouncer.path(Integer.toString(most)).path("meanMs").asDouble();
            double h = j.path(hikari).path(Integer.toString(most)).path("meanMs").asDouble();
            if (h > 0) {
                out.add(String.format(Locale.ROOT, "**An in-process pool before PgBouncer** for one service:"
                        + " %d threads each running one query took %.1f ms through a new connection to"
                        + " PgBouncer against %.1f ms from HikariCP (%.2f ×).", most, b, h, b / h));
            }
        }
        return out;
    }
}
