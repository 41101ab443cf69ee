package io.poolbench.testbed.fault;

import java.util.Locale;

/** Durations in the words reports use: {@code 800 ms}, {@code 20 s}, {@code 15.4 min}, {@code 30 min}, {@code 2.2 h}. */
public final class Durations {
    private Durations() {
    }

    /**
     * @param ms a duration, ms; negative means without limit
     * @return it in the largest unit that keeps it readable
     */
    public static String text(long ms) {
        if (ms < 0) {
            return "no limit";
        }
        if (ms < 1_000) {
            return ms + " ms";
        }
        if (ms < 120_000) {
            return ms % 1_000 == 0 ? ms / 1_000 + " s" : String.format(Locale.ROOT, "%.1f s", ms / 1_000.0);
        }
        if (ms >= 7_200_000) {
            double h = ms / 3_600_000.0;
            return h == Math.rint(h) ? (long) h + " h" : String.format(Locale.ROOT, "%.1f h", h);
        }
        double min = ms / 60_000.0;
        return min == Math.rint(min) ? (long) min + " min" : String.format(Locale.ROOT, "%.1f min", min);
    }
}
