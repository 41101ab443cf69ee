package io.poolbench.suite.aurora.knee;

import java.util.List;

/**
 * One knee search's result, as {@code screens/knees.json} keeps it.
 *
 * @param profile the profile
 * @param rttMs the round trip added, ms
 * @param borrow {@code per-request} or {@code per-query}
 * @param round which search of this profile, round trip and borrowing, from 1 ({@code --rounds}: each search runs
 *     once per round, the profiles' order rotated from round to round); a file without it reads as 1
 * @param status {@code found}, {@code no-knee} (the highest load stayed under the threshold), {@code not-converged}
 *     (the cell limit came first: the bracket is reported) or {@code failed} (a cell failed: see its phase)
 * @param baselineP99Ms the short screen's p99 at the light load, ms
 * @param thresholdMs the knee's threshold, ms
 * @param knee the measured knee, multiples of the article's per-server rate; null without one
 * @param low its 95 % interval's lower end within this search (the bracket, widened by the bootstrap over its
 *     cells' requests: it does not hold the scatter from search to search, which {@link KneeRounds} gives); NaN
 *     without a knee
 * @param high its upper end; infinite when the interval is open above
 * @param model the model's knee by the same rule, over a long run and over the cell's window, and with the stand-in's
 *     own round trip measured at the light load
 * @param cells the cells run, in the order run
 * @param standInRttMs the stand-in cluster's own round trip per query measured in the light-load cell, ms
 *     ({@code RunFiles#standInRttMs}); null when that cell was not measured (or in a file written without it)
 */
public record KneeResult(String profile, int rttMs, String borrow, int round, String status, double baselineP99Ms,
        double thresholdMs, Double knee, double low, double high, Model model, List<CellRun> cells,
        Double standInRttMs) {
    /** The status of a search stopped at a cell whose load generator or machine was the bottleneck. */
    public static final String HARNESS = "harness";

    /** A result without a round (read from a file that has none) is the first. */
    public KneeResult {
        round = Math.max(1, round);
    }

    /**
     * The queueing model's knee ({@code PoolSimulation}: the pool read from its profile, the three screens sharing
     * it), by the measured rule, with and without the measurement's window.
     *
     * @param longRun over one run of 60 s (or the measured period, if longer), shown beside to say what the cell's
     *     window changes; null when there is no knee up to 2 × the highest load
     * @param window over the cell's own window: its warm-up excluded, its measured period, the median of
     *     {@code SaturationMap.WINDOWS} such windows (a queue at the limit builds and drains over longer than a
     *     cell, so one long run sees bursts a cell rarely does): where the search looks first; null likewise
     * @param standIn over the cell's window with each query's round trip the added one plus the stand-in's own,
     *     measured in the search's light-load cell: the model's prediction for this search, set beside the measured
     *     knee; null before that cell (or in a file written without it)
     */
    public record Model(Double longRun, Double window, Double standIn) {
        /** @return the prediction to set beside the measured knee: {@link #standIn}, else {@link #window} */
        public Double predicted() {
            return standIn != null ? standIn : window;
        }
    }

    /**
     * One cell of the search.
     *
     * @param load the load
     * @param requests short-screen requests in its measured period
     * @param p50Ms their median, ms
     * @param p99Ms their p99, ms
     * @param why why it was measured
     * @param run the run's id ({@code screens/<id>/})
     * @param longSqlMs the long screen's SQL time alone of each long request in its measured period, ms
     */
    public record CellRun(double load, int requests, double p50Ms, double p99Ms, String why, String run,
            List<Double> longSqlMs) {
    }

    /**
     * @param m a model's knee, or null
     * @return it ÷ the measured knee; NaN without both
     */
    public double ratio(Double m) {
        return knee == null || m == null ? Double.NaN : m / knee;
    }
}
