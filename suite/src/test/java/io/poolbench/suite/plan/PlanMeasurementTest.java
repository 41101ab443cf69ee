package io.poolbench.suite.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.model.PoolSimulation;
import io.poolbench.testbed.model.Workload;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code plan --measure} without Docker: the Aurora run it asks for carries the user's traffic, traffic it cannot
 * serve is refused in one line, and the comparison puts predicted beside measured.
 */
class PlanMeasurementTest {
    private static final PlanMeasurement.Length LENGTH = new PlanMeasurement.Length(120, 20);

    @Test
    void theSeed004RunCarriesTheUsersRequestAsItsOnlyScreen() {
        Workload w = new Workload(40, 3, 12, 12, 2, true);
        List<String> a = PlanMeasurement.auroraArgs(Path.of("my.xml"), w, LENGTH, Path.of("out"), Path.of("."));
        String line = String.join(" ", a);
        assertTrue(line.contains("--share 1 --users 80 --rate-per-minute 2400 --mix 100,0 --short-queries 3"
                + " --short-query-ms 12 --borrow per-query --rtt-ms 2 --jitter-ms 0"), line);
        assertTrue(line.contains("--duration 120 --warmup 20 --rampup 10 --rounds 1 --max-error-percent 100"), line);
        assertEquals(Path.of("my.xml").toAbsolutePath().toString(), a.get(a.indexOf("--profiles") + 1));
    }

    @Test
    void threadsCoverTwoSecondsOfWaitingAtTheRate() {
        // Little's law: 400 requests/s that may take up to 2 s are at most 800 in flight
        assertEquals(800, PlanMeasurement.threads(400));
        assertEquals(25, PlanMeasurement.threads(12.5));
        assertEquals(4, PlanMeasurement.threads(0.1));
    }

    @Test
    void aSpreadOfServerTimesOrAFractionalRoundTripIsRefusedInOneLine() {
        TestbedException spread = assertThrows(TestbedException.class,
                () -> PlanMeasurement.check(new Workload(10, 5, 3, 40, 1, false), "--measure"));
        assertTrue(spread.getMessage().startsWith("--measure serves every query with one server time"),
                spread.getMessage());
        TestbedException rtt = assertThrows(TestbedException.class,
                () -> PlanMeasurement.check(new Workload(10, 5, 8, 8, 1.5, false), "--measure-knee"));
        assertEquals("--measure-knee adds the round trip through Toxiproxy in whole ms: give --rtt-ms 2 instead of 1.5",
                rtt.getMessage());
        assertThrows(TestbedException.class, () -> new PlanMeasurement.Length(5, 20));
    }

    @Test
    void theComparisonGivesPredictedMeasuredAndTheirRatio() {
        PoolSimulation.Result p = new PoolSimulation.Result(1_500, 0, 0.3, 0.1, 1, 0, 2, 10, 45, 50, 60, 90);
        MeasuredShortScreen m = new MeasuredShortScreen("r", 1_480, 2, 49, 55, 90, 180, 4, 12, 12.5, 12.3, 120);
        List<PlanMeasurement.Row> rows = PlanMeasurement.rows(p, m);
        assertEquals(new PlanMeasurement.Row("response p99, ms", 60, 90, 1.5), rows.get(2));
        assertEquals(new PlanMeasurement.Row("borrow wait max, ms", 10, 12, 1.2), rows.get(5));
        assertEquals(new PlanMeasurement.Row("failed requests", 0, 2, null), rows.get(6), "nothing predicted: no ratio");
        String md = PlanMeasurement.comparison(p, m, new Workload(12.5, 5, 8, 8, 1, false));
        assertTrue(md.contains("1,480 requests after the warm-up; 12.30 of 12.50 requests/s achieved"), md);
        assertTrue(md.contains("| response p99, ms | 60 | 90 | 1.50 |\n| response max, ms |"), "the rows' shape: " + md);
        assertTrue(md.contains("| failed requests | 0 | 2 | – |"), md);
    }
}
