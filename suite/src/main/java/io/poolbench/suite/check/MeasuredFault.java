package io.poolbench.suite.check;

import io.poolbench.testbed.fault.Prediction;
import io.poolbench.testbed.stats.MeanInterval;
import java.util.Map;

/**
 * One fault on one configuration: the stand-in's prediction beside what its runs measured.
 *
 * @param profile the configuration's profile name
 * @param pool the pool's name
 * @param fault the fault, e.g. {@code stall 5 s}
 * @param expectedRuns the runs planned (rounds)
 * @param predicted the prediction for the stand-in
 * @param longestWaitMs the longest response of each run, ms: mean, median and 95 % interval over runs; null when no
 *     run has a result
 * @param servesAgainS when the last failed or slow (over 1 s) request ended, s after the fault began; null likewise
 * @param failingAtEnd runs whose requests still failed or were slow in the last second of the load: their
 *     {@code servesAgainS} is the load's end, a lower bound
 * @param failedByClass failed requests per outcome class, per run; empty when no run failed a request
 */
public record MeasuredFault(String profile, String pool, String fault, int expectedRuns, Prediction predicted,
        MeanInterval longestWaitMs, MeanInterval servesAgainS, int failingAtEnd,
        Map<String, MeanInterval> failedByClass) {
    /** @return runs with a result */
    public int n() {
        return longestWaitMs == null ? 0 : longestWaitMs.n();
    }

    /**
     * The goal of the prediction: the measured median longest wait within ±20 % of the predicted one, or within
     * ±1 s where the prediction is below 5 s.
     *
     * @return true when met; false also when nothing was measured or the prediction has no limit
     */
    public boolean withinGoal() {
        if (longestWaitMs == null || predicted.longestWaitMs() < 0) {
            return false;
        }
        double p = predicted.longestWaitMs();
        double m = longestWaitMs.median();
        return p < 5_000 ? Math.abs(m - p) <= 1_000 : Math.abs(m - p) <= 0.2 * p;
    }

    /** @return measured median ÷ predicted longest wait; NaN when either is missing */
    public double error() {
        return longestWaitMs == null || predicted.longestWaitMs() <= 0 ? Double.NaN
                : longestWaitMs.median() / predicted.longestWaitMs();
    }
}
