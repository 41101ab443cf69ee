package io.poolbench.suite.aurora.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.suite.aurora.run.RunOutcome;
import io.poolbench.suite.aurora.run.RunStats;
import io.poolbench.testbed.load.ScreenLog;
import io.poolbench.testbed.stats.MeanInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * "Clogged" against a control twin: what the failover adds to the borrow wait after its first write, over what the
 * same load does after the same moment without one.
 */
class ControlTwinsTest {
    /** A control run: 1 ms borrow waits, except 500 ms ones for {@code highMs} after the mark at 40 s. */
    private static RunFiles control(long highMs) {
        List<ScreenLog.Entry> log = new ArrayList<>();
        for (long t = 10_000; t < 70_000; t += 100) {
            long wait = t >= 40_000 && t < 40_000 + highMs ? 500_000 : 1_000;
            log.add(new ScreenLog.Entry(t, "short", 1, 200, "", 1, wait, wait, wait + 40_000, ""));
        }
        RunOutcome o = new RunOutcome("c", "f", null, null, "DBCP", 10_000L, new RunOutcome.Window(0, 10_000, 70_000),
                12.5, 8_500L, List.of(), new RunOutcome.Writer(Map.of(RunOutcome.CONTROL_MARK, 40_000L), null, null),
                null);
        return new RunFiles(new RunStats("c", "DBCP", List.of(), 0, 0, 0, Map.of()), o,
                log, List.of());
    }

    /** A failover's counts: its first write 1 s after the injection, its borrow wait back after {@code backMs}. */
    private static FailoverRequests.Counts failover(long backMs) {
        return new FailoverRequests.Counts(2_000, 1_000L, backMs, true, null, Map.of(), 0, 10_000);
    }

    @Test
    void aFailoverThatAddsSecondsOverItsControlIsClogged() {
        // waiting after the first write: 8, 7, 9 s; the control's after the same moment: 2 s each
        ControlTwins.Twin t = ControlTwins.of(new FailoverRequests.Counts[] {failover(9_000), failover(8_000),
            failover(10_000)}, new RunFiles[] {control(3_000), control(3_000), control(3_000)}, 0, 3);
        assertEquals(List.of(2.0, 2.0, 2.0), t.waitingSeconds());
        assertEquals(6.0, t.overControl().mean(), 1e-9);
        assertEquals(Clogged.YES, t.clogged());
    }

    @Test
    void aPoolThatQueuesAsMuchWithoutTheFailoverIsNotClogged() {
        // both wait 2 s after the first write's moment in every round, although the pool queues at its limit
        ControlTwins.Twin t = ControlTwins.of(new FailoverRequests.Counts[] {failover(3_000), failover(3_000),
            failover(3_000)}, new RunFiles[] {control(3_000), control(3_000), control(3_000)}, 0, 3);
        assertEquals(0.0, t.overControl().mean(), 1e-9);
        assertEquals(Clogged.NO, t.clogged());
    }

    @Test
    void withoutAControlThereIsNoTwin() {
        assertNull(ControlTwins.of(new FailoverRequests.Counts[3], new RunFiles[3], 0, 3));
        assertNull(ControlTwins.of(new FailoverRequests.Counts[3], null, 0, 3));
    }

    @Test
    void theVerdictAgainstTheControl() {
        MeanInterval wide = MeanInterval.of(List.of(-1.0, 0.0, 4.0));
        assertEquals(Clogged.CANNOT_TELL, Clogged.againstControl(wide, 0, 0, 3));
        // the failover's borrow wait not back in most rounds while the control's was
        assertEquals(Clogged.YES, Clogged.againstControl(null, 2, 0, 3));
        // neither was back: no verdict from that
        assertEquals(Clogged.CANNOT_TELL, Clogged.againstControl(null, 2, 2, 3));
        assertEquals(Clogged.CANNOT_TELL, Clogged.againstControl(MeanInterval.of(List.of(0.0)), 0, 0, 1));
    }
}
