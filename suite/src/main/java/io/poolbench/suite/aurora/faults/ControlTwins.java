package io.poolbench.suite.aurora.faults;

import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.suite.aurora.run.RunOutcome;
import io.poolbench.testbed.stats.DifferenceFinding;
import io.poolbench.testbed.stats.MeanInterval;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A failover's control twins ({@code aurora --failover --control}): each round also runs every profile at the same
 * load without the failover, and marks the moment at which the failover would have been injected. A pool at its limit
 * queues in bursts with or without a failover; the twin shows how long its borrow wait stays above normal after an
 * arbitrary moment, so that "clogged" can be judged as what the failover adds ({@link Clogged#againstControl}).
 *
 * <p>The twin's measure mirrors the failover's <em>waiting after the first write</em>
 * ({@link FailoverRequests.Counts#drainMs}): in round k, from the mark plus the failover run's own delay to its
 * first write (so both start the same time after the injection) until the borrow wait is back to normal
 * ({@link BorrowRecovery#backMs}, from the mark, against the p99 before the mark).
 */
public final class ControlTwins {
    /** The drain's measure, as the pairs' sentences name it. */
    public static final String DRAIN = "s of borrow wait above normal after the new writer's first write";

    private ControlTwins() {
    }

    /**
     * One profile's control over the rounds.
     *
     * @param waitingSeconds the control's waiting after the failover's moment, s per round (null where either run
     *     has no result, the failover had no first write, or the control was not back within the measured period)
     * @param notBack rounds whose control was not back within the measured period after the mark
     * @param overControl the failover's waiting after its first write minus the control's, s, paired within each
     *     round; null when no round had both
     * @param clogged the verdict against the control
     */
    public record Twin(List<Double> waitingSeconds, int notBack, MeanInterval overControl, Clogged clogged) {
        /** @return the control's waiting over the rounds that had it, null when none did */
        public MeanInterval waiting() {
            List<Double> present = waitingSeconds.stream().filter(Objects::nonNull).toList();
            return present.isEmpty() ? null : MeanInterval.of(present);
        }
    }

    /**
     * @param failover the failover runs' counts by round (null where a run has no result)
     * @param controls the control twins' files by round (null where a run has no result)
     * @param failoverNotBack rounds in which the failover's borrow wait was not back
     * @param rounds rounds with a failover result
     * @return the twin's figures and the verdict; null when no control ran
     */
    public static Twin of(FailoverRequests.Counts[] failover, RunFiles[] controls, int failoverNotBack,
            int rounds) {
        if (controls == null || Arrays.stream(controls).allMatch(Objects::isNull)) {
            return null;
        }
        List<Double> waiting = new ArrayList<>();
        List<Double> drain = new ArrayList<>();
        int notBack = 0;
        for (int k = 0; k < controls.length; k++) {
            RunFiles c = controls[k];
            FailoverRequests.Counts f = k < failover.length ? failover[k] : null;
            Long back = c == null ? null : backMs(c);
            if (c != null && back == null) {
                notBack++;
            }
            Long offset = f == null ? null : f.firstWriteMs();
            waiting.add(back == null || offset == null ? null : Math.max(0, back - offset) / 1000.0);
            drain.add(f == null || f.drainMs() == null ? null : f.drainMs() / 1000.0);
        }
        // failover − control within each round: a round in which either is missing drops out
        MeanInterval over = DifferenceFinding.paired(DRAIN, "failover", "control", false, drain,
                waiting).map(f -> new MeanInterval(f.n(), f.mean(), f.median(), f.low(), f.high())).orElse(null);
        return new Twin(waiting, notBack, over, Clogged.againstControl(over, failoverNotBack, notBack, rounds));
    }

    /** @return ms from the control's mark until its borrow wait was back to normal; null when not, or no mark */
    private static Long backMs(RunFiles control) {
        RunOutcome o = control.outcome();
        Long mark = o.controlMarkEpochMs();
        return mark == null ? null : BorrowRecovery.backMs(control.screens(), o.measureFromEpochMs(), mark,
                o.measureToEpochMs());
    }
}
