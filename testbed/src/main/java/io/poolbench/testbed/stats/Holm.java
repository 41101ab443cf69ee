package io.poolbench.testbed.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
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

    /**
     * A page's family of comparisons adjusted as a whole: each verdict on the page is called at 95 % on its own, and
     * this paragraph says which of them hold once the number of comparisons is allowed for.
     *
     * @param family the page's comparisons, the A/A ones left out (they are the noise floor, not findings)
     * @return one Markdown paragraph (with a leading blank line): the number of comparisons, and for each one called
     *     ahead on its own its adjusted p and whether it holds; empty when fewer than two comparisons have a p-value
     *     or none was called ahead
     */
    public static String markdown(List<Comparison> family) {
        double[] adjusted = adjust(family.stream().mapToDouble(Comparison::p).toArray());
        long members = Arrays.stream(adjusted).filter(x -> !Double.isNaN(x)).count();
        List<String> called = new ArrayList<>();
        int hold = 0;
        for (int i = 0; i < family.size(); i++) {
            Comparison c = family.get(i);
            if (c.verdict() == Verdict.AHEAD && !Double.isNaN(adjusted[i])) {
                boolean holds = adjusted[i] < ALPHA;
                hold += holds ? 1 : 0;
                called.add(String.format(Locale.ROOT, "%s, %s: adjusted p %.3f, %s", c.estimateText(), c.measure(),
                        adjusted[i], holds ? "holds" : "does not hold"));
            }
        }
        if (members < 2 || called.isEmpty()) {
            return "";
        }
        return String.format(Locale.ROOT, "%nAdjusted for the %d comparisons above (Holm–Bonferroni, family-wise"
                + " 5 %%; each interval above is at 95 %% on its own): %d of the %d verdict%s hold%s. %s.%n",
                members, hold, called.size(), called.size() == 1 ? "" : "s", called.size() == 1 ? "s" : "",
                String.join("; ", called));
    }
}
