package io.poolbench.testbed.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * The ratio of two variants' figures over rounds, with its 95 % interval: each round ran both variants once (in
 * rotating order), so each round gives one paired ratio A ÷ B, and drift of the machine between rounds falls on both
 * alike. The summary is the geometric mean of the ratios (the mean of their logarithms, shown back as a ratio).
 *
 * <p>The interval: none for n = 1 (one round is an anecdote and gets no verdict); from 2 rounds Student's t interval
 * on the mean log ratio ({@code mean ± t(0.975, n−1) · s / √n}, Commons Math 3). Not the percentile bootstrap, which
 * over 2 to 9 rounds is about [min, max], and which at 10 rounds called 8.3 % of simulated identical pairs different
 * (2,000 A/A comparisons, {@code SignedVerdictsTest}) where t keeps to its nominal 5 %.
 *
 * @param n rounds with a ratio
 * @param ratio the geometric mean of the ratios, A ÷ B
 * @param median the median of the ratios
 * @param low the interval's low end (NaN for n = 1)
 * @param high the interval's high end (NaN for n = 1)
 * @param method how the interval was found, in words
 */
public record RatioInterval(int n, double ratio, double median, double low, double high, String method) {

    /**
     * @param ratios A ÷ B per round, each finite and above 0
     * @return the summary and its 95 % interval
     * @throws IllegalArgumentException when there is no ratio, or one is not finite and above 0
     */
    public static RatioInterval of(double... ratios) {
        if (ratios.length == 0) {
            throw new IllegalArgumentException("no ratio: no round had both variants");
        }
        double[] logs = new double[ratios.length];
        for (int i = 0; i < ratios.length; i++) {
            if (!(ratios[i] > 0) || Double.isInfinite(ratios[i])) {
                throw new IllegalArgumentException("a ratio of " + ratios[i] + ": each must be finite and above 0");
            }
            logs[i] = Math.log(ratios[i]);
        }
        int n = ratios.length;
        double mean = StatUtils.mean(logs);
        double median = new Percentile(50).evaluate(ratios);
        if (n == 1) {
            return new RatioInterval(1, ratios[0], ratios[0], Double.NaN, Double.NaN, "one round: no interval");
        }
        double half = new TDistribution(n - 1).inverseCumulativeProbability(0.975)
                * Math.sqrt(StatUtils.variance(logs) / n);
        return new RatioInterval(n, Math.exp(mean), median, Math.exp(mean - half), Math.exp(mean + half),
                "Student's t on the log ratios");
    }

    /**
     * Pairs two variants' figures round by round: the i-th figure of each is from round i. A round in which either
     * has no figure (NaN, 0 or below: it failed or did not run) drops out, so n counts only complete pairs.
     *
     * @param a the first variant's figure per round
     * @param b the second variant's figure per round (a shorter list: the rounds beyond it drop out)
     * @return A ÷ B over the complete pairs with its interval; empty when no round has both
     */
    public static Optional<RatioInterval> paired(List<Double> a, List<Double> b) {
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            Double x = a.get(i);
            Double y = b.get(i);
            if (x != null && y != null && x > 0 && y > 0 && Double.isFinite(x) && Double.isFinite(y)) {
                ratios.add(x / y);
            }
        }
        return ratios.isEmpty() ? Optional.empty()
                : Optional.of(of(ratios.stream().mapToDouble(Double::doubleValue).toArray()));
    }

    /**
     * The ratio of two independent samples' geometric means, for figures that were not measured in pairs (JMH runs
     * each pool in forks of its own, one pool after the other): Welch's t interval on the difference of the mean
     * logarithms, with Welch–Satterthwaite's degrees of freedom.
     *
     * @param a the first variant's figures (JMH: one mean per fork), each finite and above 0
     * @param b the second variant's figures
     * @return A ÷ B with its interval; n is the smaller sample's size, and below 2 on either side there is none
     * @throws IllegalArgumentException when a sample is empty or a figure is not finite and above 0
     */
    public static RatioInterval unpaired(List<Double> a, List<Double> b) {
        double[] la = logs(a);
        double[] lb = logs(b);
        double ratio = Math.exp(StatUtils.mean(la) - StatUtils.mean(lb));
        int n = Math.min(la.length, lb.length);
        if (n < 2) {
            return new RatioInterval(n, ratio, ratio, Double.NaN, Double.NaN, "one fork: no interval");
        }
        double va = StatUtils.variance(la) / la.length;
        double vb = StatUtils.variance(lb) / lb.length;
        double se = Math.sqrt(va + vb);
        if (se == 0) {
            return new RatioInterval(n, ratio, ratio, ratio, ratio, "Welch's t on the log figures (no spread)");
        }
        double df = (va + vb) * (va + vb) / (va * va / (la.length - 1) + vb * vb / (lb.length - 1));
        double half = new TDistribution(df).inverseCumulativeProbability(0.975) * se;
        return new RatioInterval(n, ratio, ratio, ratio * Math.exp(-half), ratio * Math.exp(half),
                "Welch's t on the log figures");
    }

    private static double[] logs(List<Double> xs) {
        if (xs.isEmpty()) {
            throw new IllegalArgumentException("no figure: the variant has no sample");
        }
        double[] out = new double[xs.size()];
        for (int i = 0; i < out.length; i++) {
            double x = xs.get(i);
            if (!(x > 0) || Double.isInfinite(x)) {
                throw new IllegalArgumentException("a figure of " + x + ": each must be finite and above 0");
            }
            out[i] = Math.log(x);
        }
        return out;
    }

    /** @return true when there is an interval (n ≥ 2) and it does not contain 1 */
    public boolean excludesOne() {
        return n >= 2 && (low > 1 || high < 1);
    }
}
