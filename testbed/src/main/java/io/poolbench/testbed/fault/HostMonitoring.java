package io.poolbench.testbed.fault;

import java.util.Locale;

/**
 * When the AWS Advanced JDBC Wrapper's host monitoring (efm2) aborts a call that hangs on a host that stopped
 * answering, from the wrapper's own code (aws-advanced-jdbc-wrapper 4.0.1, {@code plugin/efm/v2/HostMonitorV2Impl},
 * {@code plugin/efm/base/PoolConnectionContextServiceImpl}):
 * <ul>
 * <li>a call's monitoring becomes due {@code failureDetectionTime} after it began: its key is that moment truncated
 * to whole seconds, and a thread picks up due keys once a second, so up to {@value #PICKUP_MS} ms later (the bound
 * taken here);</li>
 * <li>the monitor checks the host only while some monitored call is due (else its loop sleeps {@value #LOOP_MS} ms),
 * over one connection of its own: with it open, {@code isValid(max(1, ⌊(interval − 0.1 s) in s⌋ / 2))}, a ping under
 * that many seconds, whose failure closes the connection; with none open, a new connection, which against a silent
 * host lasts the monitor's connect bound ({@code monitoring-connectTimeout}, else the user's {@code connectTimeout},
 * which the monitor inherits, else Linux's SYN retries);</li>
 * <li>the host is unhealthy once a failed check ends {@code failureDetectionInterval × (failureDetectionCount − 1)}
 * or more after the first failed check began; between checks the loop sleeps {@code max(0.1 s, interval − the
 * check)}; each check that ends with the host unhealthy aborts the calls then due.</li>
 * </ul>
 * Two cases, by whether the monitor is already checking when the host goes silent:
 * <ul>
 * <li><b>a lone call</b> ({@link #abortMs()}): the monitor idle until the call comes due, its connection open or not
 * (the longer of the two);</li>
 * <li><b>under load</b> ({@link #abortUnderLoadMs(long)}): the wrapper pools its monitoring records JVM-wide
 * ({@code efm.contextPool.enabled}, default true) and the queue of due keys holds them by reference, so a record reused
 * by a call that hangs comes due at an earlier call's key: with a call every second or more, within the 1-s pickup of
 * the host going silent. The monitor is then checking from the start, its connection open (opened at its first check,
 * then kept), and a call is aborted at the end of the first check after it comes due.</li>
 * </ul>
 * The model is efm2's; efm (v1) is read with the same settings.
 *
 * @param detectionTimeMs {@code failureDetectionTime}, ms
 * @param intervalMs {@code failureDetectionInterval}, ms
 * @param count {@code failureDetectionCount}
 * @param connectMs the monitor's connect bound against a silent host, ms
 * @param connectSetting what decides it, in words
 */
public record HostMonitoring(long detectionTimeMs, long intervalMs, long count, long connectMs,
        String connectSetting) {
    /** The checking loop's sleep while no monitored call is due, ms ({@code HostMonitorV2Impl.THREAD_SLEEP_NANO}). */
    static final long LOOP_MS = 100;
    /** How late a due call is picked up at most, ms: keys truncated to the second, picked up once a second. */
    static final long PICKUP_MS = 1_000;

    /** @return the ping's timeout with the monitor's connection open, ms */
    long pingMs() {
        return Math.max(1, (intervalMs - 100) / 1000 / 2) * 1000;
    }

    /**
     * Runs the monitor's checks against a silent host.
     *
     * @param firstCheckMs when its first check begins, ms
     * @param open whether its connection is open then
     * @param dueMs when the call comes due, ms (same origin)
     * @return when the first check that ends with the host unhealthy at or after {@code dueMs} ends, ms
     */
    long abortAt(long firstCheckMs, boolean open, long dueMs) {
        long need = intervalMs * Math.max(0, count - 1);
        long t = firstCheckMs;
        boolean connected = open;
        while (true) {
            long check = connected ? pingMs() : connectMs;
            long end = t + check;
            if (end - firstCheckMs >= need && end >= dueMs) {
                return end;
            }
            connected = false;
            t = end + Math.max(LOOP_MS, intervalMs - check);
        }
    }

    /** @return from the start of a lone call on a silent host to its abort, the longer of the monitor's two states, ms */
    public long abortMs() {
        long due = detectionTimeMs + PICKUP_MS;
        return Math.max(abortAt(due + LOOP_MS, true, due), abortAt(due + LOOP_MS, false, due));
    }

    /**
     * @param lendWindowMs how long after the host went silent calls still begin on it, ms (the pool's connections
     *     lent one by one at the load's rate)
     * @return the longest wait from a call's start to its abort, of the calls begun within that window, with the
     *     monitor checking from {@value #PICKUP_MS} + {@value #LOOP_MS} ms after the host went silent, its connection
     *     open, ms
     */
    public long abortUnderLoadMs(long lendWindowMs) {
        long longest = 0;
        for (long start = 0; start <= lendWindowMs; start += LOOP_MS) {
            long due = start + detectionTimeMs + PICKUP_MS;
            longest = Math.max(longest, abortAt(PICKUP_MS + LOOP_MS, true, due) - start);
        }
        return longest;
    }

    /**
     * @param lendWindowMs as {@link #abortUnderLoadMs}; -1 for a lone call
     * @return how the abort comes about, in words, e.g. {@code failureDetectionTime 6 s + up to 1 s, then the monitor's
     *     checks ...}
     */
    public String text(long lendWindowMs) {
        String checks = "ping " + Durations.text(pingMs()) + ", connection attempts " + connectSetting;
        if (lendWindowMs >= 0) {
            return String.format(Locale.ROOT, "under load the monitor checks from the start (%s) and a call is"
                    + " aborted at the end of the first check after it is due at failureDetectionTime %s + up to 1 s,"
                    + " the host down after interval %s × (count %d − 1): %s", checks, Durations.text(detectionTimeMs),
                    Durations.text(intervalMs), count, Durations.text(abortUnderLoadMs(lendWindowMs)))
                    + "; a lone call, the monitor idle until it comes due: " + Durations.text(abortMs());
        }
        boolean connectFirst = abortAt(0, false, 0) >= abortAt(0, true, 0);
        return String.format(Locale.ROOT, "a lone call: failureDetectionTime %s + up to 1 s + %d ms, then until the"
                + " host counts as down (interval %s × (count %d − 1)), %s: %s", Durations.text(detectionTimeMs),
                LOOP_MS, Durations.text(intervalMs), count, connectFirst ? "the monitor's first check a new"
                + " connection, " + connectSetting : "a ping of " + Durations.text(pingMs()) + " then new"
                + " connections, " + connectSetting, Durations.text(abortMs()));
    }
}
