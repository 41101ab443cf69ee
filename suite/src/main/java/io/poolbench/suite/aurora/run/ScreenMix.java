package io.poolbench.suite.aurora.run;

import io.poolbench.testbed.load.ScreenModel;

/**
 * The paced traffic of a run as the queueing model needs it: the article's rate, the screens' shares and shapes,
 * and how long the run measures.
 *
 * @param ratePerMinute the article's request rate over all servers, per minute (3,000)
 * @param shortPercent share of requests for the short screen, %
 * @param mediumPercent share for the medium screen, % (the long screen gets the rest)
 * @param screens the screens the webapp serves (borrowing, long screen, short screen's shape)
 * @param longScreenMaxMs longest long screen alone, ms
 * @param durationSeconds measured seconds after the warm-up
 * @param warmupSeconds seconds of load before them, excluded from every figure; 0 to model one long run instead of
 *     the measurement's own window
 */
public record ScreenMix(double ratePerMinute, int shortPercent, int mediumPercent, ScreenModel screens,
        long longScreenMaxMs, int durationSeconds, int warmupSeconds) {
    /** @return this traffic over one long run (60 s, or the measured period if longer), not the cell's window */
    public ScreenMix withoutWindow() {
        return new ScreenMix(ratePerMinute, shortPercent, mediumPercent, screens, longScreenMaxMs, durationSeconds, 0);
    }
}
