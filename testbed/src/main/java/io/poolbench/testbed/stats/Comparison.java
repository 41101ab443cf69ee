package io.poolbench.testbed.stats;

import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * One comparison as the verdict table on top of the suite's page shows it, whatever produced it: a ratio A ÷ B over
 * rounds ({@link Finding}), a difference A − B of counts ({@link DifferenceFinding}), or a ratio of two JMH results
 * over their forks. One row of the table and one line of its forest plot.
 *
 * @param measure what was compared, with its unit ({@code req/s}, {@code failed requests at the failover})
 * @param a the first variant
 * @param b the second variant
 * @param ratio true for a ratio (no difference is 1, drawn on a log axis), false for a difference (no difference
 *     is 0)
 * @param estimate the ratio's geometric mean or the mean difference
 * @param low the 95 % interval's low end; NaN without an interval
 * @param high its high end; NaN without an interval
 * @param n the rounds (or forks) behind it
 * @param verdict what it lets us say
 * @param leader the variant ahead on this measure by the estimate
 * @param noiseFloor true for an A/A comparison (a variant against itself run as a second variant): not a finding
 *     but the tool's own noise, the floor under the comparisons of the same measure and first variant
 * @param margin the equivalence margin declared before the run (a fraction for a ratio, the unit for a difference);
 *     NaN without one, when "not shown to differ" is all that can be said
 */
public record Comparison(String measure, String a, String b, boolean ratio, double estimate, double low,
        double high, int n, Verdict verdict, String leader, boolean noiseFloor, double margin) {
    /**
     * @param f a ratio over rounds
     * @return it as a row
     */
    public static Comparison of(Finding f) {
        RatioInterval r = f.ratio();
        return new Comparison(f.measure(), f.a(), f.b(), true, r.ratio(), r.low(), r.high(), r.n(), f.verdict(),
                f.leader(), false, Double.NaN);
    }

    /**
     * @param d a difference over rounds
     * @return it as a row
     */
    public static Comparison of(DifferenceFinding d) {
        return new Comparison(d.measure(), d.a(), d.b(), false, d.mean(), d.low(), d.high(), d.n(), d.verdict(),
                d.leader(), false, Double.NaN);
    }

    /** @return this comparison as an A/A one: the noise floor of its measure and first variant */
    public Comparison asNoiseFloor() {
        return new Comparison(measure, a, b, ratio, estimate, low, high, n, verdict, leader, true, margin);
    }

    /**
     * @param declared the equivalence margin declared before the run ({@link Equivalence}); NaN for none
     * @return this comparison with the margin, its verdict {@link Verdict#ALIKE} where it was not shown to differ and
     *     the two one-sided tests put it inside the margin
     */
    public Comparison withMargin(double declared) {
        Verdict v = verdict == Verdict.NO_DIFFERENCE && !Double.isNaN(declared) && Equivalence.alike(this, declared)
                ? Verdict.ALIKE : verdict;
        return new Comparison(measure, a, b, ratio, estimate, low, high, n, v, leader, noiseFloor, declared);
    }

    /**
     * @param other a comparison of the same measure and first variant
     * @return true when this is an A/A comparison with an interval, and the other's estimate lies inside it
     */
    public boolean covers(Comparison other) {
        return noiseFloor && !other.noiseFloor && measure.equals(other.measure) && a.equals(other.a)
                && Double.isFinite(low) && Double.isFinite(high) && other.estimate >= low && other.estimate <= high;
    }

    /**
     * The two-sided p-value of "no difference", recovered from the 95 % interval as Student's t with n − 1 degrees of
     * freedom on the scale the interval was found on (the logarithm for a ratio): exact for the t intervals of 2 to 9
     * rounds, an approximation for the bootstrap's (10 rounds or more) and Welch's. An interval of zero width (every
     * round gave the same figure) has no spread to test with: the sign test then gives its exact p, 2 × 0.5ⁿ, the
     * least that n rounds on one side can show (0.25 at n = 3).
     *
     * @return p in 0..1; NaN without an interval (one round)
     */
    public double p() {
        double[] s = scaled();
        if (s == null) {
            return Double.NaN;
        }
        if (!(s[1] > 0)) {
            return s[0] == 0 ? 1 : signTestP(n);
        }
        return Math.min(1, 2 * (1 - new TDistribution(n - 1).cumulativeProbability(Math.abs(s[0]) / s[1])));
    }

    /**
     * The estimate and its standard error on the scale the interval was found on (the logarithm for a ratio), the
     * error recovered from the 95 % interval as Student's t with n − 1 degrees of freedom: what {@link #p} and
     * {@link Equivalence} both test.
     *
     * @return {estimate, standard error} (the error 0 for an interval of zero width); null without an interval
     */
    double[] scaled() {
        if (n < 2 || !Double.isFinite(low) || !Double.isFinite(high) || ratio && (low <= 0 || estimate <= 0)) {
            return null;
        }
        double est = ratio ? Math.log(estimate) : estimate;
        double half = ratio ? (Math.log(high) - Math.log(low)) / 2 : (high - low) / 2;
        return new double[] {est, half > 0 ? half / new TDistribution(n - 1).inverseCumulativeProbability(0.975) : 0};
    }

    /**
     * @param n rounds, every one on the same side of "no difference"
     * @return the sign test's exact two-sided p, 2 × 0.5ⁿ, at most 1
     */
    static double signTestP(int n) {
        return Math.min(1, 2 * Math.pow(0.5, n));
    }

    /** @return the answer in words: who is ahead, or that the run cannot tell */
    public String answer() {
        return switch (verdict) {
            case AHEAD -> leader + " ahead of " + (leader.equals(a) ? b : a);
            case NO_DIFFERENCE -> "not shown to differ" + (Double.isNaN(margin) ? "" : " (nor alike within "
                    + marginText() + ")");
            case ALIKE -> "alike within " + marginText() + " (two one-sided tests at 5 %)";
            case ONE_ROUND -> "one round: no verdict";
        };
    }

    /** @return the declared margin in words: {@code ±10 %} for a ratio, {@code ±2} for a difference */
    public String marginText() {
        return ratio ? "±" + num(100 * margin) + " %" : "±" + num(margin);
    }

    /** @return the estimate as the table prints it: {@code A ÷ B 1.23 ×} or {@code A − B 4.5} */
    public String estimateText() {
        return ratio ? a + " ÷ " + b + " " + num(estimate) + " ×" : a + " − " + b + " " + num(estimate);
    }

    /** @return the interval as the table prints it, or a dash without one */
    public String intervalText() {
        return Double.isNaN(low) || Double.isNaN(high) ? "–" : num(low) + " to " + num(high);
    }

    private static String num(double v) {
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%,.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3f", v);
    }
}
