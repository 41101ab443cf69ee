package io.poolbench.testbed.stats;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Holm–Bonferroni's step-down adjustment of a family of p-values (Holm, "A simple sequentially rejective multiple
 * test procedure", Scandinavian Journal of Statistics 6, 1979): with m tests sorted by p ascending, the i-th (from 1)
 * is multiplied by m − i + 1, and each adjusted value is at least its predecessor's, capped at 1. A verdict whose
 * adjusted p is below {@link #ALPHA} keeps the family-wise chance of any false verdict at or below 5 %, whatever the
 * dependence between the tests.
 */
public final class Holm {
    /** The family-wise level, 5 %. */
    public static final double ALPHA = 0.05;

    private Holm() {
    }

    /**
     * @param p the family's p-values; NaN for a comparison without one (it is no member of the family)
     * @return the adjusted p-values, in the same order; NaN where the input is
     */
    public static double[] adjust(double[] p) {
        int[] members = IntStream.range(0, p.length).filter(i -> !Double.isNaN(p[i])).boxed()
                .sorted(Comparator.comparingDouble(i -> p[i])).mapToInt(Integer::intValue).toArray();
        double[] out = new double[p.length];
        Arrays.fill(out, Double.NaN);
        int m = members.length;
        double running = 0;
        for (int k = 0; k < m; k++) {
            running = Math.max(running, Math.min(1, (m - k) * p[members[k]]));
            out[members[k]] = running;
        }
        return out;
    }
}
