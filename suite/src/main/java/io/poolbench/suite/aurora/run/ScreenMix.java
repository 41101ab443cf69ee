package io.poolbench.suite.aurora.run;

import io.poolbench.testbed.load.ScreenModel;
import java.util.ArrayList;
import java.util.List;

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
 * @param warmupSeconds seconds of load before them, excluded from every figure
 * @param users the article's users over all its servers (750), whose share at a load are the webapp's JMeter
 *     threads; 0 for the model's own draw of the long screen per request
 * @param engines the JMeter engines the threads are split over (user ids {@code engine × 10000 + thread})
 */
public record ScreenMix(double ratePerMinute, int shortPercent, int mediumPercent, ScreenModel screens,
        long longScreenMaxMs, int durationSeconds, int warmupSeconds, int users, int engines) {
    /** The traffic with the model's own draw of the long screen per request. */
    public ScreenMix(double ratePerMinute, int shortPercent, int mediumPercent, ScreenModel screens,
            long longScreenMaxMs, int durationSeconds) {
        this(ratePerMinute, shortPercent, mediumPercent, screens, longScreenMaxMs, durationSeconds, 0, 0, 1);
    }

    /** @return this traffic measured over one long run (60 s, or the measured period if longer), not windows */
    public ScreenMix withoutWindow() {
        return new ScreenMix(ratePerMinute, shortPercent, mediumPercent, screens, longScreenMaxMs, durationSeconds, 0,
                users, engines);
    }

    /** @return this traffic with the model's own draw of the long screen per request, not the users' */
    public ScreenMix withoutUsers() {
        return new ScreenMix(ratePerMinute, shortPercent, mediumPercent, screens, longScreenMaxMs, durationSeconds,
                warmupSeconds, 0, 1);
    }

    /**
     * The long screen's SQL times of the users a load has: each JMeter thread is a user who keeps its long screen's
     * time ({@link ScreenModel#longScreenMs}), and a load of × x has round(users × x / 4) threads, split evenly over
     * the engines (as {@code seed004.jmx} numbers them).
     *
     * @param load the load, multiples of the article's per-server rate
     * @return one SQL time alone per user, ms; null without users (the model's own draw)
     */
    public List<Double> longSqlMsAt(double load) {
        if (users <= 0) {
            return null;
        }
        int threads = (int) Math.round(users * load * MapCell.ARTICLE_SHARE);
        int perEngine = Math.max(1, (threads + engines - 1) / engines);
        List<Double> ms = new ArrayList<>();
        for (int e = 1; e <= engines; e++) {
            for (int t = 1; t <= perEngine; t++) {
                ms.add(screens.sqlMs(ScreenModel.Screen.LONG, e * 10_000L + t));
            }
        }
        return ms;
    }
}
