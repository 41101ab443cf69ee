package io.poolbench.suite.aurora;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.aurora.faults.BorrowRecovery;
import io.poolbench.suite.aurora.faults.FailoverRequests;
import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.suite.aurora.run.RunOutcome;
import io.poolbench.suite.aurora.run.RunStats;
import io.poolbench.suite.aurora.run.ScreenStats;
import io.poolbench.suite.process.JtlSummary;
import io.poolbench.testbed.load.ScreenLog;
import io.poolbench.testbed.load.ScreenModel;
import io.poolbench.toxiproxy.Ledger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Aurora scenario's figures from parsed inputs: the warm-up is left out, borrow waits and failover rows are derived. */
class AuroraReportTest {
    static JtlSummary.LabelStats label(String l, long n, long errors, long max) {
        return new JtlSummary.LabelStats(l, n, errors, 1, 10, 5, 9, 15, 20, 1, max, 2, 60, Map.of());
    }

    @Test
    void borrowWaitsCountOnlyTheMeasuredPeriodAndTheArticleColumnFollowsThePool() {
        long from = 10_000;
        long to = 70_000;
        List<ScreenLog.Entry> log = List.of(
                new ScreenLog.Entry(5_000, "short", 1, 200, "", 1, 30_000_000, 30_000_000, 30_100_000, ""),
                new ScreenLog.Entry(20_000, "short", 1, 200, "", 1, 2_000, 2_000, 45_000, ""),
                new ScreenLog.Entry(30_000, "short", 2, 503, "pool-timeout", 1, 10_000_000, 10_000_000, 10_001_000, ""),
                new ScreenLog.Entry(40_000, "long", 7, 200, "", 1, 1_000, 1_000, 900_000, ""));
        RunStats r = RunFiles.compute("dbcp1", "DBCP 1.4",
                Map.of("short", label("short", 2, 1, 10_050), "long", label("long", 1, 0, 900)), log,
                ScreenModel.article(), from, to, 3.125);
        assertEquals(List.of("short", "long"), r.screens().stream().map(ScreenStats::screen).toList());
        ScreenStats s = r.screens().get(0);
        assertEquals(10_000.0, s.borrowMaxMs(), 1e-9, "the 30 s borrow in the warm-up is left out");
        assertEquals(10_000.0, s.borrowP99Ms(), 1e-9);
        assertEquals(40, s.sqlAloneMaxMs());
        assertEquals(ScreenModel.article().longScreenMs(7), r.screens().get(1).sqlAloneMaxMs());
        assertEquals(3, r.measuredRequests());
        assertEquals(0.05, r.achievedPerSecond(), 1e-9);
        assertEquals("DBCP2", ArticleTables.articlePool("DBCP 1.4"));
        assertEquals("HikariCP", ArticleTables.articlePool("HikariCP"));
        assertEquals(null, ArticleTables.articlePool("c3p0"));
        assertTrue(r.line().startsWith("3 requests measured, 0.05 of 3.13 requests/s"), r.line());
    }

    @Test
    void theFailoverRowNamesTheFirstWriteAfterTheInjectionErrorsAndLongBorrows() throws Exception {
        String outcome = "{\"window\":{\"t0EpochMs\":1000,\"measureFromEpochMs\":40000,\"measureToEpochMs\":70000},"
                + "\"borrowTimeoutMs\":10000,\"writer\":{\"events\":{\"injection\":60000,"
                + "\"old-writer-rebooted\":62500},\"ledger\":{\"acknowledged\":40,\"lost\":0,"
                + "\"unacknowledgedPresent\":1,\"duplicates\":0,\"lostSample\":[],\"failed\":1,\"failedPresent\":0,"
                + "\"unknown\":1,\"unknownCommitted\":1}}}";
        List<ScreenLog.Entry> log = List.of(
                new ScreenLog.Entry(50_000, "medium", 1, 200, "", 1, 10, 10, 150_000, "w-before"),
                // in flight at the injection (61,000): it meets the failover and counts
                new ScreenLog.Entry(60_900, "medium", 4, 500, "sql", 1, 10, 10, 200_000, "w-inflight"),
                new ScreenLog.Entry(61_500, "medium", 1, 500, "sql", 1, 10, 10, 150_000, "w-failed"),
                new ScreenLog.Entry(62_000, "short", 2, 503, "pool-timeout", 1, 10_500_000, 10_500_000, 10_500_000, ""),
                new ScreenLog.Entry(64_000, "medium", 3, 200, "", 1, 10, 10, 1_000_000, "w-after"));
        RunOutcome o = new ObjectMapper().readValue(outcome, RunOutcome.class);
        FailoverRequests.Counts c = FailoverRequests.counts(o, log);
        List<String> row = FailoverRequests.failoverRow("hikari", o, c);
        // borrow wait: p99 before the injection 10 µs; the window from 62 s waits 10.5 s, the one from 64 s 10 µs
        assertEquals(List.of("hikari", "2.5", "4.0", "2.0", "–", "{pool-timeout=1, sql=2}", "1 (> 10,000 ms)", "40",
                "0", "1 (1); 1 (0)"), row);
        // the borrow wait was back (2 s) before the new writer's first write (4 s): nobody waited on the pool after
        assertEquals(0L, c.drainMs());
    }

    @Test
    void theLedgerCellGivesUnknownOutcomesAndFailedWritesApart() {
        assertEquals("3 (1); 7 (0)", FailoverRequests.notAcknowledged(new Ledger.Reconciliation(40, 0, 1, 0, List.of(),
                7, 0, 3, 1)));
        assertEquals("0 (0); 2 (**1**)", FailoverRequests.notAcknowledged(new Ledger.Reconciliation(40, 0, 1, 0,
                List.of(), 2, 1, 0, 0)), "a failed write present on the new writer stands out");
    }

    @Test
    void theBorrowWaitIsBackWhenNoLaterWindowsMedianExceedsThePreFailoverP99() {
        List<ScreenLog.Entry> log = List.of(
                new ScreenLog.Entry(1_000, "short", 1, 200, "", 1, 100, 100, 1_000, ""),
                new ScreenLog.Entry(2_000, "short", 1, 200, "", 1, 200, 200, 1_000, ""),
                // the injection at 10 s; the median of the window from 11 s: 5,000 µs
                new ScreenLog.Entry(11_000, "short", 1, 200, "", 1, 5_000, 5_000, 1_000, ""),
                new ScreenLog.Entry(11_500, "short", 1, 200, "", 1, 5_000, 5_000, 1_000, ""),
                new ScreenLog.Entry(11_900, "short", 1, 200, "", 1, 100, 100, 1_000, ""),
                new ScreenLog.Entry(13_000, "short", 1, 200, "", 1, 150, 150, 1_000, ""));
        assertEquals(2_000L, BorrowRecovery.backMs(log, 0, 10_000, 20_000));
        assertEquals(null, BorrowRecovery.backMs(log, 0, 10_000, 12_000), "still waiting at the end");
        assertEquals(null, BorrowRecovery.backMs(log, 5_000, 10_000, 20_000), "nothing before to compare");
    }

    @Test
    void aPoolThatQueuedInBurstsBeforeTheInjectionIsToldApart() {
        List<ScreenLog.Entry> steady = new java.util.ArrayList<>();
        for (long t = 0; t < 10_000; t += 250) {
            steady.add(new ScreenLog.Entry(t, "short", 1, 200, "", 1, 2_000, 2_000, 50_000, ""));
        }
        assertEquals(false, BorrowRecovery.queuedBefore(steady, 0, 10_000));
        List<ScreenLog.Entry> bursty = new java.util.ArrayList<>(steady);
        // the window from 4 s: every borrower waited 500 ms, far over 10 × the period's median and the 40-ms floor
        for (long t = 4_000; t < 5_000; t += 100) {
            bursty.add(new ScreenLog.Entry(t, "short", 1, 200, "", 1, 500_000, 500_000, 550_000, ""));
        }
        assertEquals(true, BorrowRecovery.queuedBefore(bursty, 0, 10_000));
        assertEquals(false, BorrowRecovery.queuedBefore(bursty, 5_000, 10_000), "after the burst");
        // saturated: every borrower waited 500 ms, no window stands out, the median is over 40 ms
        List<ScreenLog.Entry> saturated = bursty.stream().filter(e -> e.borrowWaitUs() == 500_000).toList();
        assertEquals(true, BorrowRecovery.queuedBefore(saturated, 0, 10_000));
    }
}
