package io.poolbench.suite.aurora.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.poolbench.testbed.load.ScreenLog;
import io.poolbench.testbed.load.ScreenModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The stand-in's own round trip per query, from the webapp's record of a light-load cell: the median short screen's
 * time outside {@code getConnection()}, per query, less the server time and the added round trip.
 */
class StandInRoundTripTest {
    private static final ScreenModel FIVE_OF_12_MS = new ScreenModel(ScreenModel.Borrow.PER_REQUEST, 8_500, 5, 12);

    private static ScreenLog.Entry shortScreen(long startMs, int status, long borrowWaitUs, long elapsedUs) {
        return new ScreenLog.Entry(startMs, "short", 1, status, null, 1, borrowWaitUs, borrowWaitUs, elapsedUs, null);
    }

    @Test
    void theMedianTimeOutsideTheBorrowPerQueryLessServerTimeAndAddedRoundTrip() {
        // outside getConnection(): 70, 72 and 80 ms; median 72 ms / 5 queries = 14.4 ms, less 12 ms and +1 ms: 1.4 ms
        List<ScreenLog.Entry> log = List.of(shortScreen(1_000, 200, 2_000, 72_000), shortScreen(1_100, 200, 3_000,
                75_000), shortScreen(1_200, 200, 40_000, 120_000),
                // outside the measured period, failed, or another screen: not counted
                shortScreen(500, 200, 0, 500_000), shortScreen(1_300, 503, 0, 1_000),
                new ScreenLog.Entry(1_400, "long", 1, 200, null, 1, 0, 0, 900_000, null));
        assertEquals(1.4, RunFiles.standInRttMs(log, 1_000, 2_000, FIVE_OF_12_MS, 1), 1e-9);
    }

    @Test
    void neverBelowZeroAndNoneWithoutAShortScreen() {
        assertEquals(0, RunFiles.standInRttMs(List.of(shortScreen(1_000, 200, 0, 60_000)), 0, 2_000, FIVE_OF_12_MS,
                1));
        assertNull(RunFiles.standInRttMs(List.of(), 0, 2_000, FIVE_OF_12_MS, 1));
    }
}
