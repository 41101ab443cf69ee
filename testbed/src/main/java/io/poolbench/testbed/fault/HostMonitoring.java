package io.poolbench.testbed.fault;

import java.util.Locale;

/**
 * When the AWS Advanced JDBC Wrapper's host monitoring (efm2) aborts a connection whose call hangs on a host that
 * stopped answering, from the wrapper's own code (aws-advanced-jdbc-wrapper 4.0.1, {@code
 * plugin/efm/v2/HostMonitorV2Impl}):
 * <ul>
 * <li>a call's monitoring becomes due {@code failureDetectionTime} after it began (truncated to whole seconds, picked
 * up once a second: ±1 s), and the checking loop sees it within {@value #LOOP_MS} ms;</li>
 * <li>the monitor checks the host over one connection of its own: with it open, {@code isValid(max(1, ⌊(interval −
 * 0.1 s) in s⌋ / 2))}, a ping under that many seconds, whose failure closes the connection; with none open, a new
 * connection, which against a silent host lasts the monitor's connect bound ({@code monitoring-connectTimeout}, else
 * the user's {@code connectTimeout}, which the monitor inherits, else Linux's SYN retries);</li>
 * <li>the host is unhealthy once a failed check ends {@code failureDetectionInterval × (failureDetectionCount − 1)}
 * or more after the first failed check began; between checks the loop sleeps {@code max(0.1 s, interval − the
 * check)}; the monitored connections are aborted then.</li>
 * </ul>
 * The monitor's connection is open only while some call has been monitored: a service whose calls end within
 * failureDetectionTime has none when the host vanishes, and its first check is a connection attempt. The bound given
 * is the longer of the two starts. The model is efm2's; efm (v1) is read with the same settings.
 *
 * @param detectionTimeMs {@code failureDetectionTime}, ms
 * @param intervalMs {@code failureDetectionInterval}, ms
 * @param count {@code failureDetectionCount}
 * @param connectMs the monitor's connect bound against a silent host, ms
 * @param connectSetting what decides it, in words
 */
public record HostMonitoring(long detectionTimeMs, long intervalMs, long count, long connectMs,
        String connectSetting) {
    /** The checking loop's own period when a new call becomes due, ms ({@code HostMonitorV2Impl}). */
    static final long LOOP_MS = 100;

    /** @return the ping's timeout with the monitor's connection open, ms */
    long pingMs() {
        return Math.max(1, (intervalMs - 100) / 1000 / 2) * 1000;
    }

    /**
     * @param open whether the monitor's connection is open when monitoring begins
     * @return from the first check's start to the abort, ms
     */
    long untilUnhealthyMs(boolean open) {
        long need = intervalMs * (count - 1);
        long t = 0;
        boolean connected = open;
        while (true) {
            long check = connected ? pingMs() : connectMs;
            t += check;
            if (t >= need) {
                return t;
            }
            connected = false;
            t += Math.max(100, intervalMs - check);
        }
    }

    /** @return from the start of a call on a silent host to its abort, at the longer of the two starts, ms */
    public long abortMs() {
        return detectionTimeMs + LOOP_MS + Math.max(untilUnhealthyMs(true), untilUnhealthyMs(false));
    }

    /** @return e.g. {@code failureDetectionTime 6 s + 0.1 s + a connection attempt 10 s (connectTimeout)} */
    public String text() {
        boolean connectFirst = untilUnhealthyMs(false) >= untilUnhealthyMs(true);
        return String.format(Locale.ROOT, "failureDetectionTime %s + %d ms + until the host counts as down (interval"
                + " %s × (count %d − 1)), %s: %s", Durations.text(detectionTimeMs), LOOP_MS, Durations.text(
                intervalMs), count, connectFirst ? "the monitor's first check a new connection, " + connectSetting
                : "a ping of " + Durations.text(pingMs()) + " then new connections, " + connectSetting,
                Durations.text(Math.max(untilUnhealthyMs(true), untilUnhealthyMs(false))));
    }
}
