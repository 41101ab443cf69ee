package io.poolbench.suite.aurora;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.aurora.faults.FailoverRequests;
import io.poolbench.suite.aurora.knee.KneeReport;
import io.poolbench.suite.aurora.map.MapKnee;
import io.poolbench.suite.aurora.map.SaturationMap;
import io.poolbench.suite.aurora.run.InjectedFailover;
import io.poolbench.suite.aurora.run.MapCell;
import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.suite.aurora.run.RunStats;
import io.poolbench.suite.aurora.faults.Stalls;
import io.poolbench.suite.aurora.waits.ConnectionTrace;
import io.poolbench.suite.aurora.waits.IntendedStart;
import io.poolbench.suite.aurora.waits.JfrWaits;
import io.poolbench.suite.aurora.waits.OutsideServlet;
import io.poolbench.suite.report.Seeds;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.process.ProcessCpu;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.report.RunFile;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.PhaseEntry;
import io.poolbench.testbed.run.WithoutResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Aurora scenario's report: for every run and screen our avg, median, p90, min, max (with n, p99, errors and the borrow
 * waits the webapp recorded) beside the article's figures ({@code src/seeds/seed004.json}), the checks of shape a
 * reader needs (max ÷ p90, whether a maximum reaches the article's 20-second class, HikariCP's maximum against the
 * screen's own SQL time), the achieved rate against the target, the CPU used per process, and for a failover run
 * what happened after the injection. Statistics count only requests that started in the measured period (the
 * warm-up before it is excluded).
 */
public final class AuroraReport {
    /** @return the JSON files the Aurora scenario writes, for {@code docs/reference/run-files.md} */
    public static List<RunFile> runFiles() {
        String dir = AuroraResults.DIR + "/";
        return List.of(RunFile.of(dir + "summary.json", "Per run the statistics of each screen, the article's"
                + " figures beside them, and the findings.", AuroraData.Summary.class),
                RunFile.of(dir + "<profile>.r<round>/outcome.json", "One run's outcome: the profile, its failures by"
                        + " outcome, the failover's timeline.", io.poolbench.suite.aurora.run.RunOutcome.class),
                RunFile.listOf(dir + KneeReport.FILE, "`--find-knee`: every search's knee with its interval, the"
                        + " model's knee and the cells it ran.", io.poolbench.suite.aurora.knee.KneeResult.class),
                RunFile.of(dir + io.poolbench.suite.aurora.knee.KneePredictions.FILE, "`--find-knee`: every search's"
                        + " model knees with poolbench's commit, written before the first cell (the stand-in's after"
                        + " the light-load cell).", io.poolbench.suite.aurora.knee.KneePredictions.Written.class));
    }

    private static final ObjectMapper JSON = ResultJson.MAPPER;

    private AuroraReport() {
    }

    /**
     * The article's figures, as cited data.
     *
     * @return the parsed {@code seed004.json}
     * @throws IOException when the resource is missing (a broken build)
     */
    static AuroraData.Article article() throws IOException {
        return Seeds.read("004", AuroraData.Article.class);
    }

    /**
     * Writes {@code screens/summary.md}, {@code summary.json} and a chart per run.
     *
     * @param out the run directory
     * @return the Markdown
     * @throws IOException when files cannot be read or written
     */
    public static String write(Path out) throws IOException {
        Manifest m = Manifest.read(out);
        AuroraSettings settings = m.settings(AuroraSettings.class);
        AuroraData.Article art = article();
        Path base = out.resolve(AuroraResults.DIR);
        Files.createDirectories(base);
        StringBuilder md = new StringBuilder(header(m, settings, art));

        md.append(kneeLoads(settings));
        List<PhaseEntry> runs = AuroraResults.runPhases(m);
        List<RunFiles> files = AuroraResults.runs(out, m);
        List<RunStats> stats = files.stream().map(RunFiles::stats).toList();
        md.append(withoutResult(runs));
        md.append(profiles(runs, base));

        List<ArticleTables.ScreenBeside> beside = ArticleTables.beside(stats, art);
        md.append(ArticleTables.responseTimes(beside))
                .append(ArticleTables.shapeChecksMarkdown(ArticleTables.shapeChecks(beside)));

        md.append(OneSettingAtATime.section(settings, files));

        md.append(loadAndCpu(files));
        md.append(OutsideServlet.section(files));
        md.append(IntendedStart.section(files));
        md.append(FailoverRequests.section(settings.injectedFailover(), files));
        md.append(Stalls.section(files));
        md.append(ConnectionTrace.section(files, base));
        md.append(JfrWaits.section(files, base));
        AuroraRounds.Findings findings = AuroraRounds.of(settings, files);
        md.append(AuroraRoundsPage.markdown(findings, settings.rounds()));
        SaturationMap.Grid grid = SaturationMap.grid(settings.runs(), settings.mix(), stats);
        md.append(SaturationMap.markdown(grid, base));
        md.append(KneeReport.markdown(KneeReport.read(AuroraResults.kneesFile(out)), base));
        md.append(timelines(files, base));
        Files.writeString(AuroraResults.summaryPage(out), md.toString());
        JSON.writeValue(AuroraResults.summaryFile(out).toFile(), new AuroraData.Summary(m.status(), stats, art, findings,
                MapKnee.knees(grid)));
        return md.toString();
    }

    /** The page's title, the article, what this run ran and its status. */
    private static String header(Manifest m, AuroraSettings settings, AuroraData.Article art) {
        StringBuilder md = new StringBuilder("# HikariCP against DBCP in front of an Aurora-like MySQL"
                + " cluster\n\n");
        md.append("The article: ").append(art.title()).append(", by ").append(art.author())
                .append(" (figures transcribed in `src/seeds/seed004.json`). ").append(art.setup()).append("\n\n");
        int users = settings.load().users();
        double share = settings.load().share();
        int engines = settings.load().engineCount();
        int perEngine = (int) Math.ceil(Math.round(users * share) / (double) engines);
        md.append(String.format(Locale.ROOT, "Here: one webapp stands for one of the article's servers and gets"
                + " %.0f %% of its load: %d JMeter threads (%d engines × %d), paced to %.1f requests/s (the article's"
                + " %.0f requests/min × %.2f); screens mixed %d / %d / %d %% short / medium / long, %s borrowing;"
                + " %d ms added round trip (± %d ms) between webapp and MySQL; warm-up %d s excluded from every"
                + " figure (requests that started in it), then %d s measured.%s %s.%n%n",
                share * 100, engines * perEngine, engines, perEngine, settings.load().ratePerMinute() * share / 60,
                settings.load().ratePerMinute(), share, settings.screens().shortPercent(), settings.screens().mediumPercent(),
                100 - settings.screens().shortPercent() - settings.screens().mediumPercent(), settings.screens().borrow(), settings.network().rttMs(),
                settings.network().jitterMs(), settings.load().warmupSeconds(), settings.load().durationSeconds(),
                (settings.network().failover() ? " " + Character.toUpperCase(InjectedFailover.describe(settings.network().kind()).charAt(0))
                        + InjectedFailover.describe(settings.network().kind()).substring(1) + " is injected in the middle of the measured period."
                        : "") + (settings.webapp().jvmArgs().isEmpty() ? ""
                        : " The webapp's JVM ran with `" + String.join(" ", settings.webapp().jvmArgs()) + "`.")
                        + (settings.screens().shortScreen() == null ? "" : String.format(Locale.ROOT, " The short screen is"
                        + " not the article model's (5 queries of 8 ms) but %d queries of %s ms.",
                        settings.screens().shortScreen().queries(), Figures.plain(settings.screens().shortScreen().queryMs()))),
                runStatus(m)));
        return md.toString();
    }

    /** @return the table of runs without a result, and why; empty when every run produced one */
    private static String withoutResult(List<PhaseEntry> runs) {
        StringBuilder md = new StringBuilder();
        List<PhaseEntry> bad = WithoutResult.of(runs, AuroraResults::runId);
        if (!bad.isEmpty()) {
            md.append("Runs without a result (no numbers are shown for them):\n\n").append(WithoutResult.table(bad));
            md.append('\n');
        }
        return md.toString();
    }

    /** @return what each profile configures, read back from each pool built against the cluster */
    private static String profiles(List<PhaseEntry> runs, Path base) throws IOException {
        StringBuilder md = new StringBuilder();
        md.append("## What the profiles configure\n\nRead back from each pool built against the cluster"
                + " (`screens/<run>/lint.txt`, the lines of `./poolbench lint`):\n\n```\n");
        for (PhaseEntry p : runs) {
            Path lint = base.resolve(AuroraResults.runId(p.id())).resolve("lint.txt");
            if (Files.isRegularFile(lint)) {
                md.append("-- run ").append(AuroraResults.runId(p.id())).append('\n').append(Files.readString(lint));
            }
        }
        md.append("```\n\n");
        return md.toString();
    }

    /** @return the achieved rate against the target and the CPU per process, per run */
    private static String loadAndCpu(List<RunFiles> files) {
        StringBuilder md = new StringBuilder();
        md.append("## Load achieved and where the CPU went (measured period)\n\n");
        md.append("Achieved = requests that started in the measured period ÷ its length. CPU = user + system time of"
                + " each process and its children over the measured period ÷ its length, in cores (the machine has "
                + Runtime.getRuntime().availableProcessors() + "); engines on other hosts are not measured."
                + " Bottleneck: one process at 0.9 cores or more, or all together at 90 % of the machine; where that"
                + " is a JMeter engine or the machine, the run measured the harness, not the pool, and a knee search"
                + " uses none of its figures.\n\n");
        List<String> procs = new ArrayList<>();
        files.stream().map(RunFiles::outcome).forEach(o -> (o.cpu() == null ? List.<ProcessCpu.Usage>of() : o.cpu()).forEach(c -> {
            if (!procs.contains(c.name())) {
                procs.add(c.name());
            }
        }));
        List<String> headers = new ArrayList<>(List.of("run", ">target req/s", ">achieved req/s", "errors by code"));
        procs.forEach(p -> headers.add(">" + p));
        headers.add(">all");
        headers.add("bottleneck");
        Table t = Table.of(headers.toArray(String[]::new));
        for (RunFiles f : files) {
            RunStats r = f.stats();
            Map<String, Double> cores = new LinkedHashMap<>();
            (f.outcome().cpu() == null ? List.<ProcessCpu.Usage>of() : f.outcome().cpu())
                    .forEach(c -> cores.put(c.name(), c.cores()));
            List<String> row = new ArrayList<>(List.of(r.id(), String.format(Locale.ROOT, "%.2f", r.targetPerSecond()),
                    String.format(Locale.ROOT, "%.2f", r.achievedPerSecond()), r.errorsByCode().isEmpty() ? "none"
                            : r.errorsByCode().toString()));
            procs.forEach(p -> row.add(cores.get(p) == null ? "–" : String.format(Locale.ROOT, "%.2f", cores.get(p))));
            row.add(String.format(Locale.ROOT, "%.2f", cores.values().stream().mapToDouble(d -> d).sum()));
            row.add(f.bottleneck());
            t.row(row.toArray(String[]::new));
        }
        md.append(t.markdown());
        md.append('\n');
        return md.toString();
    }

    /** @return each run's timeline chart (written beside its files) and the list of a run's files */
    private static String timelines(List<RunFiles> files, Path base) throws IOException {
        StringBuilder md = new StringBuilder();
        for (RunFiles r : files) {
            Path dir = base.resolve(r.id());
            FailoverRequests.chart(r.samples(), r.outcome(), dir.resolve("timeline"), r.id() + " ("
                    + r.stats().pool() + ")");
            md.append("![").append(r.id()).append("](").append(r.id()).append("/timeline.png)\n");
        }
        md.append("\nFiles per run in `screens/<run>/`: `results.csv` (JMeter, every sample), `screens.csv` (the"
                + " webapp's record of every request), `pool.csv` (pool state every 500 ms), `outcome.json` (with"
                + " --failover the ledger and the instances' connection counts), `lint.txt`, `webapp.log`,"
                + " `jmeter.log`; with --trace-jdbc `trace.csv`; with --jfr `webapp.jfr` and its settings"
                + " `webapp.jfc`; `run.json` in the run directory is the manifest.\n");
        return md.toString();
    }

    /**
     * @param settings the run's settings
     * @return with {@code --at-knee}, a line per profile and load saying where the load comes from; empty otherwise
     */
    static String kneeLoads(AuroraSettings settings) {
        Map<String, MapCell> at = new LinkedHashMap<>();
        settings.runs().stream().filter(r -> r.cell() != null && r.cell().basis() != null)
                .forEach(r -> at.putIfAbsent(r.variantId(), r.cell()));
        if (at.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("Each profile ran at loads from its own knee (`--at-knee`), in multiples"
                + " of the article's per-server rate (× 1 = 12.5 requests/s), instead of the share above:\n\n");
        at.forEach((id, c) -> md.append("- `").append(id).append("`: × ").append(Figures.plain(c.load()))
                .append(String.format(Locale.ROOT, " (%.1f requests/s): ", settings.load().ratePerMinute() * c.load()
                        * MapCell.ARTICLE_SHARE / 60)).append(c.basis()).append('\n'));
        return md.append('\n').toString();
    }

    /** The run's status, or while the report phase itself runs, how many runs produced a result. */
    static String runStatus(Manifest m) {
        List<PhaseEntry> runs = AuroraResults.runPhases(m);
        long ok = runs.stream().filter(PhaseEntry::ok).count();
        String counted = ok + " of " + runs.size() + " runs produced a result";
        return "running".equals(m.status()) ? "Runs: " + counted : "Run status: **" + m.status() + "**, " + counted;
    }
}
