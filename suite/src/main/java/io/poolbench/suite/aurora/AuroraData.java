package io.poolbench.suite.aurora;

import io.poolbench.testbed.process.ProcessCpu;
import io.poolbench.toxiproxy.ConnectionCounts;
import io.poolbench.toxiproxy.Ledger;
import java.util.List;
import java.util.Map;

/**
 * The file seed 004's experiment writes per run and its report reads ({@code seed004/<run>/outcome.json}), its
 * summary, and the article's figures, as records (field names as in run directories written before).
 */
final class AuroraData {
    private AuroraData() {
    }

    /**
     * One run's outcome.
     *
     * @param id the run's id
     * @param file the profile file that ran
     * @param basedOn for a one-setting variant, the run it changes; null otherwise
     * @param change for a variant, the attribute changed, {@code name=value}; null otherwise
     * @param pool the pool's name
     * @param borrowTimeoutMs the profile's borrow timeout, ms (negative: unbounded)
     * @param t0EpochMs when the load began, epoch ms
     * @param measureFromEpochMs start of the measured period (the warm-up before it is excluded)
     * @param measureToEpochMs its end
     * @param targetPerSecond the paced rate, requests/s
     * @param longScreenMaxMs the longest long screen alone, ms
     * @param cpu CPU time per process over the measured period
     * @param events the failover's steps, ms after {@code t0EpochMs}
     * @param ledger the writes reconciled against the new writer, or null without a failover
     * @param connectionCounts each instance's count of connections opened, sampled every 250 ms during a failover
     *     run; null without a failover (and in runs written before it was sampled)
     * @param shortScreen the short screen's shape when it was not the article model's; null for it
     */
    record Outcome(String id, String file, String basedOn, String change, String pool, Long borrowTimeoutMs,
            long t0EpochMs, long measureFromEpochMs, long measureToEpochMs, double targetPerSecond,
            Long longScreenMaxMs, List<ProcessCpu.Usage> cpu, Map<String, Long> events,
            Ledger.Reconciliation ledger, List<ConnectionCounts.Sample> connectionCounts,
            ShortScreen shortScreen) {
        /** @return when the failover was injected, epoch ms; null when the run injected none */
        Long injectionEpochMs() {
            return events == null || !events.containsKey("injection") ? null : t0EpochMs + events.get("injection");
        }

        /** @return when a control twin's failover would have been injected, epoch ms; null for any other run */
        Long controlMarkEpochMs() {
            return events == null || !events.containsKey(ScreensRun.CONTROL_MARK) ? null
                    : t0EpochMs + events.get(ScreensRun.CONTROL_MARK);
        }
    }

    /**
     * {@code seed004/summary.json}.
     *
     * @param status the run's status
     * @param runs each run's figures
     * @param article the article's figures beside them
     * @param findings the comparisons over rounds (none from one round; absent in a run directory written before)
     * @param knees with {@code --map}, each column's knee, which {@code --at-knee} reads; empty otherwise (absent in a
     *     run directory written before)
     */
    record Summary(String status, List<AuroraFigures.RunStats> runs, Article article,
            AuroraRounds.Findings findings, List<MapKnee.Knee> knees) {
    }

    /**
     * The article's figures, {@code src/seeds/seed004.json}.
     *
     * @param title its title
     * @param author its author
     * @param setup what it ran
     * @param results per pool ({@code DBCP2}, {@code HikariCP}) and screen, its figures
     */
    record Article(String title, String author, String setup, Map<String, Map<String, ArticleScreen>> results) {
    }

    /**
     * One screen's figures in the article, ms.
     *
     * @param avg average
     * @param median median
     * @param p90 90th percentile
     * @param min minimum
     * @param max maximum
     */
    record ArticleScreen(long avg, long median, long p90, long min, long max) {
    }
}
