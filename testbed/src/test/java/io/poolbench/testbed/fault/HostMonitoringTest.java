package io.poolbench.testbed.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The AWS wrapper's host monitoring (efm2) on hand-worked cases: HostMonitorV2Impl of wrapper 4.0.1. Times in s from
 * the host going silent.
 */
class HostMonitoringTest {
    @Test
    void aLoneCallAtTheDefaultsWaitsForAPingAndAConnectionAttempt() {
        // 30000/5000/3, connectTimeout 10 s: due at 30 + 1 s, the first check 0.1 s later. Open: ping ⌊4.9⌋ / 2 = 2 s
        // fails, 3 s asleep, a connection of 10 s fails 15 s after the first check began ≥ 5 × 2: 31.1 + 15 = 46.1.
        // Connect first: 10 s ≥ 10: 41.1. The longer
        HostMonitoring m = new HostMonitoring(30_000, 5_000, 3, 10_000, "connectTimeout 10 s");
        assertEquals(2_000, m.pingMs());
        assertEquals(46_100, m.abortMs());
    }

    @Test
    void aLoneCallAtAggressiveSettingsWaitsForTheMonitorsOwnConnectionAttempt() {
        // 6000/1000/1, connectTimeout 10 s: one failed check is enough; open, a 1-s ping (8.1 s); without a
        // connection, a connection attempt of 10 s: 6 + 1 + 0.1 + 10 = 17.1 s
        HostMonitoring m = new HostMonitoring(6_000, 1_000, 1, 10_000, "connectTimeout 10 s");
        assertEquals(17_100, m.abortMs());
    }

    @Test
    void underLoadTheMonitorChecksFromTheStartAndACallEndsWithTheCheckUnderWay() {
        // checks from 1.1 s, connection open: ping 1.1–2.1 (down: count 1), 0.1 s asleep, a connection attempt
        // 2.2–12.2; a call begun at the drop is due at 7 s and aborted at 12.2 s (measured at the TCP level: 12.9 s)
        HostMonitoring aggressive = new HostMonitoring(6_000, 1_000, 1, 10_000, "connectTimeout 10 s");
        assertEquals(12_200, aggressive.abortUnderLoadMs(500));
        // ping 1.1–3.1, 3 s asleep, attempts 6.1–16.1 (down), 16.2–26.2, 26.3–36.3; due at 31 s: 36.3 s (measured
        // 36.9 s)
        HostMonitoring defaults = new HostMonitoring(30_000, 5_000, 3, 10_000, "connectTimeout 10 s");
        assertEquals(36_300, defaults.abortUnderLoadMs(500));
    }

    @Test
    void underLoadACallBegunJustAfterACheckEndedWaitsTheWholeNextCheck() {
        // lent over 8 s: a call begun at 5.3 s is due at 12.3 s, just after the attempt ending at 12.2 s: the next
        // attempt, 12.3–22.3, ends it after 17 s
        HostMonitoring aggressive = new HostMonitoring(6_000, 1_000, 1, 10_000, "connectTimeout 10 s");
        assertEquals(17_000, aggressive.abortUnderLoadMs(8_000));
    }
}
