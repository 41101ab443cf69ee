package io.poolbench.suite.aurora.faults;

import io.poolbench.testbed.stats.MeanInterval;

/**
 * The Aurora article says DBCP2's reconnection after a failover "tended to clog" as the load rose, and gives no
 * figure. Read here as: the pool keeps its borrowers waiting once the database is back, i.e. the borrow wait
 * stays above its pre-failover p99 after the new writer acknowledged its first write
 * ({@link FailoverRequests.Counts#drainMs}). The threshold is the measurement's resolution, one
 * {@link BorrowRecovery#WINDOW_MS} window: a pool is clogged when the 95 % interval of that time lies
 * above one window, or when in most rounds its borrow wait was not back within the measured period at all; not
 * clogged when every round was back and the interval lies within one window; otherwise this run cannot tell. A pool
 * that already queued before the injection in most rounds ({@link BorrowRecovery#queuedBefore}: at or past its
 * knee) queues with or without a failover, so "not back" is not laid at the failover's door there.
 */
public enum Clogged {
    /** Above one window in most rounds, by the interval or by never coming back. */
    YES,
    /** Back within one window of the first write in every round, by the interval. */
    NO,
    /** Neither: too few rounds, or an interval across one window. */
    CANNOT_TELL,
    /** The pool queued before the injection in most rounds: the load, not the failover, may hold it up. */
    QUEUED_BEFORE;

    /**
     * @param drainSeconds the drain over the rounds in which both ends were measured; null when none was
     * @param notBack rounds in which the borrow wait was not back within the measured period
     * @param queuedBefore rounds in which the pool queued in bursts before the injection
     * @param rounds rounds with a failover result
     * @return the verdict
     */
    public static Clogged of(MeanInterval drainSeconds, int notBack, int queuedBefore, int rounds) {
        double window = BorrowRecovery.WINDOW_MS / 1000.0;
        if (rounds > 0 && queuedBefore * 2 > rounds) {
            return QUEUED_BEFORE;
        }
        if (rounds > 0 && notBack * 2 > rounds
                || drainSeconds != null && drainSeconds.n() >= 2 && drainSeconds.low() > window) {
            return YES;
        }
        if (notBack == 0 && drainSeconds != null && drainSeconds.n() >= 2 && drainSeconds.n() == rounds
                && drainSeconds.high() <= window) {
            return NO;
        }
        return CANNOT_TELL;
    }

    /**
     * The verdict against the failover's control twins ({@code --control}: the same load without a failover): the
     * failover's waiting after its first write minus the control's waiting after the same moment, paired within each
     * round. Clogged when that difference's 95 % interval lies above one window, or when the failover's borrow wait
     * was not back in most rounds while the control's was; not clogged when the interval lies at or below one
     * window and the failover was not back in no more rounds than the control; otherwise this run cannot tell. A
     * pool at its limit queues in both arms, so here its own queueing no longer stands in the way of a verdict.
     *
     * @param overControl failover − control, s per round (null when no round had both)
     * @param notBack rounds in which the failover's borrow wait was not back within the measured period
     * @param controlNotBack rounds in which the control's was not back after the same moment
     * @param rounds rounds with a failover result
     * @return the verdict
     */
    static Clogged againstControl(MeanInterval overControl, int notBack, int controlNotBack, int rounds) {
        double window = BorrowRecovery.WINDOW_MS / 1000.0;
        if (rounds > 0 && notBack * 2 > rounds && controlNotBack * 2 <= rounds
                || overControl != null && overControl.n() >= 2 && overControl.low() > window) {
            return YES;
        }
        if (overControl != null && overControl.n() >= 2 && overControl.high() <= window && notBack <= controlNotBack) {
            return NO;
        }
        return CANNOT_TELL;
    }

    /** @return the word the report prints */
    public String label() {
        return switch (this) {
            case YES -> "**clogged**";
            case NO -> "no";
            case CANNOT_TELL -> "cannot tell";
            case QUEUED_BEFORE -> "cannot tell: queued before the failover";
        };
    }
}
