package io.poolbench.testbed.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Two one-sided tests (TOST: Schuirmann, "A comparison of the two one-sided tests procedure and the power approach
 * for assessing the equivalence of average bioavailability", Journal of Pharmacokinetics and Biopharmaceutics 15,
 * 1987): two variants are called alike only within a margin declared before the run, when each one-sided test at 5 %
 * rejects a difference beyond it, that is, when the 90 % interval lies inside the margin. The interval is Student's t
 * on the comparison's own scale (the logarithm for a ratio, whose margin ±m is 1/(1 + m) to 1 + m), its standard
 * error recovered from the 95 % interval as {@link Comparison#p} does.
 */
public final class Equivalence {
    private Equivalence() {
    }

    /**
     * @param c a comparison with an interval (n ≥ 2, finite bounds of some width)
     * @param margin the margin declared before the run: a fraction for a ratio (0.10: within ±10 %), the measure's
     *     own unit for a difference (2: within ±2 requests); above 0
     * @return true when both one-sided tests at 5 % put the difference inside the margin
     * @throws IllegalArgumentException for a margin that is not above 0
     */
    public static boolean alike(Comparison c, double margin) {
        if (!(margin > 0) || Double.isInfinite(margin)) {
            throw new IllegalArgumentException("an equivalence margin of " + margin + ": give one above 0");
        }
        double[] i90 = interval90(c);
        if (i90 == null) {
            return false;
        }
        double bound = c.ratio() ? Math.log(1 + margin) : margin;
        return i90[0] > -bound && i90[1] < bound;
    }

    /**
     * @param c a comparison
     * @return its 90 % interval on its own scale (log for a ratio), {low, high}; null without an interval of some
     *     width
     */
    static double[] interval90(Comparison c) {
        double[] s = c.scaled();
        if (s == null || !(s[1] > 0)) {
            return null;
        }
        double half90 = s[1] * new TDistribution(c.n() - 1).inverseCumulativeProbability(0.95);
        return new double[] {s[0] - half90, s[0] + half90};
    }
}
