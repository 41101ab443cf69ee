package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.knee.KneeResult;
import io.poolbench.suite.aurora.knee.KneeSearch;
import io.poolbench.suite.aurora.knee.KneeSearchSettings;
import io.poolbench.suite.aurora.map.SaturationMap;
import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.suite.aurora.run.MapCell;
import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.suite.aurora.run.ScreenMix;
import io.poolbench.suite.process.JtlSample;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.model.Knee;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.PoolReading;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.report.ResultJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * {@code seed004 --find-knee}: for every profile, round trip and borrowing pattern, runs the cells {@link KneeSearch}
 * asks for, one at a time, on the running cluster, and keeps what each gave; the model's knee (by the same rule, on
 * {@link SaturationMap#model}) is where the search looks first and what the report sets beside the measured one.
 * Results go to {@code seed004/knees.json}, rewritten after every search so that an interrupted run keeps the
 * searches that finished.
 */
final class KneeSearchRun {
    /** The file of the results, in {@code seed004/}. */
    static final String FILE = "knees.json";
    private static final long SEED = 1;

    /** Runs one cell and gives its run directory ({@code seed004/<id>/}), or null when the cell failed. */
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
        if (failed > 0) {
            phase.failed(failed + " of " + found.size() + " search(es) stopped at a failed cell");
        } else {
            phase.ok(found.size() + " search(es): " + found.stream().filter(r -> r.status().equals("found"))
                    .count() + " knee(s) found", out.resolve("seed004").resolve(FILE));
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
        Path file = Files.createDirectories(out.resolve("seed004")).resolve(FILE);
        for (LoadRun p : profiles) {
            for (String borrow : k.borrows()) {
                for (int rtt : k.rttsMs()) {
                    results.add(search(k, s, p, borrow, rtt, runner, out, say));
                    ResultJson.MAPPER.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), results);
                }
            }
        }
        return results;
    }

    private static KneeResult search(KneeSearchSettings k, AuroraSettings s, LoadRun p, String borrow, int rtt,
            CellRunner runner, Path out, Consumer<String> say) throws IOException, InterruptedException {
        Double model = modelKnee(k, s.mix(), p.file(), rtt, borrow);
        say.accept(String.format(Locale.ROOT, "knee search: %s at +%d ms, %s borrowing; the model's knee %s", p.id(),
                rtt, borrow, model == null ? "above × " + Figures.plain(4 * k.maxLoad()) : "× " + Figures.plain(
                model)));
        KneeSearch search = new KneeSearch(k.lightLoad(), k.maxLoad(), model == null ? Double.POSITIVE_INFINITY
                : model, k.maxCells(), k.tolerance());
        List<KneeSearch.Cell> cells = new ArrayList<>();
        List<KneeResult.CellRun> runs = new ArrayList<>();
        while (true) {
            KneeSearch.Step step = search.next(cells, SEED);
            if (!(step instanceof KneeSearch.Measure m)) {
                return result(p.id(), rtt, borrow, step, model, runs, say);
            }
            MapCell c = new MapCell(m.load(), rtt, borrow);
            String variant = p.id() + "@" + c.label();
            int round = 1 + (int) runs.stream().filter(r -> r.load() == m.load()).count();
            String id = variant + ".r" + round;
            Path dir = runner.run(new LoadRun(id, p.file(), null, null, variant, round, c));
            if (dir == null) {
                say.accept("knee search: " + id + " failed; this search stops (its phase says why)");
                KneeSearch.Estimate e = search.estimate(cells, SEED);
                return new KneeResult(p.id(), rtt, borrow, "failed", e.baselineP99Ms(), e.thresholdMs(), e.knee(),
                        e.low(), e.high(), model, runs);
            }
            List<Long> shortMs = shortScreen(dir);
            KneeSearch.Cell cell = new KneeSearch.Cell(m.load(), shortMs);
            cells.add(cell);
            runs.add(new KneeResult.CellRun(m.load(), shortMs.size(), cell.p99Ms(), m.why(), id));
            say.accept(String.format(Locale.ROOT, "knee search: × %s (%s): short p99 %s ms over %d requests",
                    Figures.plain(m.load()), m.why(), Figures.plain(cell.p99Ms()), shortMs.size()));
        }
    }

    private static KneeResult result(String profile, int rtt, String borrow, KneeSearch.Step step, Double model,
            List<KneeResult.CellRun> runs, Consumer<String> say) {
        KneeSearch.Estimate e;
        String status;
        if (step instanceof KneeSearch.Found f) {
            e = f.estimate();
            status = "found";
        } else if (step instanceof KneeSearch.NoKnee n) {
            e = n.estimate();
            status = "no-knee";
        } else {
            e = ((KneeSearch.NotConverged) step).estimate();
            status = "not-converged";
        }
        say.accept("knee search: " + profile + " +" + rtt + " ms " + borrow + ": " + switch (status) {
            case "found" -> String.format(Locale.ROOT, "knee × %s (95 %% interval %s .. %s), %d cells; the model's"
                    + " %s", Figures.plain(e.knee()), Figures.plain(e.low()), Figures.plain(e.high()), runs.size(),
                    model == null ? "none" : "× " + Figures.plain(model));
            case "no-knee" -> "no knee up to × " + Figures.plain(runs.stream().mapToDouble(KneeResult.CellRun::load)
                    .max().orElse(Double.NaN)) + " (the highest load allowed; short p99 stayed under "
                    + Figures.plain(e.thresholdMs()) + " ms); the model's knee " + (model == null ? "none"
                    : "× " + Figures.plain(model));
            default -> "not converged in " + runs.size() + " cells (--max-cells): " + (e.knee() == null
                    ? "no knee found" : "knee × " + Figures.plain(e.knee()) + ", interval " + Figures.plain(e.low())
                    + " .. " + Figures.plain(e.high()) + ", bracket × " + Figures.plain(e.below()) + " .. × "
                    + Figures.plain(e.above()));
        });
        return new KneeResult(profile, rtt, borrow, status, e.baselineP99Ms(), e.thresholdMs(), e.knee(), e.low(),
                e.high(), model, runs);
    }

    /** @return the short screen's elapsed times in the run's measured period, ms */
    private static List<Long> shortScreen(Path runDir) throws IOException {
        RunFiles f = RunFiles.read(runDir);
        long from = f.outcome().measureFromEpochMs();
        long to = f.outcome().measureToEpochMs();
        return f.samples().stream().filter(x -> "short".equals(x.label()) && x.startEpochMs() >= from
                && x.startEpochMs() < to).map(JtlSample::elapsedMs).toList();
    }

    /**
     * The model's knee by the measured rule: its short p99 at the light load, then bisection on the load for the
     * point where its p99 reaches {@link KneeSearch#FACTOR} × that.
     *
     * @return the knee's load; null when the model has none up to 4 × the highest load, or the profile cannot be read
     */
    static Double modelKnee(KneeSearchSettings k, ScreenMix mix, String file, int rtt, String borrow) {
        PoolReading pool;
        try {
            pool = PoolReading.of(PoolProfile.load(Path.of(file)));
        } catch (RuntimeException e) {
            return null;
        }
        double threshold = Knee.FACTOR * SaturationMap.model(pool, mix, k.lightLoad(), rtt, borrow)[0];
        double lo = k.lightLoad();
        double hi = 4 * k.maxLoad();
        if (!(threshold > 0) || SaturationMap.model(pool, mix, hi, rtt, borrow)[0] < threshold) {
            return null;
        }
        for (int i = 0; i < 20; i++) {
            double mid = (lo + hi) / 2;
            if (SaturationMap.model(pool, mix, mid, rtt, borrow)[0] >= threshold) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return Math.round(hi * 100) / 100.0;
    }
}
