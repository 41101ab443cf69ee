package io.poolbench.suite.aurora.run;

/**
 * Statistics of one screen in one run (measured period only).
 *
 * @param screen short, medium or long
 * @param n requests that started in the measured period
 * @param errors of those, the failed ones (JMeter success=false)
 * @param avgMs mean response time, ms
 * @param medianMs median, ms
 * @param p90Ms 90th percentile, ms
 * @param p99Ms 99th percentile, ms
 * @param minMs minimum, ms
 * @param maxMs maximum, ms
 * @param borrowP99Ms 99th percentile of a request's total time in getConnection, ms (webapp's record)
 * @param borrowMaxMs longest single getConnection, ms
 * @param sqlAloneMaxMs the longest SQL time alone of this screen among the run's users, ms (the model)
 */
public record ScreenStats(String screen, long n, long errors, double avgMs, long medianMs, long p90Ms, long p99Ms,
        long minMs, long maxMs, double borrowP99Ms, double borrowMaxMs, long sqlAloneMaxMs) {
}
