package io.poolbench.toxiproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.poolbench.toxiproxy.ConnectionCounts.Sample;
import io.poolbench.toxiproxy.ConnectionCounts.Storm;
import io.poolbench.toxiproxy.DrillCluster.Instance;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConnectionCountsTest {
    private static Sample b(long ms, long n) {
        return new Sample(ms, Instance.B, n);
    }

    @Test
    void theRiseOfTheCounterFromTheLastSampleBeforeThePeriodAndTheBusiestSecond() {
        List<Sample> s = List.of(b(9_750, 100), new Sample(9_800, Instance.A, 5_000), b(10_000, 100), b(10_250, 110),
                b(10_500, 130), b(10_750, 131), b(11_250, 135), b(12_250, 135), b(13_000, 999));
        // from 10 s to 12.5 s: 35 opened; 31 of them in the first second
        assertEquals(new Storm(35, 31), ConnectionCounts.storm(s, Instance.B, 10_000, 12_500));
    }

    @Test
    void aRebootStartsTheCounterAgain() {
        List<Sample> s = List.of(new Sample(0, Instance.A, 500), new Sample(1_000, Instance.A, 520),
                new Sample(2_000, Instance.A, 3), new Sample(3_000, Instance.A, 7));
        assertEquals(new Storm(27, 20), ConnectionCounts.storm(s, Instance.A, 0, 3_000));
    }

    @Test
    void fewerThanTwoSamplesGiveNothing() {
        assertNull(ConnectionCounts.storm(List.of(b(10_000, 1)), Instance.B, 10_000, 20_000));
        assertNull(ConnectionCounts.storm(List.of(b(10_000, 1), b(11_000, 2)), Instance.A, 10_000, 20_000));
    }
}
