package io.poolbench.suite.aurora.faults;

import io.poolbench.suite.aurora.map.MapKnee;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.load.ScreenLog;
import io.poolbench.testbed.load.ScreenModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The borrow wait around a failover, from the webapp's record of every request (its total time in
 * {@code getConnection()}, by when it started), cut into {@link #WINDOW_MS} windows: when it is back to what it was
 * before ({@link #backMs}), and whether the pool already queued before ({@link #queuedBefore}), in which case
 * "not back" cannot be laid at the failover's door.
 */
public final class BorrowRecovery {
    /** The windows in which the borrow wait is judged, ms. */
    static final long WINDOW_MS = 1_000;
    /** A burst: a window's median at least this many times the period's median (the knee's factor, SaturationMap). */
    static final double BURST_FACTOR = MapKnee.FACTOR;
    /** Queueing: a median (the period's, or a burst window's) longer than the short screen's SQL time alone, ms. */
    static final double BURST_FLOOR_MS = ScreenModel.SHORT_QUERIES * ScreenModel.SHORT_QUERY_MS;

    private BorrowRecovery() {
    }

    /**
     * When the borrow wait is back to what it was before the failover: the start of the first window from the
     * injection on after which every window's median borrow wait is at most the p99 of the requests that started in
     * the measured period before the injection; windows without a request do not count. A median, not a maximum:
     * before the injection 1 request in 100 waited longer than that p99 too.
     *
     * @param log the webapp's record of every request
     * @param measureFromEpochMs start of the measured period, epoch ms
     * @param injectionEpochMs the injection, epoch ms
     * @param measureToEpochMs end of the measured period, epoch ms
     * @return ms after the injection (0 when no window exceeded); null when the last window with requests still
     *     exceeded, or no request started before the injection or after it
     */
    public static Long backMs(List<ScreenLog.Entry> log, long measureFromEpochMs, long injectionEpochMs,
            long measureToEpochMs) {
        List<Long> before = new ArrayList<>();
        for (ScreenLog.Entry e : log) {
            if (e.startEpochMs() >= measureFromEpochMs && e.startEpochMs() < injectionEpochMs) {
                before.add(e.borrowWaitUs());
            }
        }
        Map<Long, List<Long>> windows = windows(log, injectionEpochMs, measureToEpochMs);
        Double p99 = Figures.nearestRank(before, 0.99);
        if (p99 == null || windows.isEmpty()) {
            return null;
        }
        long lastOver = -1;
        long lastWindow = -1;
        for (Map.Entry<Long, List<Long>> w : windows.entrySet()) {
            lastWindow = w.getKey();
            if (Figures.median(w.getValue()) > p99) {
                lastOver = w.getKey();
            }
        }
        return lastOver == lastWindow ? null : (lastOver + 1) * WINDOW_MS;
    }

    /**
     * Whether the pool already queued before the injection, in the measured period before it: most borrowers waited
     * (the period's median borrow wait longer than {@link #BURST_FLOOR_MS}), or some window's median was at least
     * {@link #BURST_FACTOR} × the period's median and longer than {@link #BURST_FLOOR_MS} (bursts). A pool at or past
     * its limit queues like this with or without a failover.
     *
     * @param log the webapp's record of every request
     * @param measureFromEpochMs start of the measured period, epoch ms
     * @param injectionEpochMs the injection, epoch ms
     * @return true when it queued before the injection; false when not (or without requests)
     */
    public static boolean queuedBefore(List<ScreenLog.Entry> log, long measureFromEpochMs, long injectionEpochMs) {
        List<Long> all = new ArrayList<>();
        Map<Long, List<Long>> windows = windows(log, measureFromEpochMs, injectionEpochMs);
        windows.values().forEach(all::addAll);
        if (all.isEmpty()) {
            return false;
        }
        double medianUs = Figures.median(all);
        return medianUs > BURST_FLOOR_MS * 1000 || windows.values().stream().mapToDouble(Figures::median)
                .anyMatch(m -> m >= BURST_FACTOR * medianUs && m > BURST_FLOOR_MS * 1000);
    }

    /** @return the borrow waits, µs, of the requests that started in {@code [from, to)}, by window from {@code from} */
    private static Map<Long, List<Long>> windows(List<ScreenLog.Entry> log, long fromEpochMs, long toEpochMs) {
        Map<Long, List<Long>> windows = new TreeMap<>();
        for (ScreenLog.Entry e : log) {
            long at = e.startEpochMs();
            if (at >= fromEpochMs && at < toEpochMs) {
                windows.computeIfAbsent((at - fromEpochMs) / WINDOW_MS, k -> new ArrayList<>()).add(e.borrowWaitUs());
            }
        }
        return windows;
    }
}
