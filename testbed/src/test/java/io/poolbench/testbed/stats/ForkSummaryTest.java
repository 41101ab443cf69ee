package io.poolbench.testbed.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A JMH figure over its forks: a t interval with n = forks, and fork means that split into levels named. */
class ForkSummaryTest {
    @Test
    void forkMeansGiveAStudentsTIntervalWithNForks() {
        // 100, 110, 120: mean 110, s = 10, t(0.975, 2) = 4.303: 110 ± 24.8
        ForkSummary f = ForkSummary.of(List.of(100.0, 110.0, 120.0));
        assertEquals(110, f.mean(), 1e-9);
        assertEquals(85.2, f.low(), 0.1);
        assertEquals(134.8, f.high(), 0.1);
        assertEquals("110 (85–135; n = 3 forks)", f.text());
        assertTrue(f.levels().isEmpty());
    }

    @Test
    void forkMeansAtTwoLevelsAreListedNotAveraged() {
        // the case a reader found: JMH's "13,903 ± 849, n = 100" over forks that ran at about 10,300 or 16,100
        ForkSummary f = ForkSummary.of(List.of(10_242.0, 16_050.0, 10_480.0, 16_168.0, 10_580.0, 15_990.0,
                16_100.0, 10_300.0, 16_020.0, 16_090.0));
        assertEquals(List.of("10,242–10,580 (4 forks)", "15,990–16,168 (6 forks)"), f.levels());
        assertEquals("in two levels: 10,242–10,580 (4 forks) and 15,990–16,168 (6 forks)", f.text());
        assertEquals("16,168 (one fork, no interval)", ForkSummary.of(List.of(16_168.0)).text());
    }
}
