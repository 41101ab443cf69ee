package io.poolbench.suite.aurora.knee;

import java.util.List;

/**
 * One knee search's result, as {@code seed004/knees.json} keeps it.
 *
 * @param profile the profile
 * @param rttMs the round trip added, ms
 * @param borrow {@code per-request} or {@code per-query}
 * @param status {@code found}, {@code no-knee} (the highest load stayed under the threshold), {@code not-converged}
 *     (the cell limit came first: the bracket is reported) or {@code failed} (a cell failed: see its phase)
 * @param baselineP99Ms the short screen's p99 at the light load, ms
 * @param thresholdMs the knee's threshold, ms
 * @param knee the measured knee, multiples of the article's per-server rate; null without one
 * @param low its 95 % interval's lower end (bootstrap); NaN without a knee
 * @param high its upper end; infinite when the interval is open above
 * @param modelKnee the model's knee by the same rule, or null when the model has none up to 4 × the highest load
 * @param cells the cells run, in the order run
 */
public record KneeResult(String profile, int rttMs, String borrow, String status, double baselineP99Ms,
        double thresholdMs, Double knee, double low, double high, Double modelKnee, List<CellRun> cells) {
    /**
     * One cell of the search.
     *
     * @param load the load
     * @param requests short-screen requests in its measured period
     * @param p99Ms their p99, ms
     * @param why why it was measured
     * @param run the run's id ({@code seed004/<id>/})
     */
    public record CellRun(double load, int requests, double p99Ms, String why, String run) {
    }

    /** @return the model's knee ÷ the measured, minus 1; NaN without both */
    public double modelError() {
        return knee == null || modelKnee == null ? Double.NaN : modelKnee / knee - 1;
    }
}
