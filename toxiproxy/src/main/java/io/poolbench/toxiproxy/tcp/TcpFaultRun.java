package io.poolbench.toxiproxy.tcp;

import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.load.PoolErrors;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One run of one profile under one TCP-level fault: the requests the fault counts and their longest wait.
 *
 * @param profile the context.xml
 * @param fault the fault
 * @param round the round, from 1
 * @param counted how many requests the fault counts ({@link FaultKind#counts})
 * @param longestMs the longest wait of those, ms; -1 when none was counted
 * @param unfinished true when that longest request was still waiting when the run ended: its wait is at least
 *     {@code longestMs}
 * @param windowMs how long the run waited after the drop, ms
 * @param dropMs when the drop was in place, epoch ms
 * @param queryMs the longest counted request that lost its connection (connection-lost: its query's wait), ms; -1
 *     when none did
 * @param borrowMs the longest counted request whose borrow failed (pool-timeout, connect-failed: the borrow's wait,
 *     validations included), ms; -1 when none did
 * @param newWriterMs {@link FaultKind#DNS_FLIP}: from the drop to the end of the first counted request that
 *     succeeded (served by the promoted writer), ms; -1 when none did or for another fault
 * @param outcomes the counted requests by outcome
 * @param dir where its files are
 */
public record TcpFaultRun(String profile, FaultKind fault, int round, int counted, long longestMs, boolean unfinished,
        long windowMs, long dropMs, long queryMs, long borrowMs, long newWriterMs, List<Outcome> outcomes,
        String dir) {
    /**
     * @param w a wait
     * @return this run's measurement of it, ms; -1 when no counted request ended that way
     */
    public long ms(TcpWait w) {
        return switch (w) {
            case QUERY -> queryMs;
            case BORROW -> borrowMs;
            case NEW_WRITER -> newWriterMs;
        };
    }

    /**
     * @param profile the profile's name
     * @param f the fault
     * @param round the round, from 1
     * @param windowMs how long the run waited after the drop, ms
     * @param dropMs when the drop was in place, epoch ms
     * @param counted the requests the fault counts
     * @param dir where the run's files are
     * @return the run's figures
     */
    static TcpFaultRun of(String profile, FaultKind f, int round, long windowMs, long dropMs,
            List<TcpFaultSample> counted, String dir) {
        TcpFaultSample longest = counted.stream().max(Comparator.comparingLong(TcpFaultSample::ms)).orElse(null);
        Map<String, Integer> by = new TreeMap<>();
        counted.forEach(x -> by.merge(x.outcome(), 1, Integer::sum));
        long newWriter = f != FaultKind.DNS_FLIP ? -1 : counted.stream().filter(x -> "ok".equals(x.outcome()))
                .mapToLong(x -> x.endMs() - dropMs).min().orElse(-1);
        return new TcpFaultRun(profile, f, round, counted.size(), longest == null ? -1 : longest.ms(), longest != null
                && TcpFaultSample.UNFINISHED.equals(longest.outcome()), windowMs, dropMs, longestOf(counted, Set.of(
                PoolErrors.CONNECTION_LOST)), longestOf(counted, Set.of(PoolErrors.POOL_TIMEOUT,
                PoolErrors.CONNECT_FAILED)), newWriter, by.entrySet().stream().map(e -> new Outcome(e.getKey(),
                e.getValue())).toList(), dir);
    }

    private static long longestOf(List<TcpFaultSample> samples, Set<String> outcomes) {
        return samples.stream().filter(x -> outcomes.contains(x.outcome())).mapToLong(TcpFaultSample::ms).max()
                .orElse(-1);
    }

    /** @return e.g. {@code 14 counted, longest 16.1 s (connection-lost 14)}; a DNS flip's first request served too */
    String line() {
        return counted + " counted, longest " + (longestMs < 0 ? "none" : (unfinished ? "≥ " : "") + String.format(
                Locale.ROOT, "%.1f s", longestMs / 1000.0)) + " (" + String.join(", ", outcomes.stream().map(o ->
                o.outcome() + " " + o.count()).toList()) + ")" + (fault != FaultKind.DNS_FLIP ? "" : newWriterMs < 0
                ? "; the promoted writer served none" : String.format(Locale.ROOT, "; the promoted writer served"
                + " from %.1f s", newWriterMs / 1000.0));
    }

    /**
     * @param outcome {@code ok}, an outcome class, or {@code unfinished}
     * @param count how many
     */
    public record Outcome(String outcome, int count) {
    }
}
