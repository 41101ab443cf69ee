package io.poolbench.testbed;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Small shared helpers for the reports: nearest-rank percentiles of a list of numbers and the number formats of
 * the Markdown tables. (Percentiles of large samples come from HdrHistogram or JMH's histograms; this is for the
 * short lists of per-run or per-request figures the drills collect.)
 */
public final class Figures {
    private Figures() {
    }

    /**
     * Nearest-rank percentile: the smallest value with at least {@code q × n} values at or below it.
     *
     * @param values numbers in any order, nulls ignored (the list is not modified)
     * @param q quantile, 0..1 (1 gives the maximum)
     * @return the value as a double, in the values' unit; null when there is no non-null value
     */
    public static Double nearestRank(List<? extends Number> values, double q) {
        double[] v = values.stream().filter(Objects::nonNull).mapToDouble(Number::doubleValue).sorted().toArray();
        if (v.length == 0) {
            return null;
        }
        int idx = (int) Math.ceil(q * v.length) - 1;
        return v[Math.max(0, Math.min(idx, v.length - 1))];
    }

    /**
     * @param values numbers, nulls ignored
     * @return the nearest-rank median ({@link #nearestRank} at 0.5), NaN when there is none
     */
    public static double median(List<? extends Number> values) {
        Double m = nearestRank(values, 0.5);
        return m == null ? Double.NaN : m;
    }

    /**
     * @param values numbers, nulls ignored
     * @return the smallest, NaN when there is none
     */
    public static double min(List<? extends Number> values) {
        return values.stream().filter(Objects::nonNull).mapToDouble(Number::doubleValue).min().orElse(Double.NaN);
    }

    /**
     * @param values numbers, nulls ignored
     * @return the largest, NaN when there is none
     */
    public static double max(List<? extends Number> values) {
        return values.stream().filter(Objects::nonNull).mapToDouble(Number::doubleValue).max().orElse(Double.NaN);
    }

    /**
     * @param values numbers, nulls ignored
     * @return the arithmetic mean, NaN when there is none
     */
    public static double mean(List<? extends Number> values) {
        return values.stream().filter(Objects::nonNull).mapToDouble(Number::doubleValue).average()
                .orElse(Double.NaN);
    }

    /**
     * @param v a number as a user typed it
     * @return a whole number without decimals ({@code 1}, not {@code 1.0}), else as Java prints it
     */
    public static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    /**
     * @param v a figure
     * @param decimals decimals to show
     * @return the figure with thousands separators and {@code decimals} decimals; "n/a" for NaN or null
     */
    public static String fixed(Double v, int decimals) {
        return v == null || v.isNaN() ? "n/a" : String.format(Locale.ROOT, "%,." + decimals + "f", v);
    }

    /**
     * Three significant digits at most (no decimals from 100 on), for µs figures that span 0.1 to 100,000.
     *
     * @param v a figure
     * @return the formatted figure; "n/a" for NaN or null
     */
    public static String sig3(Double v) {
        if (v == null || v.isNaN()) {
            return "n/a";
        }
        double a = Math.abs(v);
        return fixed(v, a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3);
    }
}
