package io.poolbench.suite.aurora;

import static io.poolbench.suite.process.JtlRows.HEADER;
import static io.poolbench.suite.process.JtlRows.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.aurora.faults.FailoverRequests;
import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.suite.aurora.run.RunOutcome;
import io.poolbench.testbed.load.CsvLog;
import io.poolbench.testbed.load.PoolErrors;
import io.poolbench.testbed.load.ScreenLog;
import io.poolbench.testbed.report.ResultJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Aurora scenario's error budget from a run's files: failed requests of the measured period count, those of the warm-up
 * do not, and with a failover those in flight at the injection or started in its window (to 5 s after the first
 * write the new writer acknowledged, or to the last write the old writer refused as read-only when that is later)
 * belong to the failover, not to the budget.
 */
class AuroraBudgetTest {
    @TempDir
    Path dir;

    private void outcome(Map<String, Long> events) throws Exception {
        // t0 = 0; measured period 10 s … 70 s
        ResultJson.MAPPER.writeValue(dir.resolve("outcome.json").toFile(), new RunOutcome("r", "f", null,
                null, "HikariCP", 30_000L, new RunOutcome.Window(0, 10_000, 70_000), 1.0, 8_500L, List.of(),
                new RunOutcome.Writer(events, null, null), null));
    }

    private void results(long[][] rows) throws Exception {
        StringBuilder sb = new StringBuilder(HEADER);
        for (long[] r : rows) {
            sb.append(row(r[0], r.length > 2 ? r[2] : 10, "short", (int) r[1]));
        }
        Files.writeString(dir.resolve("results.csv"), sb);
    }

    @Test
    void aContainerKilledMidRunFailsTheBudget() throws Exception {
        outcome(Map.of());
        // 2 failed in the warm-up (not counted), then 2 ok and 3 failed in the measured period
        results(new long[][] {{1_000, 503}, {2_000, 503}, {20_000, 200}, {30_000, 200}, {40_000, 503},
            {50_000, 503}, {60_000, 503}});
        RunBudget b = RunBudget.of(RunFiles.read(dir));
        assertEquals(new RunBudget(5, 3, 0, 0), b);
        assertTrue(b.exceeded(1) && !new RunBudget(200, 2, 0, 0).exceeded(1));
        assertTrue(b.failure(1).startsWith("3 of 5 requests of the measured period failed (60.0 % >"
                + " --max-error-percent 1)"), b.failure(1));
    }

    @Test
    void theFailoversWindowIsLeftOut() throws Exception {
        // injection at 30 s, endpoint moved at 32 s; the first write acknowledged by B ends at 35 s: window 30 … 40 s
        outcome(Map.of("injection", 30_000L, "endpoint-moved", 32_000L));
        try (CsvLog<ScreenLog.Entry> log = ScreenLog.create(dir.resolve("screens.csv"))) {
            log.add(new ScreenLog.Entry(31_000, "short", 1, 500, "read-only", 1, 0, 0, 1_000_000, "w1"));
            log.add(new ScreenLog.Entry(34_000, "short", 2, 200, "", 1, 0, 0, 1_000_000, "w2"));
        }
        // 29 s + 2 s: in flight at the injection, so the failover's too
        results(new long[][] {{20_000, 200}, {29_000, 503, 2_000}, {31_000, 503}, {33_000, 503}, {39_000, 503},
            {45_000, 503}, {50_000, 200}});
        assertEquals(new RunBudget(3, 1, 4, 4), RunBudget.of(RunFiles.read(dir)));
    }

    @Test
    void refusalsOfTheOldWriterAfterAStaleEndpointStillBelongToTheFailover() throws Exception {
        // a stale endpoint: B acknowledges a write ending at 35 s, but connections the pool opened before still lead
        // to the old writer, which refuses writes until 50.5 s: the window runs to then, not to 40 s
        outcome(Map.of("injection", 30_000L, "endpoint-moved", 32_000L));
        try (CsvLog<ScreenLog.Entry> log = ScreenLog.create(dir.resolve("screens.csv"))) {
            log.add(new ScreenLog.Entry(34_000, "short", 2, 200, "", 1, 0, 0, 1_000_000, "w2"));
            log.add(new ScreenLog.Entry(45_000, "short", 3, 500, PoolErrors.READ_ONLY, 1, 0, 0, 500_000,
                    "w3"));
            log.add(new ScreenLog.Entry(50_000, "short", 4, 500, PoolErrors.READ_ONLY, 1, 0, 0, 500_000,
                    "w4"));
            // any other error does not stretch the window
            log.add(new ScreenLog.Entry(60_000, "short", 5, 500, "sql", 1, 0, 0, 500_000, "w5"));
        }
        results(new long[][] {{20_000, 200}, {34_000, 200}, {45_000, 500}, {50_000, 500}, {55_000, 200},
            {60_000, 500}});
        assertEquals(new RunBudget(3, 1, 3, 2), RunBudget.of(RunFiles.read(dir)));
        long[] w = FailoverRequests.window(RunFiles.read(dir).outcome(), RunFiles.read(dir).screens());
        assertEquals(50_501, w[1]);
    }
}
