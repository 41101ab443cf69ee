package io.poolbench.suite.sharedconnection;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.poolbench.testbed.stats.Finding;
import java.util.List;
import java.util.Map;

/**
 * The files the shared-connection experiment writes and its report reads, as records on both sides (their field names
 * are the run directory's layout: renaming one changes {@code RunRecord.FORMAT}).
 */
final class SharedConnectionData {
    private SharedConnectionData() {
    }

    /**
     * {@code shared/environment.json}.
     *
     * @param notes one line per tool left out because it is missing
     * @param server the server's version
     * @param driver pgjdbc's version, when its jar says
     * @param cores the machine's cores
     * @param java the JVM
     * @param maxConnections the server's max_connections as started
     * @param pgBouncer PgBouncer's version, when it ran
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Environment(List<String> notes, String server, String driver, Integer cores, String java,
            Integer maxConnections, @JsonProperty("PgBouncer") String pgBouncer) {

        /**
         * @param version PgBouncer's version line
         * @return this environment with it
         */
        Environment withPgBouncer(String version) {
            return new Environment(notes, server, driver, cores, java, maxConnections, version);
        }
    }

    /**
     * One variant's trials under one load, {@code shared/<load>-<variant>.json}.
     *
     * @param variant the variant's id ({@code shared}, {@code unpooled}, a pool's name, {@code pgbouncer})
     * @param label how the report names it
     * @param load {@code none} or {@code cross-join}
     * @param setupMs opening the shared connection, or creating and filling the pool, ms
     * @param trials per thread count (as a string key) the measured trials
     */
    record Trials(String variant, String label, String load, double setupMs, Map<String, Trial> trials) {
    }

    /**
     * @param elapsedMs each trial's time from the release of the threads to the last one's end, ms
     * @param errors failed queries over the trials
     * @param firstError the first failure's message, or null
     * @param withConnectingMs each round's second trial on the article's clock: opening the variant (the shared
     *     connection, or creating and filling the pool), the trial and closing what was opened, ms; null when not measured
     *     ({@code --clock excluding})
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Trial(List<Double> elapsedMs, int errors, String firstError, List<Double> withConnectingMs) {
    }

    /**
     * One load condition's measured period, {@code shared/<load>-period.json}.
     *
     * @param cpuCores cores busy per process over the period
     * @param wallS the period's length, s
     * @param loadQueriesPerSecond the background load's rate, or null (no load, or a period shorter than its
     *     once-a-second report: not measured)
     * @param loadErrors the background load's failed queries, or null without a load
     */
    record Period(Map<String, Double> cpuCores, double wallS, Double loadQueriesPerSecond, Long loadErrors) {
    }

    /**
     * {@code shared/memory.json}.
     *
     * @param pool the pool whose client allocations were counted, or null
     * @param connections connections for the client's count
     * @param clientAllocatedBytes per implementation, bytes the JVM allocated
     * @param retainedBytesPerConnection heap retained per open connection, bytes
     * @param serverBackends per number of open connections (as a string key), each backend's memory
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Memory(String pool, int connections, Map<String, Long> clientAllocatedBytes,
            double retainedBytesPerConnection, Map<String, List<ConnectionMemory.Backend>> serverBackends) {
    }

    /**
     * @param meanMs mean trial time, ms
     * @param p99Ms 99th percentile (nearest rank), ms
     * @param n trials
     */
    record Cell(double meanMs, double p99Ms, int n) {
    }

    /**
     * {@code shared/summary.json}.
     *
     * @param variants per {@code <load>/<variant>}, per thread count (as a string key), its cell
     * @param memory the memory figures, or null
     * @param findings the comparisons over rounds ({@link SharedConnectionRounds})
     */
    record Summary(Map<String, Map<String, Cell>> variants, Memory memory, List<Finding> findings) {
    }

    /**
     * The article's figures, {@code src/seeds/seed002.json}.
     *
     * @param claims its ratios by name
     * @param table1 its Table 1 (client allocations for 10 connections and the query)
     */
    record Article(Map<String, Double> claims, Table1 table1) {
    }

    /** @param rows Table 1's rows */
    record Table1(List<Table1Row> rows) {
    }

    /**
     * @param implementation e.g. {@code shared connection}
     * @param allocations malloc calls
     * @param bytes bytes allocated
     */
    record Table1Row(String implementation, long allocations, long bytes) {
    }
}
