package io.poolbench.suite.aurora.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.aurora.AuroraSettings;
import io.poolbench.suite.aurora.AuroraSettingsFixture;
import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.suite.aurora.run.RunOutcome;
import io.poolbench.suite.aurora.run.RunStats;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.load.ScreenLog;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Aurora scenario's stalls: when they happen, which requests they meet, and the settings that allow them. */
class StallsTest {
    private static ScreenLog.Entry request(long start, long elapsedMs, int status, String error, long borrowMs) {
        return new ScreenLog.Entry(start, "short", 1, status, error, 1, borrowMs * 1000, borrowMs * 1000,
                elapsedMs * 1000, "");
    }

    @Test
    void aStallMeetsTheRequestsInFlightAtItsStartOrStartedBeforeItsEnd() throws Exception {
        RunOutcome o = new ObjectMapper().readValue("{\"window\":{\"t0EpochMs\":1000,\"measureFromEpochMs\":3000,"
                + "\"measureToEpochMs\":40000},\"borrowTimeoutMs\":10000,\"writer\":{\"events\":{\"stall-1\":9000,"
                + "\"stall-1-end\":21000,\"stall-2\":29000}}}", RunOutcome.class);
        List<Stalls.Stall> stalls = Stalls.of(o);
        assertEquals(List.of(new Stalls.Stall(1, 10_000, 22_000), new Stalls.Stall(2, 30_000, 40_000)),
                stalls, "the second has no end event: it lasts to the end of the measured period");
        // each from its start to 5 s after its end
        assertEquals(List.of(17_000L, 15_000L), Stalls.windows(o).stream().map(w -> w[1] - w[0]).toList());
        List<Stalls.Effect> e = Stalls.effects(o, List.of(
                request(5_000, 100, 200, "", 1), // ended before the first stall
                request(9_990, 12_100, 200, "", 0), // in flight at its start, answered after it
                request(15_000, 10_200, 503, "pool-timeout", 10_200), // waited past the pool's timeout
                request(22_000, 50, 200, "", 0))); // started after its end
        assertEquals(2, e.get(0).met().met());
        assertEquals(Map.of("pool-timeout", 1L), e.get(0).met().errors());
        assertEquals(12_100, e.get(0).met().longestMs(), 1e-9);
        assertEquals(1, e.get(0).met().longBorrows());
        assertEquals(0, e.get(1).met().met());
        String md = Stalls.section(List.of(new RunFiles(new RunStats("dbcp",
                "DBCP", List.of(), 0, 0, 0, Map.of()), o, List.of(request(9_990, 12_100, 200, "", 0)),
                List.of())));
        assertTrue(md.contains("| dbcp | 1 | 12.0 | 1 | 100.00 % of 1 | none | 12,100 | 0 | 0 |"), md);
        assertEquals(3, Stalls.measured(o, List.of(request(2_999, 1, 200, "", 0), request(3_000, 1, 200, "", 0),
                request(20_000, 1, 200, "", 0), request(39_999, 1, 200, "", 0), request(40_000, 1, 200, "", 0))),
                "the requests begun within the measured period, 3,000 to 40,000 ms");
    }

    @Test
    void aStallIsCheckedBeforeAnythingStarts() {
        assertThrows(TestbedException.class, () -> settings(true, List.of(5)), "not with --failover");
        assertThrows(TestbedException.class, () -> settings(false, List.of(0)), "at least 1 s");
        // two stalls in 30 s start at 10 and 20 s: a 15-s second one would end after the measured period
        assertThrows(TestbedException.class, () -> settings(false, List.of(5, 15)));
        assertEquals(List.of(15_000L, 25_000L), settings(false, List.of(5, 10)).stallOffsetsMs());
    }

    private static AuroraSettings settings(boolean failover, List<Integer> stalls) {
        return AuroraSettingsFixture.settings(List.of(), 1, 5, 30, failover, null, stalls);
    }
}
