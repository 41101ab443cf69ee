package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.knee.KneePredictions;
import io.poolbench.suite.aurora.knee.KneeReport;
import io.poolbench.suite.aurora.knee.KneeResult;
import io.poolbench.suite.aurora.knee.KneeRounds;
import io.poolbench.suite.aurora.knee.KneeSearch;
import io.poolbench.suite.aurora.knee.KneeSearchSettings;
import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.suite.aurora.run.MapCell;
import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.suite.process.JtlSample;
import io.poolbench.suite.report.Bottleneck;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.PoolReading;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.stats.Rounds;
import io.poolbench.testbed.report.ResultJson;
import java.io.IOException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * {@code aurora --find-knee}: for every profile, round trip and borrowing pattern, runs the cells {@link KneeSearch}
 * asks for, one at a time, on the running cluster, and keeps what each gave; with {@code --rounds N} every search
 * runs once per round, the profiles' order rotated from round to round, so that the report can give the knee's
 * scatter from search to search ({@link io.poolbench.suite.aurora.knee.KneeRounds}); the model's knee (by the same rule, on
 * {@link SaturationMap#model}) is written before the first cell ({@link KneePredictions}) and set beside the measured
 * one in the report; the search does not look at it.
 * Results go to {@code screens/knees.json}, rewritten after every search so that an interrupted run keeps the
 * searches that finished.
 */
final class KneeSearchRun {
    /** The file of the results, in {@code screens/}. */
    static final String FILE = KneeReport.FILE;
    /** Every cell of every search, one row each, for re-running the model on recorded data. */
    static final String CELLS = "knee-cells.csv";
    private static final long SEED = 1;

    /** Runs one cell and gives its run directory ({@code screens/<id>/}), or null when the cell failed. */
    interface CellRunner {
        Path run(LoadRun cell) throws IOException, InterruptedException;
    }

    private KneeSearchRun() {
    }

    /**
     * The searches as one phase of the run: ok when every search ended (with a knee or without one), failed when
     * one stopped at a failed cell.
     *
     * @param phase the run's {@code knee-search} phase, not yet started
     * @param k what to search
     * @param s the run's settings (the article's traffic)
     * @param profiles one run per profile
     * @param runner runs a cell
     * @param out the run directory
     * @param say where each step is said (the console)
     * @throws IOException when the results cannot be written
     * @throws InterruptedException when interrupted: the searches done are kept
     */
    static void run(Phase phase, KneeSearchSettings k, AuroraSettings s, List<LoadRun> profiles, CellRunner runner,
            Path out, Consumer<String> say) throws IOException, InterruptedException {
        if (!phase.start()) {
            return;
        }
        List<KneeResult> found = run(k, s, profiles, runner, out, say);
        long failed = found.stream().filter(r -> r.status().equals("failed")).count();
        long harness = found.stream().filter(r -> r.status().equals(KneeResult.HARNESS)).count();
        if (failed > 0) {
            phase.failed(failed + " of " + found.size() + " search(es) stopped at a failed cell");
        } else if (harness > 0) {
            phase.failed(harness + " of " + found.size() + " search(es) stopped at a cell that measured the harness"
                    + " (the load generator or the machine was the bottleneck)");
        } else {
            phase.ok(found.size() + " search(es): " + found.stream().filter(r -> r.status().equals("found"))
                    .count() + " knee(s) found", out.resolve(AuroraResults.DIR).resolve(FILE));
        }
    }

    /**
     * @param k what to search
     * @param s the run's settings (the article's traffic)
     * @param profiles one run per profile
     * @param runner runs a cell
     * @param out the run directory
     * @param say where each step is said (the console)
     * @return the searches' results, in order
     * @throws IOException when the results cannot be written
     * @throws InterruptedException when interrupted: the searches done are kept
     */
    static List<KneeResult> run(KneeSearchSettings k, AuroraSettings s, List<LoadRun> profiles, CellRunner runner,
            Path out, Consumer<String> say) throws IOException, InterruptedException {
        List<KneeResult> results = new ArrayList<>();
        Path file = Files.createDirectories(out.resolve(AuroraResults.DIR)).resolve(FILE);
        List<Searched> searches = searches(k, s, profiles);
        // every search's prediction, written with the model's commit before the first cell runs
        String now = Instant.now().toString();
        KneePredictions predictions = new KneePredictions(file.getParent(), Manifest.commit(), searches.stream()
                .map(x -> new KneePredictions.Prediction(x.p().id(), x.rtt(), x.borrow(), x.round(), x.model(), now,
                        null)).toList());
        Map<String, Integer> runsOfVariant = new HashMap<>();
        for (Searched x : searches) {
            say.accept(String.format(Locale.ROOT, "knee search%s: %s at +%d ms, %s borrowing; the model's knee %s"
                    + " (written to %s before any cell)", s.rounds() > 1 ? " (round " + x.round() + " of "
                    + s.rounds() + ")" : "", x.p().id(), x.rtt(), x.borrow(), words(x.model().window(), k),
                    KneePredictions.FILE));
            results.add(search(k, s, x, runner, runsOfVariant, predictions, say));
            ResultJson.MAPPER.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), results);
            writeCells(results, file.resolveSibling(CELLS));
        }
        if (s.rounds() > 1) {
            KneeRounds.of(results).forEach(r -> say.accept("knee search: " + r.line()));
        }
        return results;
    }

    /** One search: the profile, round trip, borrowing, round, and the model's knee for them. */
    private record Searched(LoadRun p, int rtt, String borrow, int round, KneeResult.Model model) {
    }

    /**
     * @return every search in the order run: per round the profiles in rotated order, per profile each borrowing
     *     pattern and round trip; the model's knee computed once per profile, round trip and borrowing
     */
    private static List<Searched> searches(KneeSearchSettings k, AuroraSettings s, List<LoadRun> profiles) {
        Map<String, KneeResult.Model> models = new HashMap<>();
        List<Searched> out = new ArrayList<>();
        for (int round = 1; round <= s.rounds(); round++) {
            for (LoadRun p : Rounds.order(profiles, round)) {
                for (String borrow : k.borrows()) {
                    for (int rtt : k.rttsMs()) {
                        out.add(new Searched(p, rtt, borrow, round, models.computeIfAbsent(p.id() + " " + rtt + " "
                                + borrow, x -> model(k, s, p, rtt, borrow))));
                    }
                }
            }
        }
        return out;
    }

    private static KneeResult.Model model(KneeSearchSettings k, AuroraSettings s, LoadRun p, int rtt,
            String borrow) {
        PoolReading pool = pool(p.file());
        return new KneeResult.Model(KneeModel.knee(k, s.mix().withoutWindow(), pool, rtt, borrow),
                KneeModel.knee(k, s.mix(), pool, rtt, borrow), null);
    }

    private static KneeResult search(KneeSearchSettings k, AuroraSettings s, Searched searched, CellRunner runner,
            Map<String, Integer> runsOfVariant, KneePredictions predictions, Consumer<String> say)
            throws IOException, InterruptedException {
        Searched x = searched;
        LoadRun p = x.p();
        int rtt = x.rtt();
        String borrow = x.borrow();
        KneeResult.Model model = x.model();
        KneeSearch search = new KneeSearch(k.lightLoad(), k.maxLoad(), k.maxCells(), k.tolerance());
        Double standInMs = null;
        List<KneeSearch.Cell> cells = new ArrayList<>();
        List<KneeResult.CellRun> runs = new ArrayList<>();
        while (true) {
            KneeSearch.Step step = search.next(cells, SEED);
            if (step instanceof KneeSearch.Done done) {
                return result(x, done, runs, standInMs, say);
            }
            KneeSearch.Measure m = (KneeSearch.Measure) step;
            MapCell c = new MapCell(m.load(), rtt, borrow);
            String variant = p.id() + "@" + c.label();
            // every run of a variant gets its own number, over the rounds of searches too
            int round = runsOfVariant.merge(variant, 1, Integer::sum);
            String id = variant + ".r" + round;
            Path dir = runner.run(new LoadRun(id, p.file(), null, null, variant, round, c));
            if (dir == null) {
                say.accept("knee search: " + id + " failed; this search stops (its phase says why)");
                KneeSearch.Estimate e = search.estimate(cells, SEED);
                return new KneeResult(p.id(), rtt, borrow, x.round(), "failed", e.baselineP99Ms(), e.thresholdMs(),
                        e.knee(), e.low(), e.high(), model, runs, standInMs);
            }
            RunFiles files = RunFiles.read(dir);
            String bottleneck = files.bottleneck();
            if (Bottleneck.measuresHarness(bottleneck)) {
                say.accept("knee search: " + id + " measured the harness, not the pool (bottleneck: " + bottleneck
                        + "); this search stops and uses none of its figures");
                KneeSearch.Estimate e = search.estimate(cells, SEED);
                return new KneeResult(p.id(), rtt, borrow, x.round(), KneeResult.HARNESS, e.baselineP99Ms(), e.thresholdMs(),
                        e.knee(), e.low(), e.high(), model, runs, standInMs);
            }
            if (cells.isEmpty()) {
                // the light load: the stand-in's own round trip per query, and the model's knee with it
                standInMs = files.standInRttMs(rtt);
                if (standInMs != null) {
                    model = new KneeResult.Model(model.longRun(), model.window(), KneeModel.knee(k, s.mix(),
                            pool(p.file()), rtt + standInMs, borrow));
                    x = new Searched(p, rtt, borrow, x.round(), model);
                    predictions.standIn(p.id(), rtt, borrow, x.round(), model);
                    say.accept(String.format(Locale.ROOT, "knee search: the stand-in's own round trip %.2f ms per"
                            + " query at the light load; the model's knee with it %s", standInMs,
                            words(model.standIn(), k)));
                }
            }
            List<Long> shortMs = shortScreen(files);
            KneeSearch.Cell cell = new KneeSearch.Cell(m.load(), shortMs);
            cells.add(cell);
            Double p50 = Figures.nearestRank(shortMs, 0.5);
            runs.add(new KneeResult.CellRun(m.load(), shortMs.size(), p50 == null ? Double.NaN : p50, cell.p99Ms(),
                    m.why(), id, files.longSqlMs()));
            say.accept(String.format(Locale.ROOT, "knee search: × %s (%s): short p99 %s ms over %d requests",
                    Figures.plain(m.load()), m.why(), Figures.plain(cell.p99Ms()), shortMs.size()));
        }
    }

    /**
     * Writes every search's cells as CSV: profile, rtt_ms, borrow, round (the search's), load, requests, p50_ms,
     * p99_ms (the short screen in the measured period), why, run, long_sql_ms (each long request's SQL time alone,
     * space-separated), stand_in_rtt_ms (the search's, measured at its light load; empty without).
     */
    private static void writeCells(List<KneeResult> results, Path csv) throws IOException {
        try (CSVPrinter p = new CSVPrinter(Files.newBufferedWriter(csv), CSVFormat.DEFAULT.builder().setHeader(
                "profile", "rtt_ms", "borrow", "round", "load", "requests", "p50_ms", "p99_ms", "why", "run", "long_sql_ms",
                "stand_in_rtt_ms")
                .get())) {
            for (KneeResult r : results) {
                for (KneeResult.CellRun c : r.cells()) {
                    p.printRecord(r.profile(), r.rttMs(), r.borrow(), r.round(), c.load(), c.requests(), c.p50Ms(), c.p99Ms(),
                            c.why(), c.run(), c.longSqlMs().stream().map(Figures::plain).collect(Collectors
                            .joining(" ")), r.standInRttMs() == null ? "" : String.format(Locale.ROOT, "%.3f",
                            r.standInRttMs()));
                }
            }
        }
    }

    private static String words(Double knee, KneeSearchSettings k) {
        return knee == null ? "above × " + Figures.plain(4 * k.maxLoad()) : "× " + Figures.sig3(knee);
    }

    private static PoolReading pool(String file) {
        try {
            return PoolReading.of(PoolProfile.load(Path.of(file)));
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static KneeResult result(Searched x, KneeSearch.Done done, List<KneeResult.CellRun> runs,
            Double standInMs, Consumer<String> say) {
        String profile = x.p().id();
        int rtt = x.rtt();
        String borrow = x.borrow();
        KneeResult.Model model = x.model();
        KneeSearch.Estimate e = done.estimate();
        String status = done.status();
        say.accept("knee search: " + profile + " +" + rtt + " ms " + borrow + ": " + switch (status) {
            case "found" -> String.format(Locale.ROOT, "knee × %s (95 %% interval %s .. %s), %d cells; the model's"
                    + " %s", Figures.sig3(e.knee()), Figures.sig3(e.low()), Figures.sig3(e.high()), runs.size(),
                    words(model.predicted()));
            case "no-knee" -> "no knee up to × " + Figures.plain(runs.stream().mapToDouble(KneeResult.CellRun::load)
                    .max().orElse(Double.NaN)) + " (the highest load allowed; short p99 stayed under "
                    + Figures.plain(e.thresholdMs()) + " ms); the model's knee " + words(model.predicted());
            default -> "not converged in " + runs.size() + " cells (--max-cells): " + (e.knee() == null
                    ? "no knee found" : "knee × " + Figures.sig3(e.knee()) + ", interval " + Figures.sig3(e.low())
                    + " .. " + Figures.sig3(e.high()) + ", bracket × " + Figures.plain(e.below()) + " .. × "
                    + Figures.plain(e.above()));
        });
        return new KneeResult(profile, rtt, borrow, x.round(), status, e.baselineP99Ms(), e.thresholdMs(), e.knee(),
                e.low(), e.high(), model, runs, standInMs);
    }

    /** @return the short screen's elapsed times in the run's measured period, ms */
    private static List<Long> shortScreen(RunFiles f) {
        long from = f.outcome().measureFromEpochMs();
        long to = f.outcome().measureToEpochMs();
        return f.samples().stream().filter(x -> "short".equals(x.label()) && x.startEpochMs() >= from
                && x.startEpochMs() < to).map(JtlSample::elapsedMs).toList();
    }

    private static String words(Double knee) {
        return knee == null ? "none" : "× " + Figures.sig3(knee);
    }
}
