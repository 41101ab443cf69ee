package io.poolbench.suite.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * pgbench's summary as versions 8.4 and 15 print it (the 8.4 text is the article's, the connect scenario; the 15 texts are
 * this machine's pgbench against the embedded server), the figures derived from it, and the arithmetic of the connect scenario.
 */
class PgbenchTest {
    private static final String V84 = """
            starting vacuum...end.
            transaction type: SELECT only
            scaling factor: 25
            query mode: simple
            number of clients: 30
            number of transactions per client: 300
            number of transactions actually processed: 9000/9000
            tps = 70.868983 (including connections establishing)
            tps = 5119.721851 (excluding connections establishing)
            """;
    private static final String V15_C = """
            transaction type: <builtin: select only>
            scaling factor: 25
            query mode: simple
            number of clients: 30
            number of threads: 1
            maximum number of tries: 1
            number of transactions per client: 300
            number of transactions actually processed: 9000/9000
            number of failed transactions: 0 (0.000%)
            latency average = 89.315 ms
            average connection time = 2.928 ms
            tps = 335.889201 (including reconnection times)
            0m0.004s 0m0.000s
            0m1.715s 0m1.841s
            """;
    private static final String V15 = """
            number of clients: 30
            number of threads: 1
            number of transactions actually processed: 9000/9000
            number of failed transactions: 0 (0.000%)
            latency average = 1.829 ms
            initial connection time = 70.286 ms
            tps = 16404.468577 (without initial connection time)
            """;

    @Test
    void version84PrintsBothFiguresAndTheConnectTimeFollows() {
        Pgbench.Result r = Pgbench.parse(V84, true);
        assertEquals(30, r.clients());
        assertEquals(1, r.threads(), "8.4 prints no thread count: one thread");
        assertEquals(9000, r.processed());
        assertEquals(70.868983, r.tpsIncluding(), 1e-9);
        assertEquals(5119.721851, r.tpsExcluding(), 1e-9);
        // (9000 / 70.87 − 9000 / 5119.7) s of connecting over 9000 connections: 13.9 ms each
        assertEquals(13.915, r.avgConnectMs(), 0.001);
        assertEquals("connect", r.derived());
    }

    @Test
    void version15WithReconnectGetsItsExcludingFigureFromTheOldFormula() {
        Pgbench.Result r = Pgbench.parse(V15_C, true);
        assertEquals(335.889201, r.tpsIncluding(), 1e-9);
        assertEquals(2.928, r.avgConnectMs(), 1e-9);
        double elapsed = 9000 / 335.889201;
        assertEquals(9000 / (elapsed - 9000 * 0.002928), r.tpsExcluding(), 1e-6);
        assertEquals("excluding", r.derived());
        assertEquals(0, r.failed());
        assertEquals(89.315, r.latencyAvgMs(), 1e-9);
        assertEquals(1.715 + 1.841, Pgbench.childCpuSeconds(V15_C), 1e-9, "the children's line of times");
    }

    @Test
    void version15WithoutReconnectAddsTheInitialConnectionBack() {
        Pgbench.Result r = Pgbench.parse(V15, false);
        assertEquals(16404.468577, r.tpsExcluding(), 1e-9);
        assertEquals(9000 / (9000 / 16404.468577 + 0.070286), r.tpsIncluding(), 1e-6);
        assertEquals(70.286 / 30, r.avgConnectMs(), 1e-9, "30 connections made by one thread");
        assertEquals("including", r.derived());
        assertTrue(Double.isNaN(Pgbench.childCpuSeconds(V15)));
    }

    @Test
    void aSummaryWithoutFiguresIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Pgbench.parse("pgbench: error: connection refused", true));
        assertThrows(IllegalArgumentException.class, () -> Pgbench.parse(
                "number of transactions actually processed: 0/9000\n", true));
    }

    @Test
    void excludingTakesTheConnectTimeSharedOverTheThreadsOffTheElapsedTime() {
        // 1,000 transactions in 10 s, 32 s of connecting spread over 4 threads: 2 s of work
        assertEquals(500.0, Pgbench.tpsExcluding(1_000, 10, 32, 4), 1e-9);
        assertTrue(Double.isNaN(Pgbench.tpsExcluding(1_000, 10, 40, 4)), "nothing left of the elapsed time");
    }

    @Test
    void theMajorVersionAndTheCommandLine() {
        assertEquals(15, InstalledTool.major("pgbench (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)"));
        assertEquals(0, InstalledTool.major("unknown"));
        assertEquals("pgbench -S -C -c 30 -j 1 -t 300", Pgbench.describe(true, 30, 1, 300));
    }
}
