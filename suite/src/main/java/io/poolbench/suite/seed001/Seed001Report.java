package io.poolbench.suite.seed001;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.poolbench.suite.report.Seeds;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.PhaseEntry;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report of {@code sweep concurrency} (seed 001): per index setting our table (req/s, avg, P95, p99, max, errors,
 * pool waiters, CPU per process) beside the article's, a chart of req/s and P95 against users with a line per stack
 * (and the article's two stacks dashed), and the checks of shape the article's claims rest on: the plateau of
 * req/s above 100 users, R2DBC ÷ JDBC, the cells where R2DBC's P95 is lower, the index's effect, and Little's law
 * (users ÷ req/s − avg: the pause per iteration). Writes {@code concurrency/summary.md}, {@code summary.json},
 * {@code with-index.png}, {@code without-index.png}.
 */
public final class Seed001Report {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final Color[] COLORS = {new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44),
        new Color(214, 39, 40), new Color(148, 103, 189), new Color(140, 86, 75), new Color(227, 119, 194)};

    private Seed001Report() {
    }

    /**
     * {@code concurrency/summary.json}: the figures the page's findings are made of.
     *
     * @param indexes per index setting ({@code with}, {@code without}) its checks
     * @param withOverWithout req/s with ÷ without the index, per stack and users
     */
    public record Summary(Map<String, IndexChecks> indexes, List<IndexEffect> withOverWithout) {
    }

    /**
     * @param plateau per stack id, req/s from 100 users on, min ÷ max (1.00 = flat)
     * @param r2dbcOverJdbc req/s of each R2DBC stack ÷ each JDBC stack, per users
     */
    public record IndexChecks(Map<String, Double> plateau, List<Ratio> r2dbcOverJdbc) {
    }

    /**
     * @param r2dbc the R2DBC stack's id
     * @param jdbc the JDBC stack's id
     * @param users the step's users
     * @param ratio req/s R2DBC ÷ JDBC
     */
    public record Ratio(String r2dbc, String jdbc, int users, double ratio) {
    }

    /**
     * @param stack the stack's id
     * @param users the step's users
     * @param ratio req/s with ÷ without the index
     */
    public record IndexEffect(String stack, int users, double ratio) {
    }

    /** One stack's steps as read back, users → step. */
    private record StackData(String id, String label, boolean r2dbc, Map<Integer, Seed001Data.Step> steps) {
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
        Seed001Settings s = JSON.treeToValue(m.settings(), Seed001Settings.class);
        Path base = Files.createDirectories(dir.resolve("concurrency"));
        Seed001Data.Environment env = Files.isRegularFile(base.resolve("environment.json"))
                ? JSON.readValue(base.resolve("environment.json").toFile(), Seed001Data.Environment.class)
                : new Seed001Data.Environment(null, null, null);
        Seed001Data.Article art = Seeds.read("001", Seed001Data.Article.class);
        StringBuilder md = new StringBuilder("# Seed 001: JDBC pools against R2DBC, 10…300 users, with and without"
                + " the index\n\n");
        md.append(String.format(Locale.ROOT, "The webapp (embedded Tomcat, %d request threads, its own JVM) serves"
                + " seed 001's paged range query (a random customer, a 60-day window, 20 rows, page 0–2) from a pool"
                + " of **%d** connections for every stack (filled before the load). JMeter (its own JVM) runs N users"
                + " at once in a closed loop with %s between a user's requests; once JMeter has started every"
                + " user (on 2 busy cores it needs seconds for hundreds of threads), %d s of warm-up are"
                + " **excluded**, then %d s are measured and JMeter is shut down gracefully: every user runs"
                + " through the whole measured window%s. CPU figures cover the same window. Response"
                + " times: request sent to last byte, ms, as JMeter measures them; P95/p99 from an HdrHistogram (3"
                + " significant digits); n = requests that completed in the measured window, req/s = n ÷ the window. Server: %s, %s cores shared by the database, the"
                + " webapp and JMeter, %s orders. JDBC stacks: the servlet borrows, queries and returns on its"
                + " request thread. R2DBC (r2dbc-pool over r2dbc-postgresql): *blocking* = the request thread waits"
                + " for the reactive query (what a synchronous servlet must do), *async servlet* = Servlet async, no"
                + " Tomcat thread held while the database works (what the article's Spring MVC + coroutines"
                + " stack does). The article's JDBC stack ran on Dispatchers.IO, ours on Tomcat's threads.%n%n",
                s.maxThreads(), s.poolSize(), s.thinkMs() == 0 ? "**no pause**" : s.thinkMs() + " ms",
                s.warmupSeconds(), s.stepSeconds(), startNote(base, s),
                env.server() == null ? "PostgreSQL" : env.server(), env.cores() == null ? "?" : env.cores().toString(),
                String.format(Locale.ROOT, "%,d", s.rows())));
        md.append(String.format(Locale.ROOT, "The article: %s%n%n", art.setup()));
        Map<String, IndexChecks> checked = new LinkedHashMap<>();
        Map<String, Map<String, StackData>> byIndex = new LinkedHashMap<>();
        for (String index : s.indexes()) {
            md.append("## ").append(index.equals("with") ? "With" : "Without").append(" the index\n\n");
            Map<String, StackData> stacks = new LinkedHashMap<>();
            List<String> missing = new ArrayList<>();
            for (Stack st : s.stacks()) {
                String id = st.id();
                Path f = base.resolve(index).resolve(id + ".json");
                PhaseEntry ph = m.phases().stream().filter(p -> p.id().equals("concurrency:" + index + ":"
                        + id)).findFirst().orElse(null);
                if (Files.isRegularFile(f)) {
                    Seed001Data.StackRun j = JSON.readValue(f.toFile(), Seed001Data.StackRun.class);
                    Map<Integer, Seed001Data.Step> steps = new TreeMap<>();
                    j.steps().forEach(x -> steps.put(x.users(), x));
                    stacks.put(id, new StackData(id, st.label(), st.r2dbc(), steps));
                }
                if (ph != null && !ph.ok()) {
                    missing.add("- " + st.label() + ": **" + ph.status().toUpperCase(Locale.ROOT)
                            + "**" + (ph.reason() == null ? "" : ": " + Figures.cell(ph.reason())));
                }
            }
            byIndex.put(index, stacks);
            md.append(ours(stacks, s));
            missing.forEach(x -> md.append(x).append("\n"));
            md.append("\nThe article, ").append(index).append(" the index (k6, 60 s steps; ms):\n\n");
            md.append(article(art.rows(index)));
            String png = index + "-index.png";
            if (chart(stacks, art.rows(index), index, base.resolve(png))) {
                md.append("\n![req/s and P95 against users, ").append(index).append(" the index](").append(png)
                        .append(")\n");
            }
            IndexChecks ic = new IndexChecks(new LinkedHashMap<>(), new ArrayList<>());
            md.append("\n").append(checks(stacks, art.rows(index), index, ic));
            checked.put(index, ic);
        }
        List<IndexEffect> effects = new ArrayList<>();
        md.append(indexEffect(byIndex, art, effects));
        md.append("\n**The article's conclusion**: ").append(art.conclusion()).append("\n");
        md.append("\nRun status: **").append(m.status()).append("**. Raw data: `concurrency/<index>/<stack>.json`;"
                + " per step `concurrency/<index>/<stack>/<users>-users/` (JMeter's samples `results.csv`, its log,"
                + " the pool's state every 500 ms `pool.csv`); the profile each stack ran with (resized) beside them.\n");
        Files.writeString(base.resolve("summary.md"), md.toString());
        JSON.writeValue(base.resolve("summary.json").toFile(), new Summary(checked, effects));
        return md.toString();
    }

    /** The slowest start of all users over the run's steps, as a clause for the introduction. */
    private static String startNote(Path base, Seed001Settings s) throws IOException {
        double worst = 0;
        int at = 0;
        for (String ix : s.indexes()) {
            for (Stack st : s.stacks()) {
                Path f = base.resolve(ix).resolve(st.id() + ".json");
                if (Files.isRegularFile(f)) {
                    for (Seed001Data.Step step : JSON.readValue(f.toFile(), Seed001Data.StackRun.class).steps()) {
                        double v = step.usersStartedSeconds() == null || step.usersStartedSeconds().isNaN() ? 0
                                : step.usersStartedSeconds();
                        if (v > worst) {
                            worst = v;
                            at = step.users();
                        }
                    }
                }
            }
        }
        return worst == 0 ? "" : String.format(Locale.ROOT, " (JMeter needed up to %.1f s to start its %d users)",
                worst, at);
    }

    private static String ours(Map<String, StackData> stacks, Seed001Settings s) {
        StringBuilder md = new StringBuilder("| users | stack | n | req/s | avg ms | P95 ms | p99 ms | max ms | errors"
                + " | waiting max | CPU webapp / JMeter / DB (cores) |\n|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (int users : s.users()) {
            for (StackData d : stacks.values()) {
                Seed001Data.Step r = d.steps().get(users);
                if (r == null) {
                    continue;
                }
                if ((r.failed() != null) && !r.measured()) {
                    md.append(String.format(Locale.ROOT, "| %d | %s | | **FAILED**: %s | | | | | | | |%n", users,
                            d.label(), Figures.cell(r.failed())));
                    continue;
                }
                md.append(String.format(Locale.ROOT, "| %d | %s | %,d | %s%s | %s | %d | %d | %d | %d | %s | %s |%n",
                        users, d.label(), r.requests(), Figures.fixed(r.reqPerSecond(), 1),
                        (r.failed() != null) ? " **FAILED**: " + Figures.cell(r.failed()) : "",
                        Figures.fixed(r.avgMs(), 1), r.p95Ms(), r.p99Ms(),
                        r.maxMs(), r.errors(),
                        r.maxWaiting() == null || r.maxWaiting() < 0 ? "n/a" : Integer.toString(r.maxWaiting()),
                        cores(r)));
            }
        }
        return md.append("\n*waiting max*: most borrowers waiting for a connection in the 500 ms samples of"
                + " `/pool` (R2DBC: pending acquires).\n\n").toString();
    }

    private static String cores(Seed001Data.Step r) {
        Map<String, Double> c = r.cpuCores() == null ? Map.of() : r.cpuCores();
        return String.format(Locale.ROOT, "%s / %s / %s", c1(c.get("webapp")), c1(c.get("jmeter")),
                c1(c.get("database")));
    }

    private static String c1(Double v) {
        return v != null ? String.format(Locale.ROOT, "%.2f", v) : "–";
    }

    private static String article(List<Seed001Data.ArticleRow> rows) {
        StringBuilder md = new StringBuilder("| users | JDBC req/s | JDBC avg | JDBC P95 | R2DBC req/s | R2DBC avg |"
                + " R2DBC P95 |\n|---:|---:|---:|---:|---:|---:|---:|\n");
        rows.forEach(r -> md.append(String.format(Locale.ROOT, "| %d | %.1f | %.2f | %.2f | %.1f | %.2f | %.2f |%n",
                r.users(), r.jdbcReqPerSecond(), r.jdbcAvgMs(), r.jdbcP95Ms(), r.r2dbcReqPerSecond(),
                r.r2dbcAvgMs(), r.r2dbcP95Ms())));
        return md.toString();
    }

    /** Req/s and P95 against users, two panels side by side in one PNG; the article's stacks dashed. */
    private static boolean chart(Map<String, StackData> stacks, List<Seed001Data.ArticleRow> art, String index,
            Path png)
            throws IOException {
        XYChart rate = new XYChartBuilder().width(760).height(480).title("req/s, " + index + " the index")
                .xAxisTitle("users").yAxisTitle("requests per second").build();
        XYChart p95 = new XYChartBuilder().width(760).height(480).title("P95 response time, " + index + " the index")
                .xAxisTitle("users").yAxisTitle("ms (log)").build();
        p95.getStyler().setYAxisLogarithmic(true);
        boolean any = false;
        int c = 0;
        for (StackData d : stacks.values()) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            List<Double> y95 = new ArrayList<>();
            d.steps().forEach((users, r) -> {
                if (r.measured() && r.requests() > 0) {
                    x.add((double) users);
                    y.add(r.reqPerSecond());
                    y95.add((double) Math.max(1, r.p95Ms()));
                }
            });
            if (x.isEmpty()) {
                continue;
            }
            any = true;
            Color col = COLORS[c++ % COLORS.length];
            style(rate.addSeries(d.label(), x, y), col, false);
            style(p95.addSeries(d.label(), x, y95), col, false);
        }
        if (!any) {
            return false;
        }
        List<Double> ax = new ArrayList<>();
        List<Double> jr = new ArrayList<>();
        List<Double> rr = new ArrayList<>();
        List<Double> jp = new ArrayList<>();
        List<Double> rp = new ArrayList<>();
        art.forEach(r -> {
            ax.add((double) r.users());
            jr.add(r.jdbcReqPerSecond());
            jp.add(r.jdbcP95Ms());
            rr.add(r.r2dbcReqPerSecond());
            rp.add(r.r2dbcP95Ms());
        });
        style(rate.addSeries("article JDBC", ax, jr), Color.GRAY, true);
        style(rate.addSeries("article R2DBC", ax, rr), Color.BLACK, true);
        style(p95.addSeries("article JDBC", ax, jp), Color.GRAY, true);
        style(p95.addSeries("article R2DBC", ax, rp), Color.BLACK, true);
        BufferedImage left = BitmapEncoder.getBufferedImage(rate);
        BufferedImage right = BitmapEncoder.getBufferedImage(p95);
        BufferedImage both = new BufferedImage(left.getWidth() + right.getWidth(), Math.max(left.getHeight(),
                right.getHeight()), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = both.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, both.getWidth(), both.getHeight());
        g.drawImage(left, 0, 0, null);
        g.drawImage(right, left.getWidth(), 0, null);
        g.dispose();
        ImageIO.write(both, "png", png.toFile());
        return true;
    }

    private static void style(XYSeries s, Color c, boolean article) {
        s.setLineColor(c);
        s.setMarkerColor(c);
        s.setMarker(article ? SeriesMarkers.NONE : SeriesMarkers.CIRCLE);
        s.setLineStyle(article ? SeriesLines.DASH_DASH : SeriesLines.SOLID);
    }

    /** The article's shape, checked on our numbers. */
    private static String checks(Map<String, StackData> stacks, List<Seed001Data.ArticleRow> art, String index,
            IndexChecks j) {
        StringBuilder md = new StringBuilder("Checks of shape, ").append(index).append(" the index:\n\n");
        md.append("| check | article | ours |\n|---|---|---|\n");
        // plateau: req/s at 100 users and above, min ÷ max
        StringBuilder ours = new StringBuilder();
        for (StackData d : stacks.values()) {
            List<Double> v = rates(d, 100);
            if (v.size() >= 2) {
                double ratio = Figures.min(v) / Figures.max(v);
                ours.append(String.format(Locale.ROOT, "%s %.2f (%s–%s req/s); ", d.label(), ratio,
                        Figures.fixed(Figures.min(v), 0), Figures.fixed(Figures.max(v), 0)));
                j.plateau().put(d.id(), ratio);
            }
        }
        md.append(String.format(Locale.ROOT, "| plateau: req/s from 100 users on, min ÷ max (1.00 = flat) | JDBC %.2f,"
                + " R2DBC %.2f | %s |%n", minOver(art, Seed001Data.ArticleRow::jdbcReqPerSecond, 100) / maxOver(art, Seed001Data.ArticleRow::jdbcReqPerSecond, 100),
                minOver(art, Seed001Data.ArticleRow::r2dbcReqPerSecond, 100) / maxOver(art, Seed001Data.ArticleRow::r2dbcReqPerSecond, 100), trim(ours)));
        // R2DBC ÷ JDBC req/s per users
        List<StackData> jdbc = stacks.values().stream().filter(d -> !d.r2dbc()).toList();
        List<StackData> r2 = stacks.values().stream().filter(StackData::r2dbc).toList();
        StringBuilder artRatio = new StringBuilder();
        art.forEach(r -> artRatio.append(String.format(Locale.ROOT, "%d: %.2f; ", r.users(),
                r.r2dbcReqPerSecond() / r.jdbcReqPerSecond())));
        for (StackData r : r2) {
            for (StackData d : jdbc) {
                StringBuilder o = new StringBuilder();
                r.steps().forEach((users, x) -> {
                    Seed001Data.Step y = d.steps().get(users);
                    if (y != null && x.measured() && y.measured()) {
                        double q = x.reqPerSecond() / y.reqPerSecond();
                        o.append(String.format(Locale.ROOT, "%d: %.2f; ", users, q));
                        j.r2dbcOverJdbc().add(new Ratio(r.id(), d.id(), users, q));
                    }
                });
                md.append("| req/s ").append(r.label()).append(" ÷ ").append(d.label()).append(", by users | ")
                        .append(trim(artRatio)).append(" | ").append(trim(o)).append(" |\n");
            }
        }
        // P95 cells where R2DBC is lower than JDBC
        int artCells = 0;
        StringBuilder artWhere = new StringBuilder();
        for (Seed001Data.ArticleRow r : art) {
            if (r.r2dbcP95Ms() < r.jdbcP95Ms()) {
                artCells++;
                artWhere.append(r.users()).append(", ");
            }
        }
        for (StackData r : r2) {
            for (StackData d : jdbc) {
                int n = 0;
                int of = 0;
                StringBuilder where = new StringBuilder();
                for (Map.Entry<Integer, Seed001Data.Step> e : r.steps().entrySet()) {
                    Seed001Data.Step y = d.steps().get(e.getKey());
                    if (y != null && e.getValue().measured() && y.measured()) {
                        of++;
                        if (e.getValue().p95Ms() < y.p95Ms()) {
                            n++;
                            where.append(e.getKey()).append(", ");
                        }
                    }
                }
                md.append(String.format(Locale.ROOT, "| P95 lower with %s than %s: steps | %d of %d%s | %d of %d%s |%n",
                        r.label(), d.label(), artCells, art.size(), artCells == 0 ? "" : " (users " + trim(artWhere)
                                + ")", n, of, n == 0 ? "" : " (users " + trim(where) + ")"));
            }
        }
        // Little's law: users ÷ req/s − avg = the pause per iteration (ms)
        List<Double> artPause = new ArrayList<>();
        art.forEach(r -> {
            artPause.add(r.users() * 1000 / r.jdbcReqPerSecond() - r.jdbcAvgMs());
            artPause.add(r.users() * 1000 / r.r2dbcReqPerSecond() - r.r2dbcAvgMs());
        });
        List<Double> ourPause = new ArrayList<>();
        stacks.values().forEach(d -> d.steps().forEach((users, x) -> {
            if (x.measured() && x.reqPerSecond() > 0) {
                ourPause.add(users * 1000.0 / x.reqPerSecond() - x.avgMs());
            }
        }));
        md.append(String.format(Locale.ROOT, "| users ÷ req/s − avg (ms): time per iteration outside the request |"
                + " %.1f … %.1f (a pause per iteration) | %s |%n", Figures.min(artPause), Figures.max(artPause),
                ourPause.isEmpty() ? "–" : String.format(Locale.ROOT, "%.1f … %.1f (no pause configured: this is"
                        + " JMeter's own time between requests; hundreds of ms mean the load generator, short of CPU,"
                        + " kept fewer users busy than it ran)", Figures.min(ourPause), Figures.max(ourPause))));
        return md.append("\n").toString();
    }

    private static String indexEffect(Map<String, Map<String, StackData>> byIndex, Seed001Data.Article art,
            List<IndexEffect> effects) {
        Map<String, StackData> with = byIndex.get("with");
        Map<String, StackData> without = byIndex.get("without");
        if (with == null || without == null) {
            return "";
        }
        StringBuilder md = new StringBuilder("## What the index is worth\n\nreq/s with ÷ without the index at the"
                + " same users (the article: JDBC ");
        List<Seed001Data.ArticleRow> aw = art.withIndex();
        List<Seed001Data.ArticleRow> an = art.withoutIndex();
        List<String> a = new ArrayList<>();
        for (int i = 0; i < aw.size(); i++) {
            a.add(String.format(Locale.ROOT, "%d users %.1f ×", aw.get(i).users(),
                    aw.get(i).jdbcReqPerSecond() / an.get(i).jdbcReqPerSecond()));
        }
        md.append(a.get(0)).append(" … ").append(a.get(a.size() - 1)).append("; R2DBC ").append(String.format(
                Locale.ROOT, "%.1f × … %.1f ×", aw.get(0).r2dbcReqPerSecond() / an.get(0).r2dbcReqPerSecond(),
                aw.get(aw.size() - 1).r2dbcReqPerSecond() / an.get(an.size() - 1).r2dbcReqPerSecond()))
                .append("):\n\n");
        md.append("| stack | by users |\n|---|---|\n");
        for (StackData d : with.values()) {
            StackData n = without.get(d.id());
            if (n == null) {
                continue;
            }
            StringBuilder o = new StringBuilder();
            d.steps().forEach((users, x) -> {
                Seed001Data.Step y = n.steps().get(users);
                if (y != null && x.measured() && y.measured() && y.reqPerSecond() > 0) {
                    double q = x.reqPerSecond() / y.reqPerSecond();
                    o.append(String.format(Locale.ROOT, "%d: %.1f ×; ", users, q));
                    effects.add(new IndexEffect(d.id(), users, q));
                }
            });
            md.append("| ").append(d.label()).append(" | ").append(trim(o)).append(" |\n");
        }
        return md.toString();
    }

    private static List<Double> rates(StackData d, int fromUsers) {
        List<Double> v = new ArrayList<>();
        d.steps().forEach((users, r) -> {
            if (users >= fromUsers && r.measured() && r.requests() > 0) {
                v.add(r.reqPerSecond());
            }
        });
        return v;
    }

    private static double minOver(List<Seed001Data.ArticleRow> art, ToDoubleFunction<Seed001Data.ArticleRow> col,
            int fromUsers) {
        double m = Double.MAX_VALUE;
        for (Seed001Data.ArticleRow r : art) {
            if (r.users() >= fromUsers) {
                m = Math.min(m, col.applyAsDouble(r));
            }
        }
        return m;
    }

    private static double maxOver(List<Seed001Data.ArticleRow> art, ToDoubleFunction<Seed001Data.ArticleRow> col,
            int fromUsers) {
        double m = 0;
        for (Seed001Data.ArticleRow r : art) {
            if (r.users() >= fromUsers) {
                m = Math.max(m, col.applyAsDouble(r));
            }
        }
        return m;
    }

    private static String trim(StringBuilder sb) {
        String t = sb.toString().trim();
        while (t.endsWith(";") || t.endsWith(",")) {
            t = t.substring(0, t.length() - 1).trim();
        }
        return t.isEmpty() ? "–" : t;
    }

    /**
     * The findings this scenario puts on top of the suite's page, each a sentence with its figures (Markdown), from
     * the run's own {@code concurrency/summary.json}.
     *
     * @param dir the scenario's run directory
     * @return the findings; none when the summary is missing or damaged (the section says why)
     */
    public static List<String> findings(Path dir) {
        Summary j;
        try {
            j = JSON.readValue(dir.resolve("concurrency/summary.json").toFile(), Summary.class);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        IndexChecks with = j.indexes() == null ? null : j.indexes().get("with");
        if (with != null && !with.r2dbcOverJdbc().isEmpty()) {
            int users = with.r2dbcOverJdbc().stream().mapToInt(Ratio::users).max().orElse(0);
            List<String> parts = with.r2dbcOverJdbc().stream().filter(r -> r.users() == users)
                    .map(r -> String.format(Locale.ROOT, "%s ÷ %s %.2f ×", r.r2dbc(), r.jdbc(), r.ratio())).toList();
            out.add(String.format(Locale.ROOT, "**R2DBC behind a servlet** (seed 001's question): req/s R2DBC ÷ JDBC at"
                    + " %d users with the index: %s (the article: %s); the P95 and p99 columns and the CPU per process"
                    + " say where each stack spent its time.", users, String.join(", ", parts), articleRatio(users)));
        }
        List<String> ix = (j.withOverWithout() == null ? List.<IndexEffect>of() : j.withOverWithout()).stream()
                .filter(e -> e.users() == 100 || e.users() == 300)
                .map(e -> String.format(Locale.ROOT, "%s at %d users %.0f ×", e.stack(), e.users(), e.ratio())).toList();
        if (!ix.isEmpty()) {
            out.add("**An index beats any pool setting**: req/s with ÷ without the index on (customer_id,"
                    + " created_at): " + String.join(", ", ix) + ".");
        }
        return out;
    }

    /** The article's R2DBC ÷ JDBC req/s with the index at a user count, from {@code src/seeds/seed001.json}. */
    private static String articleRatio(int users) {
        try {
            for (Seed001Data.ArticleRow r : Seeds.read("001", Seed001Data.Article.class).withIndex()) {
                if (r.users() == users) {
                    return String.format(Locale.ROOT, "%.2f ×", r.r2dbcReqPerSecond() / r.jdbcReqPerSecond());
                }
            }
        } catch (IOException | RuntimeException e) {
            // the figures are cited data in the jar
        }
        return "no row at " + users + " users";
    }
}
