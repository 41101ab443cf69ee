package io.poolbench.testbed.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class DifferenceFindingTest {
    private static DifferenceFinding of(List<Double> a, List<Double> b) {
        return DifferenceFinding.paired("failed requests", "HikariCP", "DBCP2", false, a, b).orElseThrow();
    }

    @Test
    void moreFailuresInEveryRoundIsAheadForTheOther() {
        DifferenceFinding f = of(List.of(5.0, 9.0, 7.0), List.of(1.0, 0.0, 1.0));
        assertEquals(3, f.n());
        assertEquals(19.0 / 3, f.mean(), 1e-9);
        // t(0.975, 2) = 4.303; differences 4, 9, 6: s = 2.517
        assertEquals(19.0 / 3 - 4.303 * 2.517 / Math.sqrt(3), f.low(), 0.01);
        assertEquals(Verdict.AHEAD, f.verdict());
        assertEquals("DBCP2", f.leader());
        assertTrue(f.text().startsWith("DBCP2 ahead of HikariCP in failed requests: HikariCP had more by 6.3"),
                f.text());
        assertTrue(f.claim().solid());
    }

    @Test
    void anIntervalThatIncludesZeroIsNoDifference() {
        DifferenceFinding f = of(List.of(1.0, 0.0, 2.0), List.of(0.0, 1.0, 1.0));
        assertEquals(Verdict.NO_DIFFERENCE, f.verdict());
        assertTrue(f.low() < 0 && f.high() > 0);
        assertTrue(f.text().contains("not shown to differ") && f.text().endsWith(", 3 rounds)"), f.text());
    }

    @Test
    void oneRoundHasNoVerdictAndAFailedRoundDropsOut() {
        DifferenceFinding one = of(List.of(9.0), List.of(0.0));
        assertEquals(Verdict.ONE_ROUND, one.verdict());
        assertTrue(Double.isNaN(one.low()));
        DifferenceFinding dropped = of(Arrays.asList(5.0, null, 7.0), List.of(1.0, 0.0, 1.0));
        assertEquals(2, dropped.n());
    }

    @Test
    void equalCountsInEveryRoundShowNoDifference() {
        DifferenceFinding f = of(List.of(0.0, 0.0, 0.0), List.of(0.0, 0.0, 0.0));
        assertEquals(Verdict.NO_DIFFERENCE, f.verdict());
        assertTrue(DifferenceFinding.paired("x", "a", "b", false, List.of(), List.of()).isEmpty());
    }
}
