package io.poolbench.suite.aurora.faults;

import io.poolbench.suite.aurora.run.RunOutcome;
import io.poolbench.testbed.load.ScreenLog;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an event of a run (a failover, a stall) did to the requests it met: those in flight at its start or started
 * before its end, from the webapp's record. One count for the failover's table and the stalls'.
 *
 * @param met requests met
 * @param errors of those, the failed ones by class ({@code pool-timeout}, {@code sql}, ... or {@code http <status>})
 * @param longBorrows those whose longest {@code getConnection()} took longer than the pool's timeout
 * @param longestMs the longest of them in the servlet, ms
 * @param longestBorrowMs the longest single {@code getConnection()} among them, ms
 */
public record RequestsMet(long met, Map<String, Long> errors, long longBorrows, double longestMs, double longestBorrowMs) {
    /** The borrow timeout assumed for a pool without one: the article's DBCP maxWait, ms. */
    static final long ARTICLE_MAX_WAIT_MS = 10_000;

    /**
     * @param o a run's outcome
     * @return the pool's borrow timeout, ms, or {@link #ARTICLE_MAX_WAIT_MS} when it has none (unbounded or unknown)
     */
    public static long limitMs(RunOutcome o) {
        return o.borrowTimeoutMs() == null || o.borrowTimeoutMs() <= 0 ? ARTICLE_MAX_WAIT_MS : o.borrowTimeoutMs();
    }

    /**
     * Counts the requests met by an event.
     *
     * @param log the webapp's record of every request
     * @param fromEpochMs the event's start
     * @param toEpochMs its end (exclusive; {@code Long.MAX_VALUE} for the rest of the run)
     * @param limitMs the pool's borrow timeout, ms ({@link #limitMs})
     * @return the counts
     */
    public static RequestsMet of(List<ScreenLog.Entry> log, long fromEpochMs, long toEpochMs, long limitMs) {
        long met = 0;
        long longBorrows = 0;
        double longest = 0;
        double longestBorrow = 0;
        Map<String, Long> errors = new TreeMap<>();
        for (ScreenLog.Entry e : log) {
            long end = e.startEpochMs() + e.elapsedUs() / 1000;
            if (end < fromEpochMs || e.startEpochMs() >= toEpochMs) {
                continue;
            }
            met++;
            longest = Math.max(longest, e.elapsedUs() / 1000.0);
            longestBorrow = Math.max(longestBorrow, e.borrowMaxUs() / 1000.0);
            if (e.borrowMaxUs() / 1000 > limitMs) {
                longBorrows++;
            }
            if (e.status() != 200) {
                errors.merge(e.error().isEmpty() ? "http " + e.status() : e.error(), 1L, Long::sum);
            }
        }
        return new RequestsMet(met, errors, longBorrows, longest, longestBorrow);
    }
}
