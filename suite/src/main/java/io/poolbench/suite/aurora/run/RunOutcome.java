package io.poolbench.suite.aurora.run;

import io.poolbench.testbed.process.ProcessCpu;
import io.poolbench.toxiproxy.ConnectionCounts;
import io.poolbench.toxiproxy.Ledger;
import java.util.List;
import java.util.Map;

/**
 * One run's outcome: {@code screens/<run>/outcome.json}, which the experiment writes and the report reads.
 *
 * @param id the run's id
 * @param file the profile file that ran
 * @param basedOn for a one-setting variant, the run it changes; null otherwise
 * @param change for a variant, the attribute changed, {@code name=value}; null otherwise
 * @param pool the pool's name
 * @param borrowTimeoutMs the profile's borrow timeout, ms (negative: unbounded)
 * @param window the run's clock: when the load began and the measured period
 * @param targetPerSecond the paced rate, requests/s
 * @param longScreenMaxMs the longest long screen alone, ms
 * @param cpu CPU time per process over the measured period
 * @param writer what happened to the writer: the failover's steps, the ledger, the connections opened
 * @param shortScreen the short screen's shape when it was not the article model's; null for it
 */
public record RunOutcome(String id, String file, String basedOn, String change, String pool, Long borrowTimeoutMs,
        Window window, double targetPerSecond, Long longScreenMaxMs, List<ProcessCpu.Usage> cpu, Writer writer,
        ShortScreen shortScreen) {
    /**
     * The run's clock.
     *
     * @param t0EpochMs when the load began, epoch ms
     * @param measureFromEpochMs start of the measured period (the warm-up before it is excluded)
     * @param measureToEpochMs its end
     */
    public record Window(long t0EpochMs, long measureFromEpochMs, long measureToEpochMs) {
    }

    /**
     * What happened to the writer during the run.
     *
     * @param events the failover's steps (or a control twin's mark), ms after the load began
     * @param ledger the writes reconciled against the new writer, or null without a failover
     * @param connectionCounts each instance's count of connections opened, sampled every 250 ms during a failover
     *     run; null without a failover
     */
    public record Writer(Map<String, Long> events, Ledger.Reconciliation ledger,
            List<ConnectionCounts.Sample> connectionCounts) {
    }

    /** @return when the load began, epoch ms */
    public long t0EpochMs() {
        return window.t0EpochMs();
    }

    /** @return start of the measured period, epoch ms */
    public long measureFromEpochMs() {
        return window.measureFromEpochMs();
    }

    /** @return end of the measured period, epoch ms */
    public long measureToEpochMs() {
        return window.measureToEpochMs();
    }

    /** The event a control twin records when its failover would have been injected. */
    public static final String CONTROL_MARK = "control-mark";

    /** @return when the failover was injected, epoch ms; null when the run injected none */
    public Long injectionEpochMs() {
        Map<String, Long> events = writer == null ? null : writer.events();
        return events == null || !events.containsKey("injection") ? null : t0EpochMs() + events.get("injection");
    }

    /** @return when a control twin's failover would have been injected, epoch ms; null for any other run */
    public Long controlMarkEpochMs() {
        Map<String, Long> events = writer == null ? null : writer.events();
        return events == null || !events.containsKey(CONTROL_MARK) ? null : t0EpochMs() + events.get(CONTROL_MARK);
    }
}
