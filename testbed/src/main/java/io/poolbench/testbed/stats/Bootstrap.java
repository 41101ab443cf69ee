package io.poolbench.testbed.stats;

import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * The percentile bootstrap of a mean (Efron and Tibshirani, "An Introduction to the Bootstrap", 1993, ch. 13):
 * {@value #RESAMPLES} resamples of the values with replacement on a fixed seed, so the same data give the same
 * interval; the 2.5th and 97.5th percentiles of the resampled means (Commons Math 3's generator and percentiles).
 */
final class Bootstrap {
    /** Resamples. */
    static final int RESAMPLES = 10_000;
    private static final long SEED = 20_26_11_24L;

    private Bootstrap() {
    }

    /**
     * @param values the values, at least one
     * @return {low, high}: the 95 % percentile interval of their mean
     */
    static double[] meanInterval(double[] values) {
        RandomGenerator rng = new Well19937c(SEED);
        int n = values.length;
        double[] means = new double[RESAMPLES];
        double[] sample = new double[n];
        for (int b = 0; b < RESAMPLES; b++) {
            for (int i = 0; i < n; i++) {
                sample[i] = values[rng.nextInt(n)];
            }
            means[b] = StatUtils.mean(sample);
        }
        Percentile p = new Percentile();
        p.setData(means);
        return new double[] {p.evaluate(2.5), p.evaluate(97.5)};
    }
}
