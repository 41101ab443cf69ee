package io.poolbench.suite.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.toxiproxy.tcp.KernelFaults;
import io.poolbench.toxiproxy.tcp.TcpFaultRun;
import io.poolbench.toxiproxy.tcp.TcpWait;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The goal of a TCP-level prediction on hand-made runs. */
class MeasuredTcpFaultTest {
    private static TcpFaultRun run(long queryMs, boolean unfinished) {
        return new TcpFaultRun("hikari", FaultKind.SILENT_AFTER_ACK, 1, 4, Math.max(queryMs, 30_000), unfinished,
                30_000, 0, queryMs, -1, -1, List.of(new TcpFaultRun.Outcome("connection-lost", 4)), "d");
    }

    private static MeasuredTcpFault of(Long predictedMs, TcpFaultRun... runs) {
        PredictedTcpWait p = new PredictedTcpWait(predictedMs, -1, "query", "hangs");
        return new MeasuredTcpFault("hikari", "HikariCP", FaultKind.SILENT_AFTER_ACK, TcpWait.QUERY, 3, p,
                p, List.of(runs));
    }

    @Test
    void theMedianOverRunsIsWithinFifteenPercentOrOneSecond() {
        MeasuredTcpFault m = of(16_000L, run(16_300, false), run(18_000, false), run(16_100, false));
        assertEquals(16_300, m.medianMs());
        assertEquals(3, m.summary().n(), "n: the runs where such a request ended");
        assertTrue(m.summary().low() < m.summary().mean() && m.summary().mean() < m.summary().high(),
                "the mean's 95 % interval");
        assertTrue(m.withinGoal());
        assertEquals(16_300 / 16_000.0, m.error(), 1e-9);
        assertFalse(of(16_000L, run(19_000, false)).withinGoal(), "+19 %");
        assertTrue(of(3_000L, run(3_900, false)).withinGoal(), "below 5 s: ±1 s");
        // a run where no counted request ended that way is no measurement of it
        MeasuredTcpFault none = of(16_000L, run(-1, false));
        assertEquals(-1, none.medianMs());
        assertEquals(null, none.summary());
        assertFalse(none.withinGoal());
        assertFalse(of(null, run(16_000, false)).withinGoal(), "nothing predicted: no goal");
        assertEquals("met", m.goal());
        assertEquals("not reached", none.goal());
        assertEquals("no result", of(16_000L).goal(), "no run produced a result: nothing was measured");
        assertEquals("–", of(null, run(16_000, false)).goal());
    }

    @Test
    void aPredictionWithoutLimitIsMetOnlyByRequestsStillWaiting() {
        assertTrue(of(-1L, run(-1, true)).withinGoal(), "predicted: forever; no query ended, requests still waited");
        assertFalse(of(-1L, run(16_000, false)).withinGoal(), "predicted forever, but the kernel ended it");
    }

    @Test
    void aWindowIsMetWhenEveryRunFallsInIt() {
        PredictedTcpWait window = new PredictedTcpWait(21_000L, 10_000, "promotion + TTLs", "borrows fail");
        java.util.function.LongFunction<TcpFaultRun> flip = ms -> new TcpFaultRun("hikari", FaultKind.DNS_FLIP, 1,
                40, 30_000, false, 30_000, 0, -1, 30_000, ms, List.of(new TcpFaultRun.Outcome("ok", 20)), "d");
        MeasuredTcpFault in = new MeasuredTcpFault("hikari", "HikariCP", FaultKind.DNS_FLIP,
                TcpWait.NEW_WRITER, 3, window, window, List.of(flip.apply(10_400), flip.apply(21_500),
                flip.apply(15_000)));
        assertEquals(List.of(10_400L, 21_500L, 15_000L), in.measuredMs(), "from the drop to the first request served");
        assertTrue(in.withinGoal(), "every run in 10 s to 21 s, ±1 s");
        MeasuredTcpFault late = new MeasuredTcpFault("hikari", "HikariCP", FaultKind.DNS_FLIP,
                TcpWait.NEW_WRITER, 3, window, window, List.of(flip.apply(15_000), flip.apply(23_000)));
        assertFalse(late.withinGoal(), "one run past the window's end");
        MeasuredTcpFault early = new MeasuredTcpFault("hikari", "HikariCP", FaultKind.DNS_FLIP,
                TcpWait.NEW_WRITER, 3, window, window, List.of(flip.apply(8_000)));
        assertFalse(early.withinGoal(), "served before the name could have moved");
    }
}
