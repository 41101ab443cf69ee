package io.poolbench.suite.aurora.run;

import io.poolbench.testbed.process.ProcessCpu;
import io.poolbench.toxiproxy.ConnectionCounts;
import io.poolbench.toxiproxy.Ledger;
import java.util.List;
import java.util.Map;

/**
 * One run's outcome: {@code seed004/<run>/outcome.json}, which the experiment writes and the report reads.
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
 *     run; null without a failover
 * @param shortScreen the short screen's shape when it was not the article model's; null for it
 */
public record RunOutcome(String id, String file, String basedOn, String change, String pool, Long borrowTimeoutMs,
        long t0EpochMs, long measureFromEpochMs, long measureToEpochMs, double targetPerSecond,
        Long longScreenMaxMs, List<ProcessCpu.Usage> cpu, Map<String, Long> events,
        Ledger.Reconciliation ledger, List<ConnectionCounts.Sample> connectionCounts,
        ShortScreen shortScreen) {
    /** The event a control twin records when its failover would have been injected. */
    public static final String CONTROL_MARK = "control-mark";

    /** @return when the failover was injected, epoch ms; null when the run injected none */
    public Long injectionEpochMs() {
        return events == null || !events.containsKey("injection") ? null : t0EpochMs + events.get("injection");
    }

    /** @return when a control twin's failover would have been injected, epoch ms; null for any other run */
    public Long controlMarkEpochMs() {
        return events == null || !events.containsKey(CONTROL_MARK) ? null
                : t0EpochMs + events.get(CONTROL_MARK);
    }
}
