package io.poolbench.testbed.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The AWS wrapper's host monitoring (efm2) on hand-worked cases: HostMonitorV2Impl of wrapper 4.0.1. */
class HostMonitoringTest {
    @Test
    void theDefaultsWithAConnectTimeoutAbortAfterAboutFortyFiveSeconds() {
        // 30000/5000/3, connectTimeout 10 s. Open: ping ⌊4.9⌋ / 2 = 2 s fails (2 < 10), 3 s asleep, a connection of
        // 10 s fails at 15 s ≥ 5 × 2: 15 s. Connect first: 10 s ≥ 10: 10 s. The longer: 30 + 0.1 + 15 s
        HostMonitoring m = new HostMonitoring(30_000, 5_000, 3, 10_000, "connectTimeout 10 s");
        assertEquals(2_000, m.pingMs());
        assertEquals(15_000, m.untilUnhealthyMs(true));
        assertEquals(10_000, m.untilUnhealthyMs(false));
        assertEquals(45_100, m.abortMs());
    }

    @Test
    void aggressiveSettingsWaitForTheMonitorsOwnConnectionAttempt() {
        // 6000/1000/1, connectTimeout 10 s: one failed check is enough; open, a 1-s ping; without a connection, a
        // connection attempt of 10 s: 6 + 0.1 + 10 = 16.1 s (measured through Toxiproxy at a 20-s stall: 16.1-16.2 s)
        HostMonitoring m = new HostMonitoring(6_000, 1_000, 1, 10_000, "connectTimeout 10 s");
        assertEquals(1_000, m.untilUnhealthyMs(true));
        assertEquals(10_000, m.untilUnhealthyMs(false));
        assertEquals(16_100, m.abortMs());
    }
}
