package io.poolbench.suite.aurora.knee;

import io.poolbench.testbed.Figures;
import io.poolbench.testbed.model.Knee;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Finds one pool's knee by measuring few cells instead of a grid: the rule of the saturation map (the load at which
 * the short screen's p99 reaches {@link #FACTOR} × its value at light load, interpolated on log p99 between the two
 * measured loads around it), applied to the cells measured so far, and a choice of the next cell. A pure function
 * of the cells: the experiment measures what {@link #next} asks for and calls it again.
 *
 * <p>The order: the light load (the baseline p99); then, while no cell has reached the threshold, twice the highest
 * load measured, up to the highest load allowed; then bisection of the bracket (the highest load below the threshold,
 * the lowest above it) at its midpoint. No model decides where it looks, so that a model's knee set beside the
 * measured one is checked against cells it did not choose. The knee's 95 % interval holds the bracket (between its
 * loads the rule's interpolation is an assumption, not a measurement), widened where a percentile bootstrap puts the
 * knee outside it: the requests of every measured load resampled ({@value #RESAMPLES} times, a fixed seed) and the
 * rule applied to each resample; a resample in which no load reaches its threshold puts the knee above the highest
 * load measured. The search stops when the interval lies within ± the tolerance of the knee; when the bracket is already that narrow
 * but the interval is not (too few requests near the knee), the bracket's load with fewer requests is measured
 * again and its requests pooled.
 */
public final class KneeSearch {
    /** How many times the light-load p99 marks the knee: the model's rule ({@link Knee#FACTOR}), measured alike. */
    public static final double FACTOR = Knee.FACTOR;
    /** Bootstrap resamples for the knee's interval. */
    static final int RESAMPLES = 2_000;

    private final double lightLoad;
    private final double maxLoad;
    private final int maxCells;
    private final double tolerance;

    /**
     * @param lightLoad the load of the baseline, multiples of the article's per-server rate (e.g. 0.5)
     * @param maxLoad the highest load measured (e.g. 4, the article's whole load on one webapp)
     * @param maxCells the most cells measured, the light load's included
     * @param tolerance the knee's interval must lie within ± this share of it (0.10 for ±10 %)
     */
    public KneeSearch(double lightLoad, double maxLoad, int maxCells, double tolerance) {
        this.lightLoad = lightLoad;
        this.maxLoad = maxLoad;
        this.maxCells = maxCells;
        this.tolerance = tolerance;
    }

    /**
     * One measured cell.
     *
     * @param load the load, multiples of the article's per-server rate
     * @param shortMs the short screen's response times in the cell's measured period, ms (JMeter's elapsed)
     */
    public record Cell(double load, List<Long> shortMs) {
        /** @return the nearest-rank p99 of the cell's requests, ms; NaN without requests */
        public double p99Ms() {
            Double p = Figures.nearestRank(shortMs, 0.99);
            return p == null ? Double.NaN : p;
        }
    }

    /**
     * The knee as the cells measured so far give it.
     *
     * @param baselineP99Ms the short screen's p99 at the light load, ms
     * @param thresholdMs {@link #FACTOR} × that
     * @param knee the knee's load; null when no load measured reached the threshold
     * @param low the 95 % interval's lower end, load: the bracket's lower load, or the bootstrap's 2.5th percentile
     *     when lower; NaN without a knee
     * @param high its upper end: the bracket's upper load, or the bootstrap's 97.5th percentile when higher
     *     ({@link Double#POSITIVE_INFINITY} when more than 2.5 % of the resamples put the knee above the highest load
     *     measured); NaN without a knee
     * @param below the highest load measured below the threshold under the knee; NaN when none
     * @param above the lowest load measured at or above the threshold; NaN when none
     */
    public record Estimate(double baselineP99Ms, double thresholdMs, Double knee, double low, double high,
            double below, double above) {
        /** @return whether the interval lies within ± {@code tolerance} of the knee */
        public boolean within(double tolerance) {
            return knee != null && low >= knee * (1 - tolerance) && high <= knee * (1 + tolerance);
        }
    }

    /** What to do next. */
    public sealed interface Step {
    }

    /** The search is over: its knee (or none) and how it ended. */
    public sealed interface Done extends Step {
        /** @return the knee as far as the search got */
        Estimate estimate();

        /** @return {@code found}, {@code no-knee} or {@code not-converged}, as a {@code KneeResult} records it */
        String status();
    }

    /**
     * Measure a cell at this load.
     *
     * @param load the load
     * @param why the reason, in words, for the console and the report
     */
    public record Measure(double load, String why) implements Step {
    }

    /**
     * Done: the knee's interval lies within the tolerance.
     *
     * @param estimate the knee
     */
    public record Found(Estimate estimate) implements Done {
        @Override
        public String status() {
            return "found";
        }
    }

    /**
     * Done without a knee: the highest load allowed stayed under the threshold.
     *
     * @param estimate the baseline and threshold, no knee
     * @param highestLoad the highest load measured
     */
    public record NoKnee(Estimate estimate, double highestLoad) implements Done {
        @Override
        public String status() {
            return "no-knee";
        }
    }

    /**
     * Stopped at the cell limit before the interval was narrow enough.
     *
     * @param estimate the knee as far as it got, with its bracket
     */
    public record NotConverged(Estimate estimate) implements Done {
        @Override
        public String status() {
            return "not-converged";
        }
    }

    /**
     * @param cells the cells measured so far, in any order; cells at the same load are pooled
     * @param seed the bootstrap's seed
     * @return the next cell to measure, or why the search is over
     */
    public Step next(List<Cell> cells, long seed) {
        TreeMap<Double, List<Long>> byLoad = pooled(cells);
        if (!byLoad.containsKey(lightLoad) || byLoad.get(lightLoad).isEmpty()) {
            return cells.size() >= maxCells ? new NotConverged(estimate(cells, seed))
                    : new Measure(lightLoad, "light load: the baseline p99");
        }
        Estimate e = estimate(cells, seed);
        if (e.knee() != null && e.within(tolerance)) {
            return new Found(e);
        }
        double highest = byLoad.lastKey();
        if (e.knee() == null && highest >= maxLoad) {
            return new NoKnee(e, highest);
        }
        if (cells.size() >= maxCells) {
            return new NotConverged(e);
        }
        if (e.knee() == null) {
            return new Measure(Math.min(maxLoad, highest * 2), "under the threshold up to × "
                    + Figures.plain(highest) + ": twice that");
        }
        double lo = e.below();
        double hi = e.above();
        if (lo < e.knee() * (1 - tolerance) || hi > e.knee() * (1 + tolerance)) {
            return new Measure(round((lo + hi) / 2), "bisection of × " + Figures.plain(lo) + " .. × "
                    + Figures.plain(hi));
        }
        double again = byLoad.get(lo).size() <= byLoad.get(hi).size() ? lo : hi;
        return new Measure(again, "the bracket is narrow, the interval not: more requests at × "
                + Figures.plain(again));
    }

    /**
     * The knee by the rule on the cells measured, with its bootstrap interval.
     *
     * @param cells the cells; those at the same load are pooled
     * @param seed the bootstrap's seed
     * @return the estimate; NaN baseline when the light load has no requests
     */
    public Estimate estimate(List<Cell> cells, long seed) {
        TreeMap<Double, List<Long>> byLoad = pooled(cells);
        List<Double> loads = new ArrayList<>(byLoad.tailMap(lightLoad, true).keySet());
        List<double[]> p99s = new ArrayList<>();
        for (double l : loads) {
            p99s.add(new double[] {l, p99(byLoad.get(l))});
        }
        double base = p99s.isEmpty() || loads.get(0) != lightLoad ? Double.NaN : p99s.get(0)[1];
        double threshold = FACTOR * base;
        Double knee = rule(p99s);
        double below = Double.NaN;
        double above = Double.NaN;
        for (double[] c : p99s) {
            if (c[1] >= threshold) {
                above = c[0];
                break;
            }
            below = c[0];
        }
        if (knee == null) {
            return new Estimate(base, threshold, null, Double.NaN, Double.NaN, below, above);
        }
        Random rnd = new Random(seed);
        double[] boot = new double[RESAMPLES];
        for (int b = 0; b < RESAMPLES; b++) {
            List<double[]> r = new ArrayList<>();
            for (double l : loads) {
                r.add(new double[] {l, p99(resample(byLoad.get(l), rnd))});
            }
            Double k = rule(r);
            boot[b] = k == null ? Double.POSITIVE_INFINITY : k;
        }
        Arrays.sort(boot);
        // the interpolation between the bracket's loads is an assumption: the interval holds the whole bracket
        return new Estimate(base, threshold, knee, Math.min(below, boot[(int) Math.floor(0.025 * (RESAMPLES - 1))]),
                Math.max(above, boot[(int) Math.ceil(0.975 * (RESAMPLES - 1))]), below, above);
    }

    /**
     * The saturation map's rule on one column: the first load whose p99 reaches {@link #FACTOR} × the first load's,
     * interpolated on log p99 with the load before it.
     *
     * @param column {load, p99 ms} by load, the light load first
     * @return the knee's load, or null when no load reaches the threshold (or the first has no p99)
     */
    public static Double rule(List<double[]> column) {
        if (column.isEmpty() || !(column.get(0)[1] > 0)) {
            return null;
        }
        double threshold = FACTOR * column.get(0)[1];
        for (int i = 1; i < column.size(); i++) {
            double p = column.get(i)[1];
            if (p >= threshold) {
                double prev = column.get(i - 1)[1];
                double f = (Math.log(threshold) - Math.log(prev)) / (Math.log(p) - Math.log(prev));
                return column.get(i - 1)[0] + f * (column.get(i)[0] - column.get(i - 1)[0]);
            }
        }
        return null;
    }

    private static TreeMap<Double, List<Long>> pooled(List<Cell> cells) {
        TreeMap<Double, List<Long>> byLoad = new TreeMap<>();
        for (Cell c : cells) {
            byLoad.computeIfAbsent(c.load(), k -> new ArrayList<>()).addAll(c.shortMs());
        }
        return byLoad;
    }

    private static double p99(List<Long> ms) {
        Double p = Figures.nearestRank(ms, 0.99);
        return p == null ? Double.NaN : p;
    }

    private static List<Long> resample(List<Long> ms, Random rnd) {
        List<Long> r = new ArrayList<>(ms.size());
        for (int i = 0; i < ms.size(); i++) {
            r.add(ms.get(rnd.nextInt(ms.size())));
        }
        return r;
    }

    /** @return the load to two decimals, so that run ids stay short */
    static double round(double load) {
        return Math.round(load * 100) / 100.0;
    }

    /** @return the loads measured with their pooled request counts, by load (for reports) */
    public static Map<Double, Integer> requestsByLoad(List<Cell> cells) {
        Map<Double, Integer> out = new TreeMap<>();
        pooled(cells).forEach((l, ms) -> out.put(l, ms.size()));
        return out;
    }
}
