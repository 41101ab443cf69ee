package io.poolbench.suite.connect;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.poolbench.testbed.stats.Finding;
import java.util.List;
import java.util.Map;

/**
 * The files the connect experiment writes and its report reads, as records on both sides (their field names are the
 * run directory's layout: renaming one changes {@code RunRecord.FORMAT}).
 */
final class ConnectData {
    /** {@link Variant#order()} of variants run in rounds. */
    static final String ROUNDS = "rounds";

    private ConnectData() {
    }

    /**
     * One measured run of a variant ({@code runs[]} of {@code connect/<variant>.json}). The pgbench-only fields are
     * null (and not written) for Java runs.
     *
     * @param processed transactions done
     * @param failed transactions failed
     * @param elapsedS wall time, s
     * @param tpsIncluding transactions per second including connection set-up
     * @param tpsExcluding transactions per second excluding it
     * @param avgConnectMs average time per connection (a new one, or a borrow), ms
     * @param derived which of the two tps figures was derived rather than printed ({@code including},
     *     {@code excluding} or empty)
     * @param firstError the first error of a Java run, or null
     * @param threads pgbench's threads, or null
     * @param latencyAvgMs pgbench's average latency, ms, or null
     * @param clientCpuS pgbench's CPU time, s, or null
     * @param wallS pgbench's wall time, s, or null
     * @param cpuCores cores busy during the run per process (client, server, pooler)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Run(long processed, long failed, double elapsedS, double tpsIncluding, double tpsExcluding,
            double avgConnectMs, String derived, String firstError, Integer threads, Double latencyAvgMs,
            Double clientCpuS, Double wallS, Map<String, Double> cpuCores) {
    }

    /**
     * One variant's runs, {@code connect/<variant>.json}.
     *
     * @param id the variant's id, e.g. {@code java-hikari}
     * @param client {@code java} or {@code pgbench}
     * @param route {@code direct}, a pooler, or the Java pool's name
     * @param reconnect a new connection per transaction
     * @param pooled whether a pool stands between client and server
     * @param describe how the report names it
     * @param runs the measured runs in order: the i-th of every variant ran in round i
     * @param order {@value #ROUNDS}: the variants ran in rounds of rotating order (the i-th runs pair)
     */
    record Variant(String id, String client, String route, boolean reconnect, boolean pooled, String describe,
            List<Run> runs, String order) {
    }

    /**
     * What the report says of the machine and the tools, {@code connect/environment.json}.
     *
     * @param notes one line per tool left out because it is missing
     * @param server the server's version
     * @param auth loopback TCP authentication
     * @param pgbench pgbench's version, or "not run"
     * @param pgbenchThreads pgbench -j
     * @param cores the machine's cores
     * @param java the JVM
     * @param pgBouncer PgBouncer's version, when it ran
     * @param pgpool pgpool-II's version, when it ran
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Environment(List<String> notes, String server, String auth, String pgbench, Integer pgbenchThreads,
            Integer cores, String java, @JsonProperty("PgBouncer") String pgBouncer,
            @JsonProperty("pgpool-II") String pgpool) {

        /**
         * @param route {@code PgBouncer} or {@code pgpool-II}
         * @param version its version line
         * @return this environment with that pooler's version
         */
        Environment withPooler(String route, String version) {
            return new Environment(notes, server, auth, pgbench, pgbenchThreads, cores, java,
                    route.equals("PgBouncer") ? version : pgBouncer, route.equals("PgBouncer") ? pgpool : version);
        }
    }

    /**
     * {@code connect/summary.json}.
     *
     * @param variants per variant id: its line
     * @param findings per variant that ran in rounds, against its client's new connection per transaction
     *     (tps including set-up, paired within rounds)
     */
    record Report(Map<String, Summary> variants, List<Finding> findings) {
    }

    /**
     * One variant's line of {@code connect/summary.json}.
     *
     * @param describe how the report names it
     * @param n measured runs
     * @param tpsIncludingMedian median tps including set-up
     * @param tpsIncludingMin lowest
     * @param tpsIncludingMax highest
     * @param tpsExcludingMedian median tps excluding set-up
     * @param avgConnectMsMedian median of the runs' average connection time, ms
     * @param ratioToNewConnection incl. ÷ the same client's new-connection-per-transaction median (NaN: none)
     */
    record Summary(String describe, int n, double tpsIncludingMedian, double tpsIncludingMin, double tpsIncludingMax,
            double tpsExcludingMedian, double avgConnectMsMedian, double ratioToNewConnection) {
    }

    /**
     * The article's figures, {@code src/seeds/seed003.json}.
     *
     * @param setup what it ran
     * @param scale pgbench's scale
     * @param clients pgbench -c
     * @param transactions pgbench -t
     * @param tps per route ({@code no pool}, {@code pgpool-II}), its five runs
     */
    record Article(String setup, int scale, int clients, int transactions, Map<String, ArticleRuns> tps) {
    }

    /**
     * @param including tps including connection set-up, per run
     * @param excluding tps excluding it, per run
     */
    record ArticleRuns(List<Double> including, List<Double> excluding) {
    }
}
