package io.poolbench.suite.aurora.waits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.load.TraceLog;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnectionTraceTest {
    private static TraceLog.Entry row(long start, int status, String borrow, String ret, String failed) {
        return new TraceLog.Entry(start, "short", 1, status, status == 200 ? "" : "sql", "3", 120,
                borrow.contains("isValid"), borrow, "x", ret, failed, "");
    }

    @Test
    void countsTheCallsOfATraceList() {
        assertEquals(3, TraceLog.count("Connection.isValid Connection.setNetworkTimeout×2"));
        assertEquals(0, TraceLog.count(""));
        assertEquals(1, TraceLog.count(" connect "));
    }

    @Test
    void callsPerBorrowAndValidationOverTheMeasuredPeriodAndFailuresFromTheInjectionOn() {
        List<TraceLog.Entry> log = List.of(
                row(500, 200, "Connection.isValid", "", ""), // warm-up: left out of the means
                row(1_000, 200, "Connection.setNetworkTimeout×2 Connection.isValid", "Connection.clearWarnings", ""),
                row(2_000, 200, "", "Connection.clearWarnings", ""),
                row(2_500, 500, "", "", "work:PreparedStatement.executeQuery"), // started before, ended after
                row(3_500, 500, "", "", "work:PreparedStatement.executeQuery"),
                row(9_000, 500, "", "", "")); // after the measured period: failed at the failover all the same
        Map<String, Long> ends = Map.of(ConnectionTrace.key(2_500, 1, "short"), 3_100L,
                ConnectionTrace.key(2_000, 1, "short"), 2_100L);
        ConnectionTrace.RunTrace t = ConnectionTrace.of("r", log, 1_000, 4_000, 3_000L, ends);
        assertEquals(4, t.borrows());
        assertEquals((4 + 1) / 4.0, t.callsPerBorrow(), 1e-9);
        assertEquals(0.25, t.validatedShare(), 1e-9);
        assertEquals(List.of(2_500L, 3_500L, 9_000L), t.failed().stream().map(TraceLog.Entry::startEpochMs).toList());
        assertEquals(0, ConnectionTrace.of("r", log, 1_000, 4_000, null, ends).failed().size());
    }

    @Test
    void perProfileTheFailuresOnConnectionsLentUncheckedWithTheirIdleTimes() {
        TraceLog.Entry unchecked = new TraceLog.Entry(1, "short", 1, 500, "sql", "4", 420, false, "", "", "",
                "work:PreparedStatement.executeQuery", "Communications link failure");
        TraceLog.Entry checked = new TraceLog.Entry(2, "long", 1, 500, "sql", "5", 900, true, "Connection.isValid", "",
                "", "work:PreparedStatement.executeQuery", "Communications link failure");
        String md = ConnectionTrace.profiles(Map.of("hikari", List.of(
                new ConnectionTrace.RunTrace("hikari.r1", 10, 0.5, 0.1, List.of(unchecked, checked)),
                new ConnectionTrace.RunTrace("hikari.r2", 10, 0.5, 0.1, List.of(unchecked)))));
        assertTrue(md.contains("| hikari | 2 | 1.5 ("), md);
        assertTrue(md.contains("| 2 of 3 | 420–420 |"), md);
    }
}
