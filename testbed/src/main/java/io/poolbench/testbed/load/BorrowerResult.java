package io.poolbench.testbed.load;

import java.util.Map;

/**
 * What one {@code BorrowerProbe} (pool-bench) measured: many borrowers against one pool on the stub driver or a
 * database (each borrow then runs {@code SELECT 1}), on virtual or platform threads; the JSON between the probe's
 * process and the {@code borrowers} scenario.
 *
 * @param profile the profile
 * @param poolVersion the pool's version, from the jar its class was loaded from (null when not asked or unknown)
 * @param driver the driver and its version, e.g. {@code MySQL Connector/J 8.0.33} ({@code java.sql.DatabaseMetaData}),
 *     or {@code stub}
 * @param threads {@code virtual} or {@code platform}
 * @param carriers the virtual threads' carrier threads ({@code jdk.virtualThreadScheduler.parallelism}, else the
 *     JVM's processors)
 * @param borrowers borrowing threads
 * @param holdUs hold per borrow, µs
 * @param measuredSeconds the measured period, s
 * @param borrows borrows completed in it
 * @param borrowsPerMs borrows per ms
 * @param cpuSeconds the process's CPU time in it, s (all threads, JFR's included)
 * @param cpuUsPerBorrow CPU µs per borrow
 * @param borrowWaitP99Us the 99th percentile of the time {@code getConnection()} took, over the borrows completed in
 *     the measured period, µs (HdrHistogram, 2 significant digits: within 1 %); null in a result written before it was measured
 * @param borrowWaitMaxUs the longest of those, µs; null likewise
 * @param starvedBorrowers borrowers that completed no borrow in the measured period (a pool that hands its
 *     connections to the same few threads starves the rest, and their waits are in no percentile of completed
 *     borrows); null in a result written before it was measured
 * @param longestWaitingMs the longest {@code getConnection()} still under way when the measured period ended, ms;
 *     null likewise
 * @param pinnedEvents {@code jdk.VirtualThreadPinned} events in it
 * @param pinnedTopFrames pinned events by their first frame outside the JDK ({@code class.method})
 * @param pinnedMs the pinned events' total duration, ms (a carrier held that long by threads that could not unmount)
 * @param samples JFR execution samples in it
 * @param spinSamples samples whose top frame is a yield or spin-wait ({@code Thread.yield},
 *     {@code VirtualThread.tryYield}, {@code Thread.onSpinWait})
 * @param stuckBorrowers borrowers still inside the pool 10 s after the measured period ended (a borrow that never
 *     returns: the pool lost a wake-up, or hands out nothing more)
 * @param java the JVM's version
 */
public record BorrowerResult(String profile, String poolVersion, String driver, String threads, int carriers,
        int borrowers,
        long holdUs, double measuredSeconds, long borrows, double borrowsPerMs, double cpuSeconds, double cpuUsPerBorrow,
        Double borrowWaitP99Us, Double borrowWaitMaxUs, Integer starvedBorrowers, Double longestWaitingMs,
        long pinnedEvents, Map<String, Long> pinnedTopFrames, double pinnedMs, long samples, long spinSamples, long stuckBorrowers,
        String java) {
}
