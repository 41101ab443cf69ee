package io.poolbench.testbed.stats;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * The mean of a figure over rounds with its 95 % interval: Student's t ({@code mean ± t(0.975, n−1) · s / √n},
 * Commons Math 3), for counts and differences, which may be 0 or negative (a ratio's interval is
 * {@link RatioInterval}).
 *
 * @param n values
 * @param mean their mean
 * @param median their median
 * @param low the interval's low end (NaN for n = 1)
 * @param high the interval's high end (NaN for n = 1)
 */
public record MeanInterval(int n, double mean, double median, double low, double high) {
    /**
     * @param values one value per round, each finite
     * @return the mean and its interval
     * @throws IllegalArgumentException when there is no value
     */
    public static MeanInterval of(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no value: no round had one");
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        int n = v.length;
        double mean = StatUtils.mean(v);
        double median = new Percentile(50).evaluate(v);
        if (n == 1) {
            return new MeanInterval(1, mean, median, Double.NaN, Double.NaN);
        }
        double half = new TDistribution(n - 1).inverseCumulativeProbability(0.975) * Math.sqrt(StatUtils.variance(v) / n);
        return new MeanInterval(n, mean, median, mean - half, mean + half);
    }

    /** @return true when there is an interval (n ≥ 2) and it does not contain 0 */
    public boolean excludesZero() {
        return n >= 2 && (low > 0 || high < 0);
    }
}
