package io.poolbench.suite.aurora.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.aurora.AuroraSettings;
import io.poolbench.testbed.TestbedException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --failover[=KIND]}: the kinds by name, one line for anything else, and room for the steps. */
class FailoverKindTest {
    private static AuroraSettings settings(int durationSeconds, String kind) {
        return new AuroraSettings(List.of(), 750, 3000, 0.25, 2, List.of(), 10, durationSeconds, 5, 50, 30,
                "per-request", 9_000, 1, 1, true, 1000, null, null, 1, 1, false, List.of(), false, List.of(), kind, null);
    }

    @Test
    void kindsByName() {
        assertEquals(FailoverKind.PLANNED, FailoverKind.parse(null), "a manifest written before there were kinds");
        assertEquals(FailoverKind.UNPLANNED, FailoverKind.parse("Unplanned"));
        assertEquals(FailoverKind.STALE, FailoverKind.parse("stale"));
        TestbedException e = assertThrows(TestbedException.class, () -> FailoverKind.parse("sudden"));
        assertEquals("--failover sudden is not a failover poolbench injects: give planned, unplanned or stale",
                e.getMessage());
        assertEquals("failover with a stale endpoint", FailoverKind.STALE.noun());
    }

    @Test
    void theStepsMustEndWithinTheMeasuredPeriod() {
        // the unplanned failover's old writer reboots 10 s after the injection, in the middle of the period
        TestbedException e = assertThrows(TestbedException.class, () -> settings(14, "unplanned"));
        assertTrue(e.getMessage().startsWith("--failover unplanned takes about 10 s from the middle of the measured"
                + " period: give --duration 24 or more"), e.getMessage());
        assertEquals(FailoverKind.UNPLANNED, settings(24, "unplanned").kind());
        assertEquals(FailoverKind.PLANNED, settings(4, null).kind(), "planned: no length asked of the period");
    }
}
