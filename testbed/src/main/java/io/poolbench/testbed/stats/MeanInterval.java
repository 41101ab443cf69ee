package io.poolbench.testbed.stats;

import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * The mean of a figure over rounds with its 95 % interval: Student's t ({@code mean ± t(0.975, n−1) · s / √n},
 * Commons Math 3) for times and differences, which may be 0 or negative; for counts, which cannot, a bootstrap over
 * the rounds no narrower than the Poisson interval ({@link #ofCounts}); a ratio's interval is {@link RatioInterval}.
 *
 * @param n values
 * @param mean their mean
 * @param median their median
 * @param low the interval's low end (NaN for n = 1)
 * @param high the interval's high end (NaN for n = 1)
 * @param allSame true when every round gave the same value (n ≥ 2)
 */
public record MeanInterval(int n, double mean, double median, double low, double high, boolean allSame) {
    /**
     * @param n values
     * @param mean their mean
     * @param median their median
     * @param low the interval's low end
     * @param high its high end
     */
    public MeanInterval(int n, double mean, double median, double low, double high) {
        this(n, mean, median, low, high, false);
    }

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
        return new MeanInterval(n, mean, median, mean - half, mean + half, StatUtils.min(v) == StatUtils.max(v));
    }

    /**
     * The mean of a count per round (failed requests, connections opened) with an interval that respects what it
     * counts, never below 0: the percentile bootstrap of the mean over the rounds ({@link Bootstrap}), which carries
     * the spread between rounds (a pool that failed 2, 252, 33, 3 and 193 times), widened to at least Garwood's
     * exact Poisson interval of the mean (Garwood, "Fiducial limits for the Poisson distribution", Biometrika 28,
     * 1936: χ²(0.025; 2S) / 2n to χ²(0.975; 2S + 2) / 2n for a total S over n rounds, Commons Math 3's χ²), which
     * carries a count's own noise where rounds agree by chance; for one round, Garwood's alone.
     *
     * @param counts one count per round, each 0 or above
     * @return the mean count per round and its interval
     * @throws IllegalArgumentException when there is no count, or one is negative or not finite
     */
    public static MeanInterval ofCounts(List<Double> counts) {
        if (counts.isEmpty()) {
            throw new IllegalArgumentException("no count: no round had one");
        }
        double[] v = counts.stream().mapToDouble(Double::doubleValue).toArray();
        for (double x : v) {
            if (!(x >= 0) || Double.isInfinite(x)) {
                throw new IllegalArgumentException("a count of " + x + ": each must be 0 or above");
            }
        }
        int n = v.length;
        double total = StatUtils.sum(v);
        double low = total == 0 ? 0 : new ChiSquaredDistribution(2 * total).inverseCumulativeProbability(0.025)
                / (2 * n);
        double high = new ChiSquaredDistribution(2 * total + 2).inverseCumulativeProbability(0.975) / (2 * n);
        if (n >= 2) {
            double[] b = Bootstrap.meanInterval(v);
            low = Math.min(low, b[0]);
            high = Math.max(high, b[1]);
        }
        return new MeanInterval(n, total / n, new Percentile(50).evaluate(v), low, high, n >= 2
                && StatUtils.min(v) == StatUtils.max(v));
    }

    /**
     * @param decimals decimals of the figures
     * @return the mean and its interval as a table shows them, e.g. {@code 20.0 (12.2–30.9, n = 3)}; {@code all 3
     *     rounds gave 192} where every round gave the same value
     */
    public String text(int decimals) {
        String f = "%." + decimals + "f";
        if (allSame) {
            return "all " + n + " rounds gave " + String.format(Locale.ROOT, f, mean);
        }
        return String.format(Locale.ROOT, f, mean) + (n < 2 || Double.isNaN(low) ? " (one round, no interval)"
                : String.format(Locale.ROOT, " (" + f + "–" + f + ", n = %d)", low, high, n));
    }

    /** @return true when there is an interval (n ≥ 2) and it does not contain 0 */
    public boolean excludesZero() {
        return n >= 2 && (low > 0 || high < 0);
    }
}
