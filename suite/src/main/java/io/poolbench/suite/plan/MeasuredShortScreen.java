package io.poolbench.suite.plan;


/**
 * One run's short screen as the Aurora scenario measured it, read back from a finished run directory: what
 * {@code poolbench plan --measure} puts beside its prediction (it measures a user's request as the short screen).
 * Times from JMeter's samples that started in the measured period; borrow waits from the webapp's own record.
 *
 * @param run the run's id
 * @param requests short-screen requests measured
 * @param errors of them, failed
 * @param p50Ms response time, median, ms
 * @param p90Ms 90th percentile, ms
 * @param p99Ms 99th percentile, ms
 * @param maxMs maximum, ms
 * @param borrowP99Ms time in {@code getConnection()} per request, 99th percentile, ms
 * @param borrowMaxMs its maximum, ms
 * @param targetPerSecond the paced rate of all screens, requests/s
 * @param achievedPerSecond requests of all screens started per second of the measured period
 * @param measuredSeconds the measured period's length, s
 */
public record MeasuredShortScreen(String run, long requests, long errors, long p50Ms, long p90Ms, long p99Ms,
        long maxMs, double borrowP99Ms, double borrowMaxMs, double targetPerSecond, double achievedPerSecond,
        double measuredSeconds) {
}
