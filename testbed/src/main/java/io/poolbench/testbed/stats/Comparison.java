package io.poolbench.testbed.stats;

import java.util.Locale;

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
 */
public record Comparison(String measure, String a, String b, boolean ratio, double estimate, double low,
        double high, int n, Verdict verdict, String leader) {
    /**
     * @param f a ratio over rounds
     * @return it as a row
     */
    public static Comparison of(Finding f) {
        RatioInterval r = f.ratio();
        return new Comparison(f.measure(), f.a(), f.b(), true, r.ratio(), r.low(), r.high(), r.n(), f.verdict(),
                f.leader());
    }

    /**
     * @param d a difference over rounds
     * @return it as a row
     */
    public static Comparison of(DifferenceFinding d) {
        return new Comparison(d.measure(), d.a(), d.b(), false, d.mean(), d.low(), d.high(), d.n(), d.verdict(),
                d.leader());
    }

    /** @return the answer in words: who is ahead, or that the run cannot tell */
    public String answer() {
        return switch (verdict) {
            case AHEAD -> leader + " ahead of " + (leader.equals(a) ? b : a);
            case NO_DIFFERENCE -> "no difference shown";
            case ONE_ROUND -> "one round: no verdict";
        };
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
