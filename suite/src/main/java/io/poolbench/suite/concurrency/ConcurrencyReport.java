package io.poolbench.suite.concurrency;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.report.Seeds;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.report.RunFile;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.PhaseEntry;
import io.poolbench.testbed.stats.Claim;
import io.poolbench.testbed.stats.Finding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The report of {@code sweep concurrency} (the concurrency scenario): per index setting our table (req/s, avg, P95, p99, max, errors,
 * pool waiters, CPU per process) beside the article's, a chart of req/s and P95 against users with a line per stack
 * (and the article's two stacks dashed), and the checks of shape the article's claims rest on: the plateau of
 * req/s above 100 users, R2DBC ÷ JDBC, the cells where R2DBC's P95 is lower, the index's effect, and Little's law
 * (users ÷ req/s − avg: the pause per iteration). Writes {@code concurrency/summary.md}, {@code summary.json},
 * {@code with-index.png}, {@code without-index.png}.
 */
public final class ConcurrencyReport {
    /** @return the JSON files a concurrency sweep writes, for {@code docs/reference/run-files.md} */
    public static List<RunFile> runFiles() {
        return List.of(RunFile.of("concurrency/summary.json", "The index checks, the effect of the index per stack"
                + " and the findings.", ConcurrencyData.Summary.class),
                RunFile.of("concurrency/environment.json", "The database server, cores and JDK.",
                        ConcurrencyData.Environment.class),
                RunFile.of("concurrency/r<round>/<with|without>/<stack>.json", "One stack's steps of users in one"
                        + " round, with or without the index.", ConcurrencyData.StackRun.class));
    }

    private static final ObjectMapper JSON = ResultJson.MAPPER;

    private ConcurrencyReport() {
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
        ConcurrencySettings s = m.settings(ConcurrencySettings.class);
        Path base = Files.createDirectories(dir.resolve("concurrency"));
        ConcurrencyData.Environment env = ResultJson.readIfPresent(base.resolve("environment.json"), ConcurrencyData.Environment.class)
                .orElse(new ConcurrencyData.Environment(null, null, null));
        ConcurrencyData.Article art = Seeds.read("001", ConcurrencyData.Article.class);
        StringBuilder md = new StringBuilder("# JDBC pools against R2DBC, 10…300 users, with and without"
                + " the index\n\n");
        md.append(String.format(Locale.ROOT, "The webapp (embedded Tomcat, %d request threads, its own JVM) serves"
                + " the concurrency article's paged range query (a random customer, a 60-day window, 20 rows, page 0–2) from a pool"
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
        Map<String, ConcurrencyData.IndexChecks> checked = new LinkedHashMap<>();
        // the tables, charts and checks are round 1's; the verdicts over every round follow them
        Integer first = s.rounds() == null ? null : 1;
        Map<String, Map<String, ConcurrencyData.StackData>> byIndex = new LinkedHashMap<>();
        for (String index : s.indexes()) {
            md.append("## ").append(index.equals("with") ? "With" : "Without").append(" the index\n\n");
            List<String> missing = new ArrayList<>();
            Map<String, ConcurrencyData.StackData> stacks = stacks(m, s, base, first, index, missing);
            byIndex.put(index, stacks);
            md.append(ConcurrencyTables.ours(stacks, s, env.cores()));
            missing.forEach(x -> md.append(x).append("\n"));
            md.append("\nThe article, ").append(index).append(" the index (k6, 60 s steps; ms):\n\n");
            md.append(ConcurrencyTables.article(art.rows(index)));
            String png = index + "-index.png";
            if (ConcurrencyChart.draw(stacks, art.rows(index), index, base.resolve(png))) {
                md.append("\n![req/s and P95 against users, ").append(index).append(" the index](").append(png)
                        .append(")\n");
            }
            ConcurrencyData.IndexChecks ic = new ConcurrencyData.IndexChecks(new LinkedHashMap<>(), new ArrayList<>());
            md.append("\n").append(ConcurrencyChecks.checks(stacks, art.rows(index), index, ic));
            checked.put(index, ic);
        }
        List<ConcurrencyData.IndexEffect> effects = new ArrayList<>();
        md.append(ConcurrencyChecks.indexEffect(byIndex, art, effects));
        List<Finding> findings = ConcurrencyRounds.findings(base, s);
        List<Finding> indexFindings = ConcurrencyRounds.indexFindings(base, s);
        if (s.rounds() != null) {
            md.append("\n").append(ConcurrencyRounds.markdown(findings, indexFindings, s.rounds()));
        }
        md.append("\n**The article's conclusion**: ").append(art.conclusion()).append("\n");
        String raw = s.rounds() == null ? "concurrency/<index>/" : "concurrency/r<round>/<index>/";
        md.append("\nRun status: **").append(m.status()).append("**. Raw data: `" + raw + "<stack>.json`;"
                + " per step `" + raw + "<stack>/<users>-users/` (JMeter's samples `results.csv`, its log,"
                + " the pool's state every 500 ms `pool.csv`); the profile each stack ran with (resized) beside them.\n");
        Files.writeString(base.resolve("summary.md"), md.toString());
        JSON.writeValue(base.resolve("summary.json").toFile(), new ConcurrencyData.Summary(checked, effects, findings,
                indexFindings));
        return md.toString();
    }

    /**
     * @param m the manifest
     * @param s the settings
     * @param base the scenario's directory
     * @param first the round whose tables are shown (1), or null for a run without rounds
     * @param index with or without
     * @param missing receives a line per stack whose phase did not end ok
     * @return each stack that left its data, by id, in the settings' order
     * @throws IOException when a stack's file cannot be read
     */
    private static Map<String, ConcurrencyData.StackData> stacks(Manifest m, ConcurrencySettings s, Path base,
            Integer first, String index, List<String> missing) throws IOException {
        Map<String, ConcurrencyData.StackData> stacks = new LinkedHashMap<>();
        for (Stack st : s.stacks()) {
            String id = st.id();
            Path f = ConcurrencySettings.dir(base, first, index).resolve(id + ".json");
            String phaseId = ConcurrencySettings.phaseId(first, index, id);
            PhaseEntry ph = m.phases().stream().filter(p -> p.id().equals(phaseId)).findFirst().orElse(null);
            if (Files.isRegularFile(f)) {
                ConcurrencyData.StackRun j = JSON.readValue(f.toFile(), ConcurrencyData.StackRun.class);
                Map<Integer, ConcurrencyData.Step> steps = new TreeMap<>();
                j.steps().forEach(x -> steps.put(x.users(), x));
                stacks.put(id, new ConcurrencyData.StackData(id, st.label(), st.r2dbc(), steps));
            }
            if (ph != null && !ph.ok()) {
                missing.add("- " + st.label() + ": " + MarkdownText.status(ph.status(), ph.reason()));
            }
        }
        return stacks;
    }

    /** The slowest start of all users over the run's steps, as a clause for the introduction. */
    private static String startNote(Path base, ConcurrencySettings s) throws IOException {
        double worst = 0;
        int at = 0;
        for (String ix : s.indexes()) {
            for (Stack st : s.stacks()) {
                Path f = ConcurrencySettings.dir(base, s.rounds() == null ? null : 1, ix).resolve(st.id() + ".json");
                if (Files.isRegularFile(f)) {
                    for (ConcurrencyData.Step step : JSON.readValue(f.toFile(), ConcurrencyData.StackRun.class).steps()) {
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

    /**
     * @param findings the comparisons over rounds, in the order of the user counts (at least one)
     * @return those at the most users with the index (the article's busiest column), or at the most users when no
     *     comparison had the index
     */
    static List<Finding> busiest(List<Finding> findings) {
        List<Finding> with = findings.stream().filter(f -> f.measure().endsWith(", with the index")).toList();
        List<Finding> pick = with.isEmpty() ? findings : with;
        String busiest = pick.get(pick.size() - 1).measure();
        return pick.stream().filter(f -> f.measure().equals(busiest)).toList();
    }

    /**
     * The findings this scenario puts on top of the suite's page, each a sentence with its figures (Markdown), from
     * the run's own {@code concurrency/summary.json}.
     *
     * @param dir the scenario's run directory
     * @return the findings; none when the summary is missing or damaged (the section says why)
     */
    public static List<Claim> findings(Path dir) {
        ConcurrencyData.Summary j = ResultJson.readIfPresent(dir.resolve("concurrency/summary.json"), ConcurrencyData.Summary.class).orElse(null);
        if (j == null) {
            return List.of();
        }
        List<Claim> out = new ArrayList<>();
        if (j.findings() != null && !j.findings().isEmpty()) {
            List<Finding> at = busiest(j.findings());
            String busiest = at.get(0).measure();
            out.add(Claim.of("**R2DBC behind a servlet** (the concurrency article's question): " + String.join("; ", at.stream()
                    .map(Finding::text).toList()) + " (the article, R2DBC ÷ JDBC: " + articleRatio(users(busiest))
                    + ").", at));
            if (j.indexFindings() != null && !j.indexFindings().isEmpty()) {
                out.add(Claim.of("**An index beats any pool setting**: " + String.join("; ", j.indexFindings()
                        .stream().map(Finding::text).toList()) + ".", j.indexFindings()));
            } else {
                oneRunIndexEffect(j).ifPresent(out::add);
            }
            return out;
        }
        ConcurrencyData.IndexChecks with = j.indexes() == null ? null : j.indexes().get("with");
        if (with != null && !with.r2dbcOverJdbc().isEmpty()) {
            int users = with.r2dbcOverJdbc().stream().mapToInt(ConcurrencyData.Ratio::users).max().orElse(0);
            List<String> parts = with.r2dbcOverJdbc().stream().filter(r -> r.users() == users)
                    .map(r -> String.format(Locale.ROOT, "%s ÷ %s %.2f ×", r.r2dbc(), r.jdbc(), r.ratio())).toList();
            out.add(new Claim(String.format(Locale.ROOT, "**R2DBC behind a servlet** (the concurrency article's question): req/s"
                    + " R2DBC ÷ JDBC at %d users with the index: %s (the article: %s; one run: no interval, no"
                    + " verdict); the P95 and p99 columns and the CPU per process say where each stack spent its"
                    + " time.", users, String.join(", ", parts), articleRatio(users)), false));
        }
        oneRunIndexEffect(j).ifPresent(out::add);
        return out;
    }

    /** The index's effect from round 1 (one run: not solid). */
    private static Optional<Claim> oneRunIndexEffect(ConcurrencyData.Summary j) {
        List<String> ix = (j.withOverWithout() == null ? List.<ConcurrencyData.IndexEffect>of() : j.withOverWithout()).stream()
                .filter(e -> e.users() == 100 || e.users() == 300)
                .map(e -> String.format(Locale.ROOT, "%s at %d users %.0f ×", e.stack(), e.users(), e.ratio())).toList();
        return ix.isEmpty() ? Optional.empty() : Optional.of(new Claim("**An index beats any pool"
                + " setting**: req/s with ÷ without the index on (customer_id, created_at): " + String.join(", ", ix)
                + " (one round).", false));
    }

    /** @return the user count of a finding's measure ({@code req/s at 300 users, with the index}) */
    private static int users(String measure) {
        return Integer.parseInt(measure.replaceAll("^req/s at (\\d+) users.*$", "$1"));
    }

    /** The article's R2DBC ÷ JDBC req/s with the index at a user count, from {@code src/seeds/seed001.json}. */
    private static String articleRatio(int users) {
        try {
            for (ConcurrencyData.ArticleRow r : Seeds.read("001", ConcurrencyData.Article.class).withIndex()) {
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
