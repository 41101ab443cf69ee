package io.poolbench.suite.aurora.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.aurora.AuroraSettings;
import io.poolbench.suite.aurora.AuroraSettingsFixture;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.fault.FaultKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --failover[=KIND]}: the kinds by name, one line for anything else, and room for the steps. */
class InjectedFailoverTest {
    private static AuroraSettings settings(int durationSeconds, String kind) {
        return AuroraSettingsFixture.settings(List.of(), 1, 10, durationSeconds, true, kind, List.of());
    }

    @Test
    void kindsByName() {
        assertEquals(FaultKind.PLANNED_FAILOVER, InjectedFailover.parse(null), "--failover without a kind");
        assertEquals(FaultKind.UNPLANNED_FAILOVER, InjectedFailover.parse("Unplanned"));
        assertEquals(FaultKind.STALE_ENDPOINT, InjectedFailover.parse("stale"));
        TestbedException e = assertThrows(TestbedException.class, () -> InjectedFailover.parse("sudden"));
        assertEquals("--failover sudden is not one of its faults: give planned, unplanned or stale",
                e.getMessage());
        assertEquals("failover with a stale endpoint", InjectedFailover.noun(FaultKind.STALE_ENDPOINT));
    }

    @Test
    void theStepsMustEndWithinTheMeasuredPeriod() {
        // the unplanned failover's old writer reboots 10 s after the injection, in the middle of the period
        TestbedException e = assertThrows(TestbedException.class, () -> settings(14, "unplanned"));
        assertTrue(e.getMessage().startsWith("--failover unplanned takes about 10 s from the middle of the measured"
                + " period: give --duration 24 or more"), e.getMessage());
        assertEquals(FaultKind.UNPLANNED_FAILOVER, settings(24, "unplanned").network().kind());
        assertEquals(FaultKind.PLANNED_FAILOVER, settings(4, null).network().kind(), "planned: no length asked of the period");
    }
}
