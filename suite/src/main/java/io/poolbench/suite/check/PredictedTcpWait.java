package io.poolbench.suite.check;

/**
 * What {@code check} predicts of one wait of one TCP-level fault: a point (the longest such wait) or, for the first
 * request the promoted writer serves after a DNS flip, a window whose end is the bound.
 *
 * @param ms the predicted wait, ms (-1 without limit); for a window, its end; null where none is predicted (no
 *     query meets the silent writer when every borrow validates)
 * @param fromMs a window's start, ms (nothing can end sooner); -1 for a point
 * @param chain its chain of timeouts, in words; null with {@code ms}
 * @param symptom what a service shows
 */
public record PredictedTcpWait(Long ms, long fromMs, String chain, String symptom) {
    /** @return true when it is a window, not a point */
    public boolean window() {
        return fromMs >= 0;
    }
}
