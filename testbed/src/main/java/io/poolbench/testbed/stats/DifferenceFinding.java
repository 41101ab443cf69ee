package io.poolbench.testbed.stats;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A comparison of two variants over rounds by the difference A − B of a count, where a ratio does not serve because
 * either may be 0 (failed requests at a failover, borrows past the timeout): "A more than B in failed requests by 4.3
 * (95 % interval 1.2–7.4, 5 rounds)", or not shown to differ, or from one round no verdict. Each round
 * ran both variants once, so each gives one paired difference; the interval is Student's t on their mean
 * ({@link MeanInterval}), for every n ≥ 2 (a count's differences are few and
 * often tied: a bootstrap over them would be about [min, max]).
 *
 * @param measure what was counted, with its unit ({@code failed requests at the failover})
 * @param a the first variant's name
 * @param b the second variant's name
 * @param higherIsBetter false for failures
 * @param n rounds with both variants
 * @param mean the mean difference A − B
 * @param median the median difference
 * @param low the interval's low end (NaN for n = 1)
 * @param high the interval's high end (NaN for n = 1)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record DifferenceFinding(String measure, String a, String b, boolean higherIsBetter, int n, double mean,
        double median, double low, double high) {

    /**
     * Pairs two variants' counts round by round: the i-th of each is from round i; a round in which either has none
     * (null or NaN: it failed or did not run) drops out, so n counts only complete pairs.
     *
     * @param measure what was counted
     * @param a the first variant's name
     * @param b the second variant's name
     * @param higherIsBetter false for failures
     * @param countsA the first variant's count per round
     * @param countsB the second variant's count per round
     * @return the finding; empty when no round has both
     */
    public static Optional<DifferenceFinding> paired(String measure, String a, String b, boolean higherIsBetter,
            List<Double> countsA, List<Double> countsB) {
        List<Double> d = new ArrayList<>();
        for (int i = 0; i < Math.min(countsA.size(), countsB.size()); i++) {
            Double x = countsA.get(i);
            Double y = countsB.get(i);
            if (x != null && y != null && Double.isFinite(x) && Double.isFinite(y)) {
                d.add(x - y);
            }
        }
        if (d.isEmpty()) {
            return Optional.empty();
        }
        MeanInterval m = MeanInterval.of(d);
        return Optional.of(new DifferenceFinding(measure, a, b, higherIsBetter, m.n(), m.mean(), m.median(), m.low(),
                m.high()));
    }

    /**
     * @return ahead only with an interval that excludes 0, never from one round; where every round differed by the
     *     same amount (an interval of zero width, no spread to test with), only when the sign test's exact p, 2 ×
     *     0.5ⁿ, is below 5 %: 6 rounds or more
     */
    @JsonProperty("verdict")
    public Verdict verdict() {
        if (n < 2) {
            return Verdict.ONE_ROUND;
        }
        if (low == high) {
            return mean != 0 && Comparison.signTestP(n) < Holm.ALPHA ? Verdict.AHEAD : Verdict.NO_DIFFERENCE;
        }
        return new MeanInterval(n, mean, median, low, high).excludesZero() ? Verdict.AHEAD : Verdict.NO_DIFFERENCE;
    }

    /** @return the variant that is better on this measure by the mean difference (A when they are equal) */
    @JsonProperty("leader")
    public String leader() {
        return (higherIsBetter ? mean >= 0 : mean <= 0) ? a : b;
    }

    /** @return the finding in one sentence, its interval and n in it */
    @JsonProperty("text")
    public String text() {
        String rounds = n + (n == 1 ? " round" : " rounds");
        return switch (verdict()) {
            case ONE_ROUND -> String.format(Locale.ROOT, "%s − %s in %s: %s from one round: no interval, no verdict"
                    + " (run 3 or more rounds)", a, b, measure, num(mean));
            case NO_DIFFERENCE, ALIKE -> low == high ? String.format(Locale.ROOT, "%s against %s in %s: not shown to"
                    + " differ (%s − %s was %s in all %s: too few rounds for the sign test to reach 5 %%)", a, b,
                    measure, a, b, num(mean), rounds) : String.format(Locale.ROOT, "%s against %s in %s: not shown to"
                    + " differ (%s − %s: mean %s, 95 %% interval %s to %s, %s)", a, b, measure, a, b, num(mean),
                    num(low), num(high), rounds);
            case AHEAD -> {
                boolean aMore = mean > 0;
                double lo = aMore ? low : -high;
                double hi = aMore ? high : -low;
                yield String.format(Locale.ROOT, "%s ahead of %s in %s: %s had more by %s (95 %% interval %s–%s, %s)",
                        leader(), leader().equals(a) ? b : a, measure, aMore ? a : b, num(Math.abs(mean)), num(lo),
                        num(hi), rounds);
            }
        };
    }

    /** @return this finding as a claim for the suite's page: solid when {@link Verdict#AHEAD} */
    public Claim claim() {
        return new Claim(verdict() == Verdict.AHEAD ? "**" + text() + "**" : text(), verdict() == Verdict.AHEAD,
                java.util.List.of(Comparison.of(this)));
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, Math.abs(v) >= 10 ? "%.0f" : Math.abs(v) >= 1 ? "%.1f" : "%.2f", v);
    }
}
