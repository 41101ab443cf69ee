package io.poolbench.suite.seed004;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.poolbench.testbed.TraceLog;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class Seed004ConnectionsTest {
    private static TraceLog.Entry row(long start, int status, String borrow, String ret, String failed) {
        return new TraceLog.Entry(start, "short", 1, status, status == 200 ? "" : "sql", "3", 120,
                borrow.contains("isValid"), borrow, "x", ret, failed, "");
    }

    @Test
    void countsTheCallsOfATraceList() {
        assertEquals(3, Seed004Connections.calls("Connection.isValid Connection.setNetworkTimeout×2"));
        assertEquals(0, Seed004Connections.calls(""));
        assertEquals(1, Seed004Connections.calls(" connect "));
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
        Map<String, Long> ends = Map.of(Seed004Connections.key(2_500, 1, "short"), 3_100L,
                Seed004Connections.key(2_000, 1, "short"), 2_100L);
        Seed004Connections.RunTrace t = Seed004Connections.of("r", log, 1_000, 4_000, 3_000L, ends);
        assertEquals(4, t.borrows());
        assertEquals((4 + 1) / 4.0, t.callsPerBorrow(), 1e-9);
        assertEquals(0.25, t.validatedShare(), 1e-9);
        assertEquals(List.of(2_500L, 3_500L, 9_000L), t.failed().stream().map(TraceLog.Entry::startEpochMs).toList());
        assertEquals(0, Seed004Connections.of("r", log, 1_000, 4_000, null, ends).failed().size());
    }
}
