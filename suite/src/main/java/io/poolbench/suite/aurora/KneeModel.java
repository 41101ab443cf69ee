package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.knee.KneeSearch;
import io.poolbench.suite.aurora.knee.KneeSearchSettings;
import io.poolbench.suite.aurora.map.SaturationMap;
import io.poolbench.suite.aurora.run.ScreenMix;
import io.poolbench.testbed.profile.PoolReading;

/**
 * The queueing model's knee ({@link SaturationMap#model}: {@code PoolSimulation} of the pool read from its profile,
 * the screens sharing it) by the rule the knee search measures with, for the search's start and for the prediction
 * set beside the measured knee.
 */
final class KneeModel {
    /** The model's grid of loads for its first crossing, multiples of the article's per-server rate. */
    static final double STEP = 0.25;

    private KneeModel() {
    }

    /**
     * The model's knee by the measured rule: its short p99 at the light load, then the first load on a grid of
     * {@value #STEP} where its p99 reaches {@link KneeSearch#FACTOR} × that, then bisection between that load and
     * the one before it. The first crossing, not any: the model's p99 near the knee does not grow smoothly with the
     * load (a few long screens decide it), so a bisection over the whole range could land on a later crossing.
     *
     * @param k the search's loads
     * @param mix the traffic, with or without the measurement's window
     * @param pool the pool, or null
     * @param rtt the round trip per query, ms: the one added, plus the stand-in's own where it was measured
     * @param borrow {@code per-request} or {@code per-query}
     * @return the knee's load; null when the model has none up to 2 × the highest load, or without a pool
     */
    static Double knee(KneeSearchSettings k, ScreenMix mix, PoolReading pool, double rtt, String borrow) {
        if (pool == null) {
            return null;
        }
        double threshold = KneeSearch.FACTOR * SaturationMap.model(pool, mix, k.lightLoad(), rtt, borrow)[0];
        if (!(threshold > 0)) {
            return null;
        }
        double lo = k.lightLoad();
        double hi = Double.NaN;
        for (double x = Math.floor(lo / STEP + 1) * STEP; x <= 2 * k.maxLoad() + 1e-9; x += STEP) {
            if (SaturationMap.model(pool, mix, x, rtt, borrow)[0] >= threshold) {
                hi = x;
                break;
            }
            lo = x;
        }
        if (Double.isNaN(hi)) {
            return null;
        }
        for (int i = 0; i < 8; i++) {
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
