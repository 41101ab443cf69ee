package io.poolbench.jmeter.elements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The schedule's shape: ordered arrivals, exponential gaps of the asked mean, a rate above 0. */
class ArrivalScheduleTest {
    @Test
    void arrivalsComeInOrderAtTheAskedRate() {
        // 400 per second: 0.4 per ms, a mean gap of 2.5 ms; over 100,000 gaps the mean is within 1 % (its standard
        // error is 2.5 / sqrt(100,000) = 0.008 ms, 0.3 %)
        ArrivalSchedule s = new ArrivalSchedule(1, 0.4, 1_000_000, 7);
        long previous = 1_000_000;
        for (int i = 0; i < 100_000; i++) {
            long t = s.next();
            assertTrue(t >= previous, "arrival " + i + " before the one ahead of it");
            previous = t;
        }
        assertEquals(2.5, (previous - 1_000_000) / 100_000d, 0.025);
    }

    @Test
    void aRateOfZeroIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ArrivalSchedule(1, 0, 0, 1));
        assertTrue(e.getMessage().contains("ratePerMinute must be above 0"), e.getMessage());
    }
}
