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
 * @param outcomes the counted requests by outcome
 * @param dir where its files are
 */
public record TcpFaultRun(String profile, KernelFault fault, int round, int counted, long longestMs,
        boolean unfinished, long windowMs, List<Outcome> outcomes, String dir) {
    /**
     * @param outcome {@code ok}, an outcome class, or {@code unfinished}
     * @param count how many
     */
    public record Outcome(String outcome, int count) {
    }
}
