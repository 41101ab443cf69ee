package io.poolbench.suite.concurrency;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.poolbench.testbed.stats.Finding;
import java.util.List;
import java.util.Map;

/**
 * The files the concurrency experiment writes and its report reads, as records on both sides (their field names are
 * the run directory's layout: renaming one changes {@code RunRecord.FORMAT}), and the article's figures.
 */
final class ConcurrencyData {
    private ConcurrencyData() {
    }

    /**
     * One step: N users for the measured window. A step that failed before it had figures has {@code failed} and no
     * {@code requests}; one whose figures broke the error budget has both.
     *
     * @param users JMeter users
     * @param cpuCores cores busy per process (webapp, jmeter, database) over the window
     * @param usersStartedSeconds how long JMeter took to start every user, s
     * @param usersStarted users JMeter started
     * @param failed why the step failed, or null
     * @param requests requests completed in the window, or null without figures
     * @param errors failed requests
     * @param reqPerSecond requests ÷ the window, req/s
     * @param avgMs mean response time, ms
     * @param medianMs median, ms
     * @param p95Ms 95th percentile, ms
     * @param p99Ms 99th percentile, ms
     * @param maxMs maximum, ms
     * @param spanSeconds the window, s
     * @param warmupRequests requests completed in the warm-up (excluded)
     * @param errorsByCode failed requests per response code
     * @param poolSamples {@code /pool} samples in the step
     * @param maxWaiting most borrowers waiting in a sample (-1: the pool does not say)
     * @param meanWaiting mean borrowers waiting
     * @param maxActive most connections in use in a sample
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Step(int users, Map<String, Double> cpuCores, Double usersStartedSeconds, Integer usersStarted,
            String failed, Long requests, Long errors, Double reqPerSecond, Double avgMs, Long medianMs, Long p95Ms,
            Long p99Ms, Long maxMs, Double spanSeconds, Long warmupRequests, Map<String, Long> errorsByCode,
            Integer poolSamples, Integer maxWaiting, Double meanWaiting, Integer maxActive) {

        /**
         * @return true when the step's figures are a result: requests were counted in its window and the step did not
         *     fail (a step over the error budget keeps its figures in its JSON for diagnosis, but no table, check,
         *     chart or finding uses them)
         */
        boolean measured() {
            return requests != null && failed == null;
        }

        /**
         * @param why the failure
         * @return this step marked failed, its figures kept
         */
        Step failed(String why) {
            return new Step(users, cpuCores, usersStartedSeconds, usersStarted, why, requests, errors, reqPerSecond,
                    avgMs, medianMs, p95Ms, p99Ms, maxMs, spanSeconds, warmupRequests, errorsByCode, poolSamples,
                    maxWaiting, meanWaiting, maxActive);
        }
    }

    /**
     * One stack's steps under one index setting, {@code concurrency/<index>/<stack>.json}.
     *
     * @param id the stack's id
     * @param label how the report names it
     * @param r2dbc an R2DBC stack
     * @param path the endpoint JMeter loaded
     * @param index {@code with} or {@code without}
     * @param steps the steps in order
     */
    record StackRun(String id, String label, boolean r2dbc, String path, String index, List<Step> steps) {
    }

    /**
     * {@code concurrency/environment.json}.
     *
     * @param server the server's version
     * @param cores the machine's cores
     * @param java the JVM
     */
    record Environment(String server, Integer cores, String java) {
    }

    /**
     * The article's figures, {@code src/seeds/seed001.json}.
     *
     * @param setup what it ran
     * @param conclusion its conclusion, in its words
     * @param withIndex its table with the index
     * @param withoutIndex its table without
     */
    record Article(String setup, String conclusion, @JsonProperty("with index") List<ArticleRow> withIndex,
            @JsonProperty("without index") List<ArticleRow> withoutIndex) {

        /**
         * @param index {@code with} or {@code without}
         * @return that table's rows
         */
        List<ArticleRow> rows(String index) {
            return index.equals("with") ? withIndex : withoutIndex;
        }
    }

    /**
     * One row of the article's tables (stored as an array in its column order).
     *
     * @param users k6 virtual users
     * @param jdbcReqPerSecond JDBC req/s
     * @param jdbcAvgMs JDBC average, ms
     * @param jdbcP95Ms JDBC P95, ms
     * @param r2dbcReqPerSecond R2DBC req/s
     * @param r2dbcAvgMs R2DBC average, ms
     * @param r2dbcP95Ms R2DBC P95, ms
     */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    @JsonPropertyOrder({"users", "jdbcReqPerSecond", "jdbcAvgMs", "jdbcP95Ms", "r2dbcReqPerSecond", "r2dbcAvgMs",
        "r2dbcP95Ms"})
    record ArticleRow(int users, double jdbcReqPerSecond, double jdbcAvgMs, double jdbcP95Ms,
            double r2dbcReqPerSecond, double r2dbcAvgMs, double r2dbcP95Ms) {
    }

    /**
     * {@code concurrency/summary.json}: the figures the page's findings are made of.
     *
     * @param indexes per index setting ({@code with}, {@code without}) its checks
     * @param withOverWithout req/s with ÷ without the index, per stack and users
     * @param findings over rounds: each R2DBC stack against each JDBC stack per index setting and user count (null or
     *     empty before rounds)
     * @param indexFindings over rounds: each stack with ÷ without the index per user count (null before)
     */
    record Summary(Map<String, IndexChecks> indexes, List<IndexEffect> withOverWithout, List<Finding> findings,
            List<Finding> indexFindings) {
    }

    /**
     * @param plateau per stack id, req/s from 100 users on, min ÷ max (1.00 = flat)
     * @param r2dbcOverJdbc req/s of each R2DBC stack ÷ each JDBC stack, per users
     */
    record IndexChecks(Map<String, Double> plateau, List<Ratio> r2dbcOverJdbc) {
    }

    /**
     * @param r2dbc the R2DBC stack's id
     * @param jdbc the JDBC stack's id
     * @param users the step's users
     * @param ratio req/s R2DBC ÷ JDBC
     */
    record Ratio(String r2dbc, String jdbc, int users, double ratio) {
    }

    /**
     * @param stack the stack's id
     * @param users the step's users
     * @param ratio req/s with ÷ without the index
     */
    record IndexEffect(String stack, int users, double ratio) {
    }

    /** One stack's steps as read back, users → step. */
    record StackData(String id, String label, boolean r2dbc, Map<Integer, ConcurrencyData.Step> steps) {
    }
}
