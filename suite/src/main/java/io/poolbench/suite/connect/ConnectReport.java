package io.poolbench.suite.connect;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.report.Seeds;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.report.RunFile;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.PhaseEntry;
import io.poolbench.testbed.stats.Claim;
import io.poolbench.testbed.stats.Finding;
import io.poolbench.testbed.stats.RatioInterval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * The connect scenario's report from a run directory: {@code connect/summary.md}, {@code summary.json} and {@code tps.png}.
 * Per variant the median and range of tps including and excluding connection set-up over the measured runs, the
 * average time per connection (a connect, or a borrow), the ratio to the same client's connect-per-transaction
 * figure, and CPU per process; the article's rows beside them.
 */
public final class ConnectReport {
    /** @return the JSON files a connect sweep writes, for {@code docs/reference/run-files.md} */
    public static List<RunFile> runFiles() {
        return List.of(RunFile.of("connect/summary.json", "Per variant the transactions per second over the rounds,"
                + " and the findings.", ConnectData.Report.class),
                RunFile.of("connect/environment.json", "The server, authentication, pgbench and the proxies' versions.",
                        ConnectData.Environment.class),
                RunFile.of("connect/<variant>.json", "One variant's runs (pgbench or a Java client, direct or through a"
                        + " proxy).", ConnectData.Variant.class));
    }

    private static final ObjectMapper JSON = ResultJson.MAPPER;

    private ConnectReport() {
    }

    /**
     * The ratio the article's claim is about: tps including connection set-up with a pool ÷ without one.
     *
     * @param pooled tps including set-up through the pool (median)
     * @param unpooled tps including set-up with a new connection per transaction (median)
     * @return the ratio, NaN when either is missing or the baseline is 0
     */
    public static double ratio(double pooled, double unpooled) {
        return Double.isNaN(pooled) || Double.isNaN(unpooled) || unpooled == 0 ? Double.NaN : pooled / unpooled;
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
        ConnectSettings s = m.settings(ConnectSettings.class);
        Path base = Files.createDirectories(dir.resolve("connect"));
        ConnectData.Environment env = ResultJson.readIfPresent(base.resolve("environment.json"), ConnectData.Environment.class)
                .orElse(new ConnectData.Environment(List.of(), null, null, null, null, null, null, null, null));
        ConnectData.Article art = Seeds.read("003", ConnectData.Article.class);
        boolean comparable = s.clients() == art.clients() && s.transactions() == art.transactions()
                && s.scale() == art.scale();
        StringBuilder md = new StringBuilder(header(s, env));
        Table table = Table.of("variant", ">runs", ">tps incl. median (min–max)", ">tps excl. median (min–max)",
                ">connect ms", ">ratio", "CPU client / server / pooler");
        Map<String, ConnectData.Summary> json = new LinkedHashMap<>();
        ConnectVariants read = ConnectVariants.read(m, base);
        List<ConnectData.Variant> rows = read.ok();
        Map<String, Double> baseline = baselines(rows);
        List<String> labels = new ArrayList<>();
        List<Double> incl = new ArrayList<>();
        List<Double> excl = new ArrayList<>();
        for (ConnectData.Variant r : Stream.concat(rows.stream(), read.interrupted().stream()).toList()) {
            List<Double> in = values(r, ConnectData.Run::tpsIncluding);
            List<Double> ex = values(r, ConnectData.Run::tpsExcluding);
            List<Double> connect = values(r, ConnectData.Run::avgConnectMs);
            double med = Figures.median(in);
            double ratio = ratio(med, baseline.getOrDefault(r.client(), Double.NaN));
            String derived = r.runs().isEmpty() || r.runs().get(0).derived() == null ? ""
                    : r.runs().get(0).derived();
            table.row(r.describe(), Integer.toString(in.size()), range(in) + (derived.equals("including") ? "*" : ""),
                    range(ex) + (derived.equals("excluding") ? "*" : ""), Figures.fixed(Figures.median(connect), 3),
                    Double.isNaN(ratio) ? "–" : String.format(Locale.ROOT, "%.2f ×", ratio),
                    cores(r, "client") + " / " + cores(r, "server") + " / " + cores(r, "pooler"));
            json.put(r.id(), new ConnectData.Summary(r.describe(), in.size(), med, Figures.min(in), Figures.max(in),
                    Figures.median(ex), Figures.median(connect), ratio));
            labels.add(r.id());
            incl.add(med);
            excl.add(Figures.median(ex));
        }
        for (PhaseEntry p : read.notOk()) {
            table.markdownRow(MarkdownText.cell(p.id().substring("connect:".length())), "", MarkdownText.status(p.status(), p.reason()));
        }
        md.append(table.markdown());
        List<Finding> findings = findings(rows);
        md.append(Finding.bullets("\nOver rounds (each round ran every variant once, the order rotated from round to"
                + " round; the ratio of tps including set-up to the same client's new connection per transaction is"
                + " taken within each round, then summarised: geometric mean, 95 % interval by Student's t on the log"
                + " ratios, n rounds):\n\n", findings));
        md.append("\nThe article (").append(art.setup()).append("):\n\n");
        Table article = Table.of("article", ">runs", ">tps incl. median (min–max)", ">tps excl. median (min–max)",
                ">connect ms ≈ 1 ÷ incl.", ">ratio");
        double artBase = Figures.median(art.tps().get("no pool").including());
        art.tps().forEach((route, runs) -> {
            List<Double> in = runs.including();
            List<Double> ex = runs.excluding();
            article.row("pgbench 8.4 -S -C -c 30 -t 300, " + route, Integer.toString(in.size()), range(in), range(ex),
                    String.format(Locale.ROOT, "%.1f", 1000 / Figures.median(in)), String.format(Locale.ROOT,
                            "%.2f × (%.2f–%.2f)", Figures.median(in) / artBase, Figures.min(in) / artBase,
                            Figures.max(in) / artBase));
            if (comparable) {
                labels.add("article: " + route);
                incl.add(Figures.median(in));
                excl.add(Figures.median(ex));
            }
        });
        md.append(article.markdown());
        if (!comparable) {
            md.append("\n**Not comparable: this run's clients, transactions or scale differ from the article's.**\n");
        }
        md.append(chart(labels, incl, excl, base));
        md.append("\nRun status: **").append(m.status()).append("**. Raw runs: `connect/<variant>.json`; pgbench's"
                + " output: `connect/pgbench.log`; the poolers' filled configuration files and logs:"
                + " `connect/pgbouncer/`, `connect/pgpool-ii/`.\n");
        Files.writeString(base.resolve("summary.md"), md.toString());
        JSON.writeValue(base.resolve("summary.json").toFile(), new ConnectData.Report(json, findings));
        return md.toString();
    }

    /**
     * Draws {@code tps.png}: each variant's median tps, including and excluding connection set-up, on a log scale.
     *
     * @return the image's line; empty without a variant to draw
     * @throws IOException when the chart cannot be written
     */
    private static String chart(List<String> labels, List<Double> incl, List<Double> excl, Path base)
            throws IOException {
        if (labels.isEmpty()) {
            return "";
        }
        CategoryChart c = new CategoryChartBuilder().width(1100).height(560)
                .title("Connect: tps with a connection per transaction, median of the runs")
                .xAxisTitle("variant").yAxisTitle("transactions per second (log)").build();
        c.getStyler().setYAxisLogarithmic(true);
        c.getStyler().setYAxisMin(1.0);
        c.getStyler().setXAxisLabelRotation(60);
        c.addSeries("including connection set-up", labels, incl.stream().map(ConnectReport::positive).toList());
        c.addSeries("excluding connection set-up", labels, excl.stream().map(ConnectReport::positive).toList());
        BitmapEncoder.saveBitmap(c, base.resolve("tps").toString(), BitmapEncoder.BitmapFormat.PNG);
        return "\n![tps per variant](tps.png)\n";
    }

    /** @return per client, the median tps including set-up of its new connection per transaction: the ratios' base */
    private static Map<String, Double> baselines(List<ConnectData.Variant> rows) {
        Map<String, Double> baseline = new LinkedHashMap<>();
        for (ConnectData.Variant r : rows) {
            if (r.reconnect() && !r.pooled()) {
                baseline.put(r.client(), Figures.median(values(r, ConnectData.Run::tpsIncluding)));
            }
        }
        return baseline;
    }

    /** The page's title, the transaction and the clients, the servers and tools, and how to read the table. */
    private static String header(ConnectSettings s, ConnectData.Environment env) {
        StringBuilder md = new StringBuilder("# A new connection per transaction against a pool\n\n");
        md.append(String.format(Locale.ROOT, "pgbench's select-only transaction (one account by primary key, scale"
                + " %d), %d clients × %d transactions, %d measured runs per variant after one unrecorded warm-up run"
                + " of %d transactions per client (excluded from every figure). Server: %s, loopback TCP"
                + " authentication **%s** (it sets what a connection costs: trust skips the password exchange that md5"
                + " or scram-sha-256 add). pgbench: %s, %d thread(s). PgBouncer: %s. pgpool-II: %s. %s cores, %s.%n%n",
                s.scale(), s.clients(), s.transactions(), s.runs(), s.warmupTransactions(), Objects.requireNonNullElse(env.server(), "?"), Objects.requireNonNullElse(env.auth(), "?"),
                Objects.requireNonNullElse(env.pgbench(), "not run"), s.pgbenchThreads(), Objects.requireNonNullElse(env.pgBouncer(), "not run"),
                Objects.requireNonNullElse(env.pgpool(), "not run"), env.cores() == null ? "?" : env.cores().toString(), Objects.requireNonNullElse(env.java(), "")));
        (env.notes() == null ? List.<String>of() : env.notes()).forEach(x -> md.append("- ").append(x).append("\n"));
        md.append("\nincl. = transactions ÷ elapsed; excl. = transactions ÷ (elapsed − connection time ÷ threads),"
                + " pgbench 8.4's formula (pgbench ≥ 14 prints one of the two; the other is derived and marked *)."
                + " Connect = average time per connection: a new connection, or a borrow from a pool. Ratio = incl."
                + " ÷ the same client's new-connection-per-transaction median (Java unpooled; pgbench -C direct)."
                + " Java pools are filled to their size before the clock starts (a service's pool is warm); PgBouncer"
                + " and pgpool-II stay up across a variant's runs, as the article's pgpool-II did. CPU"
                + " = cores busy during the run (client / server / pooler; 1.0 = one core), median over runs.\n\n");
        return md.toString();
    }

    /**
     * @param rows the variants that ended ok
     * @return each variant that ran in rounds against its client's new connection per transaction (Java unpooled;
     *     pgbench -C direct) in tps including set-up, paired within rounds
     */
    static List<Finding> findings(List<ConnectData.Variant> rows) {
        List<Finding> out = new ArrayList<>();
        for (ConnectData.Variant base : rows) {
            if (!base.reconnect() || base.pooled() || !ConnectData.ROUNDS.equals(base.order())) {
                continue;
            }
            for (ConnectData.Variant v : rows) {
                if (v == base || !v.client().equals(base.client()) || !ConnectData.ROUNDS.equals(v.order())) {
                    continue;
                }
                RatioInterval.paired(values(v, ConnectData.Run::tpsIncluding), values(base,
                        ConnectData.Run::tpsIncluding)).ifPresent(ri -> out.add(new Finding("tps incl. set-up",
                        v.id(), base.id(), true, ri)));
            }
        }
        return out;
    }

    private static double positive(double v) {
        return Double.isNaN(v) || v <= 0 ? 0.001 : v;
    }

    private static String cores(ConnectData.Variant r, String who) {
        List<Double> v = r.runs().stream().map(x -> x.cpuCores() == null ? null : x.cpuCores().get(who))
                .filter(x -> x != null).toList();
        return v.isEmpty() ? "–" : String.format(Locale.ROOT, "%.2f", Figures.median(v));
    }

    private static List<Double> values(ConnectData.Variant r, ToDoubleFunction<ConnectData.Run> field) {
        return r.runs().stream().map(x -> field.applyAsDouble(x)).toList();
    }

    private static String range(List<Double> v) {
        if (v.isEmpty()) {
            return "–";
        }
        return String.format(Locale.ROOT, "%,.1f (%,.1f–%,.1f)", Figures.median(v), Figures.min(v), Figures.max(v));
    }

    /**
     * The findings this scenario puts on top of the suite's page, each a sentence with its figures (Markdown), from
     * the run's own {@code connect/summary.json}.
     *
     * @param dir the scenario's run directory
     * @return the findings; none when the summary is missing or damaged (the section says why)
     */
    public static List<Claim> findings(Path dir) {
        Path file = dir.resolve("connect/summary.json");
        ConnectData.Report j = ResultJson.readIfPresent(file, ConnectData.Report.class)
                .filter(x -> x.variants() != null).orElse(null);
        if (j == null) {
            return List.of();
        }
        if (j.findings() != null && !j.findings().isEmpty()) {
            return List.of(Claim.of("**Never open a connection per request**: " + String.join("; ", j.findings()
                    .stream().map(Finding::text).toList()) + ".", j.findings()));
        }
        List<String> parts = new ArrayList<>();
        j.variants().forEach((id, v) -> {
            double r = v.ratioToNewConnection();
            if (!Double.isNaN(r) && r != 1.0 && (id.startsWith("java-") || id.startsWith("pgbench-C-"))) {
                parts.add(String.format(Locale.ROOT, "%s %.1f ×", id, r));
            }
        });
        return Claim.oneRun(parts.isEmpty() ? List.of() : List.of("**Never open a connection per request**:"
                + " transactions per second against a new connection per transaction: " + String.join(", ", parts)
                + "."));
    }
}
