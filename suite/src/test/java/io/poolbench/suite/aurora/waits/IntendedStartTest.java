package io.poolbench.suite.aurora.waits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.process.JtlSample;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Latency from the intended start: a request that waited for a free thread shows that wait, JMeter's own does not. */
class IntendedStartTest {
    private static JtlSample sample(long intended, long start, long elapsed, String screen) {
        return new JtlSample(start, elapsed, screen, "200", true, "http://h/screen?screen=" + screen, intended);
    }

    @Test
    void aLateStartIsPutBack() {
        List<JtlSample> s = new ArrayList<>();
        for (int i = 0; i < 98; i++) {
            s.add(sample(1_000 + i * 10, 1_000 + i * 10, 50, "short")); // on time
        }
        // every thread busy: meant to start at 2,000 and 2,010, sent at 2,900, answered in 60 ms
        s.add(sample(2_000, 2_900, 60, "short"));
        s.add(sample(2_010, 2_900, 60, "short"));
        // intended before the measured period: left out although it started inside it
        s.add(sample(900, 1_500, 5_000, "short"));
        s.add(sample(1_200, 1_200, 300, "long"));
        List<IntendedStart.ScreenLatency> out = IntendedStart.of(s, 1_000, 3_000);
        assertEquals(2, out.size(), out.toString());
        IntendedStart.ScreenLatency shortScreen = out.get(0);
        assertEquals("short", shortScreen.screen());
        assertEquals(100, shortScreen.samples());
        assertEquals(2, shortScreen.late());
        assertEquals(900, shortScreen.maxLateMs());
        assertEquals(60, shortScreen.jmeterMaxMs(), 1e-9);
        assertEquals(960, shortScreen.maxMs(), 1e-9);
        assertEquals(950, shortScreen.p99Ms(), 1e-9); // nearest rank 99 of 100: the smaller of the two late ones
        assertEquals(60, shortScreen.jmeterP99Ms(), 1e-9);
        assertEquals("long", out.get(1).screen());
        assertEquals(0, out.get(1).late());
    }

    @Test
    void samplesWithoutAnIntendedStartGiveNoRow() {
        assertTrue(IntendedStart.of(List.of(sample(-1, 1_500, 40, "short")), 1_000, 3_000).isEmpty());
    }
}
