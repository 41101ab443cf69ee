package io.poolbench.suite.plan;

/**
 * The knee of a user's request found by search on the stand-in cluster ({@code plan --measure-knee}), in requests/s.
 *
 * @param status {@code found}, {@code no-knee} (the highest load stayed under the threshold), {@code not-converged}
 *     or {@code failed}, as the search reports it
 * @param kneePerSecond the measured knee, requests/s; null without one
 * @param lowPerSecond its 95 % interval's lower end within the search, requests/s; NaN without a knee
 * @param highPerSecond its upper end; infinite when the interval is open above
 * @param highestPerSecond the highest load the search measured, requests/s
 * @param modelPerSecond the search's model knee (over its cells' window, with the stand-in's round trip), requests/s;
 *     null without one
 * @param standInRttMs the stand-in's own round trip per query measured at the light load, ms; null without it
 * @param cells the cells the search ran
 */
public record MeasuredKnee(String status, Double kneePerSecond, double lowPerSecond, double highPerSecond,
        double highestPerSecond, Double modelPerSecond, Double standInRttMs, int cells) {
}
