package io.poolbench.suite.aurora.waits;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.poolbench.suite.process.JtlSample;
import io.poolbench.testbed.load.ScreenLog;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Time outside the servlet: JMeter's samples matched with the webapp's record by user, screen and start. */
class OutsideServletTest {
    private static ScreenLog.Entry servlet(long start, String screen, long user, long elapsedUs) {
        return new ScreenLog.Entry(start, screen, user, 200, "", 1, 10, 10, elapsedUs, "");
    }

    private static JtlSample sample(long start, long elapsed, String screen, long user, boolean answered) {
        return new JtlSample(start, elapsed, screen, answered ? "200" : "Non HTTP response code: x", answered,
                "http://h/screen?screen=" + screen + "&user=" + user, -1);
    }

    @Test
    void eachSampleMeetsItsOwnRecordAndTheRestIsCounted() {
        List<JtlSample> samples = List.of(
                // user 1: 100 ms in JMeter, 60 ms in the servlet that began 30 ms later (Tomcat's queue)
                sample(1_000, 100, "short", 1, true),
                sample(1_200, 50, "short", 1, true),
                // no HTTP answer: no record, left out
                sample(1_300, 5, "short", 1, false),
                // user 2: a sample whose record is missing, then one that matches
                sample(1_000, 40, "long", 2, true),
                sample(1_100, 40, "long", 2, true),
                // before the measured period: matched, not counted
                sample(500, 10, "short", 3, true));
        List<ScreenLog.Entry> log = List.of(servlet(1_030, "short", 1, 60_000), servlet(1_200, "short", 1, 50_400),
                servlet(1_100, "long", 2, 38_000), servlet(500, "short", 3, 9_000), servlet(5_000, "short", 3, 1_000));
        List<OutsideServlet.ScreenOutside> out = OutsideServlet.of(samples, log, 900, 2_000);
        assertEquals(2, out.size(), out.toString());
        OutsideServlet.ScreenOutside shortScreen = out.get(0);
        assertEquals("short", shortScreen.screen());
        assertEquals(2, shortScreen.matched());
        assertEquals(0, shortScreen.unmatchedSamples());
        // 40 ms and -0.4 ms (counted as 0): the median by nearest rank of {0, 40} is 0
        assertEquals(0.0, shortScreen.p50Ms(), 1e-9);
        assertEquals(40.0, shortScreen.maxMs(), 1e-9);
        OutsideServlet.ScreenOutside longScreen = out.get(1);
        assertEquals(1, longScreen.matched());
        assertEquals(1, longScreen.unmatchedSamples());
        assertEquals(2.0, longScreen.maxMs(), 1e-9);
    }

    @Test
    void theUserComesFromTheSamplesUrl() {
        assertEquals(20001, OutsideServlet.user("http://127.0.0.1:1/screen?screen=short&user=20001"));
        assertEquals(7, OutsideServlet.user("http://h/screen?user=7&screen=long"));
        assertEquals(-1, OutsideServlet.user("http://h/short"));
    }
}
