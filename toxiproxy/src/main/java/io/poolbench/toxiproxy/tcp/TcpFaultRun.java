package io.poolbench.toxiproxy.tcp;

import java.util.List;

/**
 * One run of one profile under one TCP-level fault: the requests the fault counts and their longest wait.
 *
 * @param profile the context.xml
 * @param fault the fault
 * @param round the round, from 1
 * @param counted how many requests the fault counts ({@link KernelFault#counts})
 * @param longestMs the longest wait of those, ms; -1 when none was counted
 * @param unfinished true when that longest request was still waiting when the run ended: its wait is at least
 *     {@code longestMs}
 * @param windowMs how long the run waited after the drop, ms
 * @param dropMs when the drop was in place, epoch ms
 * @param queryMs the longest counted request that lost its connection (connection-lost: its query's wait), ms; -1
 *     when none did
 * @param borrowMs the longest counted request whose borrow failed (pool-timeout, connect-failed: the borrow's wait,
 *     validations included), ms; -1 when none did
 * @param outcomes the counted requests by outcome
 * @param dir where its files are
 */
public record TcpFaultRun(String profile, KernelFault fault, int round, int counted, long longestMs,
        boolean unfinished, long windowMs, long dropMs, long queryMs, long borrowMs, List<Outcome> outcomes,
        String dir) {
    /**
     * @param w a wait
     * @return this run's measurement of it, ms; -1 when no counted request ended that way
     */
    public long ms(KernelFault.Wait w) {
        return w == KernelFault.Wait.QUERY ? queryMs : borrowMs;
    }

    /**
     * @param outcome {@code ok}, an outcome class, or {@code unfinished}
     * @param count how many
     */
    public record Outcome(String outcome, int count) {
    }
}
