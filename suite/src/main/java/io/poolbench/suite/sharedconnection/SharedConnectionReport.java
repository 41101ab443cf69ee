package io.poolbench.suite.sharedconnection;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.report.Seeds;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.report.RunFile;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.PhaseEntry;
import io.poolbench.testbed.stats.Claim;
import io.poolbench.testbed.stats.Comparison;
import io.poolbench.testbed.stats.Finding;
import io.poolbench.testbed.stats.Holm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The shared-connection scenario's report from a run directory: {@code shared/summary.md}, {@code summary.json}, one chart per load
 * condition ({@code shared/<load>.png}: mean trial time against threads, a line per variant), the article's
 * claims beside ours, and the memory tables beside its Table 1.
 */
public final class SharedConnectionReport {
    /** @return the JSON files a shared-connection sweep writes, for {@code docs/reference/run-files.md} */
    public static List<RunFile> runFiles() {
        return List.of(RunFile.of("shared/summary.json", "Per load and variant the cells over the trials, the memory"
                + " per connection and the findings.", SharedConnectionData.Summary.class),
                RunFile.of("shared/environment.json", "The server, driver, cores and JDK.",
                        SharedConnectionData.Environment.class),
                RunFile.of("shared/memory.json", "Memory per connection, client and server.",
                        SharedConnectionData.Memory.class),
                RunFile.of("shared/<load>-period.json", "CPU per process and wall time of a load's interleaved trials.",
                        SharedConnectionData.Period.class),
                RunFile.of("shared/<load>-<variant>.json", "One variant's trials under one load.",
                        SharedConnectionData.Trials.class));
    }

    private static final ObjectMapper JSON = ResultJson.MAPPER;

    private SharedConnectionReport() {
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
        SharedConnectionSettings s = m.settings(SharedConnectionSettings.class);
        Path base = Files.createDirectories(dir.resolve("shared"));
        SharedConnectionData.Environment env = read(base.resolve("environment.json"), SharedConnectionData.Environment.class);
        if (env == null) {
            env = new SharedConnectionData.Environment(List.of(), null, null, null, null, null, null);
        }
        SharedConnectionData.Article art = Seeds.read("002", SharedConnectionData.Article.class);
        List<Integer> plainCounts = new ArrayList<>(s.threads());
        List<Integer> loadedCounts = new ArrayList<>(s.threadsUnderLoad() == null ? List.of() : s.threadsUnderLoad());
        if (loadedCounts.isEmpty()) {
            loadedCounts.addAll(plainCounts);
        }
        StringBuilder md = new StringBuilder(header(s, env));
        Map<String, Map<String, SharedConnectionData.Cell>> json = new LinkedHashMap<>();
        Map<String, Map<String, Map<Integer, Double>>> means = new LinkedHashMap<>();
        Map<String, SharedConnectionData.Trials> trials = new LinkedHashMap<>();
        for (String load : s.loads()) {
            List<Integer> counts = load.equals("none") ? plainCounts : loadedCounts;
            Map<String, Map<Integer, Double>> loadMeans = new LinkedHashMap<>();
            means.put(load, loadMeans);
            md.append(loadSection(m, base, env, load, counts, loadMeans, json, trials));
        }
        md.append("\n## The article's claims beside ours\n\nThe article gives ratios only (its figures 1–3 are not in"
                + " the text). Ours are ratios of mean trial times in this run; p99 is over ")
                .append(s.trials()).append(" trials (with fewer than 100 it is the slowest one).\n\n");
        int max = plainCounts.stream().mapToInt(Integer::intValue).max().orElse(0);
        int maxLoaded = loadedCounts.stream().mapToInt(Integer::intValue).max().orElse(0);
        List<String> pools = new ArrayList<>();
        means.values().forEach(lm -> lm.keySet().forEach(v -> {
            if (!List.of("shared", "unpooled", "pgbouncer").contains(v) && !pools.contains(v)) {
                pools.add(v);
            }
        }));
        md.append(SharedConnectionClaims.rows(art.claims(), means, pools, max, loadedCounts).markdown());
        List<Finding> findings = SharedConnectionRounds.findings(trials, pools, max, maxLoaded);
        if (!findings.isEmpty()) {
            md.append("\n## Over rounds\n\nAt each thread count every variant ran one trial per round, the order"
                    + " rotated from round to round; the ratio of trial times is taken within each round, then"
                    + " summarised (geometric mean, 95 % interval by Student's t on the log ratios, n rounds):\n\n")
                    .append(Finding.bullets(findings)).append(Holm.markdown(findings.stream().map(Comparison::of)
                    .toList()));
        }
        SharedConnectionData.Memory mem = read(base.resolve("memory.json"), SharedConnectionData.Memory.class);
        if (mem != null) {
            md.append(MemoryTables.markdown(mem, art));
        }
        md.append("\nRun status: **").append(m.status()).append("**. Raw trials: `shared/<load>-<variant>.json`;"
                + " memory: `shared/memory.json`; the background load's log: `shared/load.log`.\n");
        Files.writeString(base.resolve("summary.md"), md.toString());
        JSON.writeValue(base.resolve("summary.json").toFile(), new SharedConnectionData.Summary(json, mem, findings));
        return md.toString();
    }

    /** The page's title, what a trial is, the background load and the environment, and the run's notes. */
    private static String header(SharedConnectionSettings s, SharedConnectionData.Environment env) {
        StringBuilder md = new StringBuilder("# One shared connection against a pool, under load\n\n");
        md.append(String.format(Locale.ROOT, "A trial: N platform threads, started and parked before the clock,"
                + " released together, each runs `%s` once (500 rows, all read) through its variant; time from the"
                + " release to the last thread's end. %d measured trials per variant and N after one unrecorded"
                + " warm-up trial (excluded). Pools and PgBouncer (transaction mode): %d connections, filled before"
                + " the trials (the setup column: opening the shared connection, or creating and filling the pool)."
                + (s.withConnecting() ? " In brackets: the mean of a second trial per round on the article's clock,"
                + " which includes that opening and the closing after the queries (the article's also included"
                + " starting the threads; ours starts them before the clock)." : "")
                + " Background load \"cross-join\": %d threads over a pool of %d in their own JVM, each running the"
                + " CROSS JOIN of 200 orders × 500 products back to back, %s (the article: JMeter, 150 threads, pool"
                + " 200, the join's 100,000 rows as the result). Server: %s, pgjdbc %s, PgBouncer: %s, %s cores,"
                + " %s.%n%n", s.query(), s.trials(), s.poolSize(), s.loadThreads(), s.loadPool(),
                s.loadQuery().equals("rows") ? "its 100,000 rows sent to the client and read (the"
                + " article's form)" : "summed in the server with one row back (not the article's form: the"
                + " server's CPU without the transfer)", Objects.requireNonNullElse(env.server(), "?"), Objects.requireNonNullElse(env.driver(), "?"),
                Objects.requireNonNullElse(env.pgBouncer(), "not run"), cores(env), Objects.requireNonNullElse(env.java(), "")));
        (env.notes() == null ? List.<String>of() : env.notes()).forEach(x -> md.append("- ").append(x).append("\n"));
        return md.toString();
    }

    /**
     * One background load's section: a row per variant (or its status when it failed), the CPU over the period and
     * the chart (written beside the summary).
     *
     * @param m the manifest
     * @param base the scenario's directory
     * @param env the environment the run recorded
     * @param load the background load
     * @param counts the thread counts run under it
     * @param loadMeans receives each variant's mean trial time per thread count
     * @param json receives each variant's cells for {@code summary.json}
     * @param trials receives each variant's trials, keyed {@code load/variant}
     * @return the Markdown
     * @throws IOException when files cannot be read or the chart not written
     */
    private static String loadSection(Manifest m, Path base, SharedConnectionData.Environment env, String load,
            List<Integer> counts, Map<String, Map<Integer, Double>> loadMeans,
            Map<String, Map<String, SharedConnectionData.Cell>> json, Map<String, SharedConnectionData.Trials> trials)
            throws IOException {
        StringBuilder md = new StringBuilder();
        md.append("\n## Load: ").append(load).append("\n\n");
        List<String> headers = new ArrayList<>(List.of("variant", ">setup ms"));
        counts.forEach(c -> headers.add(">" + c + " threads: mean / p99 ms"));
        headers.add(">failed queries");
        Table table = Table.of(headers.toArray(String[]::new));
        XYChart chart = new XYChartBuilder().width(1000).height(520).title("Shared connection, load " + load
                + ": mean trial time against threads").xAxisTitle("threads, one query each")
                .yAxisTitle("mean trial time, ms").build();
        for (PhaseEntry p : m.phases()) {
            String prefix = "shared:" + load + ":";
            if (!p.id().startsWith(prefix)) {
                continue;
            }
            String v = p.id().substring(prefix.length());
            Path f = base.resolve(load + "-" + v + ".json");
            if (!p.ok() || !Files.isRegularFile(f)) {
                table.markdownRow(MarkdownText.cell(v), MarkdownText.status(p.status(), p.reason()));
                continue;
            }
            SharedConnectionData.Trials r = JSON.readValue(f.toFile(), SharedConnectionData.Trials.class);
            trials.put(load + "/" + v, r);
            SharedConnectionRows.VariantRow row = SharedConnectionRows.row(r, counts);
            List<String> cells = new ArrayList<>(List.of(Redact.oneLine(r.label()), String.format(Locale.ROOT, "%,.1f",
                    r.setupMs())));
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            Map<Integer, Double> vm = new LinkedHashMap<>();
            Map<String, SharedConnectionData.Cell> vj = new LinkedHashMap<>();
            for (int c : counts) {
                SharedConnectionRows.CountCell cell = row.cells().get(c);
                if (cell == null) {
                    cells.add("–");
                    continue;
                }
                cells.add(String.format(Locale.ROOT, "%,.1f / %,.1f%s", cell.meanMs(), cell.p99Ms(),
                        cell.withConnectingMeanMs() == null ? ""
                                : String.format(Locale.ROOT, " (%,.1f)", cell.withConnectingMeanMs())));
                xs.add((double) c);
                ys.add(cell.meanMs());
                vm.put(c, cell.meanMs());
                vj.put(Integer.toString(c), new SharedConnectionData.Cell(cell.meanMs(), cell.p99Ms(), cell.n()));
            }
            loadMeans.put(v, vm);
            json.put(load + "/" + v, vj);
            int errors = row.errors();
            cells.add(Integer.toString(errors));
            table.row(cells.toArray(String[]::new));
            if (!xs.isEmpty()) {
                chart.addSeries(r.label(), xs, ys).setMarker(SeriesMarkers.CIRCLE);
            }
        }
        md.append(table.markdown());
        SharedConnectionData.Period period = read(base.resolve(load + "-period.json"), SharedConnectionData.Period.class);
        if (period != null && period.cpuCores() != null) {
            Map<String, Double> cpu = period.cpuCores();
            md.append(String.format(Locale.ROOT, "%nThe variants ran interleaved (per thread count one warm-up"
                    + " trial each, then rounds of one trial per variant, the order rotating), so a drifting load"
                    + " falls on all alike. Over the %.0f s: CPU client %s / server %s / background load %s /"
                    + " PgBouncer %s cores (of %s)%s.%n", period.wallS(), core(cpu, "client"),
                    core(cpu, "server"), core(cpu, "load"), core(cpu, "pgbouncer"), cores(env),
                    period.loadQueriesPerSecond() != null ? String.format(Locale.ROOT,
                            "; the background load completed %.1f CROSS JOINs per second, %d failed",
                            period.loadQueriesPerSecond(), period.loadErrors() == null ? 0 : period.loadErrors())
                            : ""));
        }
        if (!chart.getSeriesMap().isEmpty()) {
            BitmapEncoder.saveBitmap(chart, base.resolve(load).toString(), BitmapEncoder.BitmapFormat.PNG);
            md.append("\n![").append(load).append("](").append(load).append(".png)\n");
        }
        return md.toString();
    }

    private static <T> T read(Path f, Class<T> type) throws IOException {
        return Files.isRegularFile(f) ? JSON.readValue(f.toFile(), type) : null;
    }

    private static String core(Map<String, Double> cpu, String who) {
        Double v = cpu.get(who);
        return v != null ? String.format(Locale.ROOT, "%.2f", v) : "–";
    }

    private static String cores(SharedConnectionData.Environment env) {
        return env.cores() == null ? "?" : env.cores().toString();
    }

    /**
     * The findings this scenario puts on top of the suite's page, each a sentence with its figures (Markdown), from
     * the run's own {@code shared/summary.json}.
     *
     * @param dir the scenario's run directory
     * @return the findings; none when the summary is missing or damaged (the section says why)
     */
    public static List<Claim> findings(Path dir) {
        SharedConnectionData.Summary j = ResultJson.readIfPresent(dir.resolve("shared/summary.json"), SharedConnectionData.Summary.class).orElse(null);
        if (j == null) {
            return List.of();
        }
        String head = "**An in-process pool before PgBouncer or one shared connection** for one service: ";
        if (j.findings() != null && !j.findings().isEmpty()) {
            return List.of(Claim.of(head + String.join("; ", j.findings().stream().map(Finding::text).toList())
                    + ".", j.findings()));
        }
        Map<String, SharedConnectionData.Cell> bouncer = j.variants() == null ? null : j.variants().get("none/pgbouncer");
        Map<String, SharedConnectionData.Cell> hikari = j.variants() == null ? null : j.variants().get("none/hikari");
        if (bouncer == null || hikari == null || bouncer.isEmpty()) {
            return List.of();
        }
        int most = bouncer.keySet().stream().mapToInt(Integer::parseInt).max().orElse(0);
        SharedConnectionData.Cell b = bouncer.get(Integer.toString(most));
        SharedConnectionData.Cell h = hikari.get(Integer.toString(most));
        if (h == null || h.meanMs() <= 0) {
            return List.of();
        }
        return Claim.oneRun(List.of(String.format(Locale.ROOT, head + "%d threads each running one query took %.1f"
                + " ms through a new connection to PgBouncer against %.1f ms from HikariCP (%.2f ×, one run).", most,
                b.meanMs(), h.meanMs(), b.meanMs() / h.meanMs())));
    }
}
