package io.poolbench.suite.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.model.Workload;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code plan --measure-knee} without Docker: the knee search it asks for carries the user's request with load × 1 at
 * the predicted knee, and the comparison sets the measured knee beside the predicted one.
 */
class PlanKneeMeasurementTest {
    @Test
    void theSearchCarriesTheUsersRequestWithLoadOneAtThePredictedKnee() {
        Workload w = new Workload(40, 5, 12, 12, 10, false);
        List<String> a = PlanKneeMeasurement.args(Path.of("my.xml"), w, 80, Path.of("out"), Path.of("."));
        String line = String.join(" ", a);
        // × 1 = 80 requests/s on one webapp: a quarter of 19,200 a minute
        assertTrue(line.startsWith("--find-knee --profiles "), line);
        assertTrue(line.contains("--users 640 --rate-per-minute 19200 --mix 100,0 --short-queries 5"
                + " --short-query-ms 12 --map-borrows per-request --map-rtts 10 --jitter-ms 0 --light-load 0.1"
                + " --max-load 2"), line);
        assertEquals(80, 19_200 * 0.25 / 60, 1e-9);
        // 2 s of waiting at every load: × 2 (160 requests/s) gets 640 × 0.5 = 320 threads
        assertEquals(320, 640 * 0.25 * 2, 1e-9);
        assertTrue(line.contains("--duration 20 --warmup 10 --rampup 3 --rounds 1 --max-error-percent 100"), line);
    }

    @Test
    void theMeasuredKneeStandsBesideThePredictedOne() {
        String found = PlanKneeMeasurement.comparison(new MeasuredKnee("found", 79.0, 72.5, 79.0, 85.5, 80.5, 1.25,
                4), 82.6);
        assertEquals("measured knee: 79.0 requests/s (95 % interval within the search 72.5 .. 79.0, 4 cells, one"
                + " search: a lead); plan's knee 82.6 requests/s, +5 % of the measured\n"
                + "the search's model (over its 20-s cells, with the stand-in's own round trip of 1.25 ms per query"
                + " measured at the light load): 80.5 requests/s\n", found);
        String none = PlanKneeMeasurement.comparison(new MeasuredKnee("no-knee", null, Double.NaN, Double.NaN, 160,
                null, null, 3), 80);
        assertEquals("measured knee: none up to 160 requests/s (the highest load measured, 3 cells); plan's knee"
                + " 80.0 requests/s\n", none);
    }
}
