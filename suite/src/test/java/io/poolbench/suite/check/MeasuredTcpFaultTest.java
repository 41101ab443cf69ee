package io.poolbench.suite.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.fault.Prediction.BranchWait;
import io.poolbench.testbed.fault.TcpBranch;
import io.poolbench.toxiproxy.tcp.KernelFault;
import io.poolbench.toxiproxy.tcp.TcpFaultRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The goal of a TCP-level prediction on hand-made runs. */
class MeasuredTcpFaultTest {
    private static TcpFaultRun run(long ms, boolean unfinished) {
        return new TcpFaultRun("hikari", KernelFault.SILENT_AFTER_ACK, 1, ms < 0 ? 0 : 4, ms, unfinished, 30_000,
                List.of(new TcpFaultRun.Outcome("connection-lost", 4)), "d");
    }

    private static MeasuredTcpFault of(long predictedMs, TcpFaultRun... runs) {
        BranchWait p = new BranchWait(TcpBranch.ACKNOWLEDGED, predictedMs, "query", "hangs");
        return new MeasuredTcpFault("hikari", "HikariCP", KernelFault.SILENT_AFTER_ACK, 3, p, p, List.of(runs));
    }

    @Test
    void theMedianOverRunsIsWithinFifteenPercentOrOneSecond() {
        MeasuredTcpFault m = of(16_000, run(16_300, false), run(18_000, false), run(16_100, false));
        assertEquals(16_300, m.medianMs());
        assertTrue(m.withinGoal());
        assertEquals(16_300 / 16_000.0, m.error(), 1e-9);
        assertFalse(of(16_000, run(19_000, false)).withinGoal(), "+19 %");
        assertTrue(of(3_000, run(3_900, false)).withinGoal(), "below 5 s: ±1 s");
        // a run that counted no request is no measurement, and a fault none of whose runs counted one is not met
        MeasuredTcpFault none = of(16_000, run(-1, false));
        assertEquals(-1, none.medianMs());
        assertFalse(none.withinGoal());
    }

    @Test
    void aWaitCutByTheRunsEndMeetsOnlyAPredictionWithoutLimit() {
        assertTrue(of(-1, run(90_000, true)).withinGoal(), "predicted: forever; measured: still waiting at 90 s");
        assertFalse(of(16_000, run(16_000, true)).withinGoal(), "a bounded prediction is not met by a cut run");
        assertFalse(of(-1, run(16_000, false)).withinGoal(), "predicted forever, but the kernel ended it");
    }
}
