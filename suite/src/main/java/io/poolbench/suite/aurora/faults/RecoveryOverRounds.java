package io.poolbench.suite.aurora.faults;

import io.poolbench.testbed.stats.MeanInterval;
import java.util.ArrayList;
import java.util.List;

/**
 * A failover's figures of one profile, collected over the rounds ({@code AuroraRounds}).
 *
 * @param firstWriteSeconds the first write acknowledged by the new writer, s after the injection, per round that had
 *     one
 * @param borrowBackSeconds the borrow wait back to normal, s after the injection, per round in which it was
 * @param newWriterConnections connections opened to the new writer in the 10 s from the injection, per round
 * @param drainSeconds waiting after the first write ({@link FailoverRequests.Counts#drainMs}), s, per round
 * @param notBack rounds whose borrow wait was not back within the measured period (one counter)
 * @param queuedBefore rounds in which the pool queued before the injection (one counter)
 */
public record RecoveryOverRounds(List<Double> firstWriteSeconds, List<Double> borrowBackSeconds,
        List<Double> newWriterConnections, List<Double> drainSeconds, int[] notBack, int[] queuedBefore) {
    /** An empty record, to which {@link #add} adds each round. */
    public RecoveryOverRounds() {
        this(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new int[1], new int[1]);
    }

    /** @param c one round's failover counts, added to the lists and counters */
    public void add(FailoverRequests.Counts c) {
        if (c.firstWriteMs() != null) {
            firstWriteSeconds.add(c.firstWriteMs() / 1000.0);
        }
        if (c.borrowBackMs() != null) {
            borrowBackSeconds.add(c.borrowBackMs() / 1000.0);
        } else {
            notBack[0]++;
        }
        if (c.storm() != null) {
            newWriterConnections.add((double) c.storm().opened());
        }
        if (c.drainMs() != null) {
            drainSeconds.add(c.drainMs() / 1000.0);
        }
        if (c.queuedBefore()) {
            queuedBefore[0]++;
        }
    }

    /** @return the values' mean and interval, null when there is none */
    public static MeanInterval of(List<Double> values) {
        return values.isEmpty() ? null : MeanInterval.of(values);
    }
}
