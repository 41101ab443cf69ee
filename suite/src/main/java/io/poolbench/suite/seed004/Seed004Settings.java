package io.poolbench.suite.seed004;

import java.util.List;

/**
 * Settings of one {@code ./poolbench seed004} run, as the manifest records them.
 *
 * @param runs what is run, in order: the profiles, then any one-setting-at-a-time variants
 * @param users the article's JMeter threads over all servers (750)
 * @param ratePerMinute the article's request rate over all servers, per minute (3,000)
 * @param share the share of the article's load that this one webapp stands for (0.25: one of four servers)
 * @param engines number of JMeter engines started on loopback (the article's two client machines)
 * @param remoteEngines {@code host:port} of engines started elsewhere (then {@code engines} is ignored), may be empty
 * @param warmupSeconds seconds of load excluded from every statistic
 * @param durationSeconds measured seconds after the warm-up
 * @param rampupSeconds JMeter's ramp-up of the threads (within the warm-up)
 * @param shortPercent share of requests for the short screen, %
 * @param mediumPercent share for the medium screen, % (the long screen gets the rest)
 * @param borrow {@code per-request} or {@code per-query}
 * @param longScreenMaxMs longest long screen alone, ms
 * @param rttMs round trip added by Toxiproxy between webapp and database, ms
 * @param jitterMs jitter of that round trip, ms (uniform ±)
 * @param failover inject a planned failover in the middle of the measured period
 * @param rows orders in the data set
 * @param mysqlImage MySQL image setting (null: the default)
 * @param toxiproxyImage Toxiproxy image setting (null: the default)
 */
public record Seed004Settings(List<Seed004Settings.Run> runs, int users, double ratePerMinute, double share,
        int engines, List<String> remoteEngines, int warmupSeconds, int durationSeconds, int rampupSeconds,
        int shortPercent, int mediumPercent, String borrow, long longScreenMaxMs, int rttMs, int jitterMs,
        boolean failover, int rows, String mysqlImage, String toxiproxyImage) {

    /**
     * One load run.
     *
     * @param id the run's name in tables and directories ({@code seed004-dbcp-verbatim}, {@code dbcp1+maxActive=300})
     * @param file the profile file that ran (a variant's is a changed copy in the run directory)
     * @param basedOn for a variant, the run it changes; null otherwise
     * @param change for a variant, the one attribute changed, {@code name=value}; null otherwise
     */
    public record Run(String id, String file, String basedOn, String change) {
    }

    /** @return JMeter threads this webapp receives in total (users × share, rounded) */
    public int webappUsers() {
        return (int) Math.round(users * share);
    }

    /** @return number of engines actually used */
    public int engineCount() {
        return remoteEngines.isEmpty() ? engines : remoteEngines.size();
    }

    /** @return threads per engine (the webapp's users split evenly, rounded up) */
    public int threadsPerEngine() {
        return (webappUsers() + engineCount() - 1) / engineCount();
    }

    /** @return target rate this webapp receives, requests per second */
    public double targetPerSecond() {
        return ratePerMinute * share / 60.0;
    }

    /** @return target rate per engine, requests per minute */
    public double ratePerMinutePerEngine() {
        return ratePerMinute * share / engineCount();
    }
}
