package io.poolbench.suite.sharedconnection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.stats.Finding;
import io.poolbench.testbed.stats.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The shared-connection scenario's comparisons over rounds: trials paired round by round, against the run's first pool. */
class SharedConnectionRoundsTest {
    private static SharedConnectionData.Trials trials(String variant, String load, int threads, Double... ms) {
        return new SharedConnectionData.Trials(variant, variant + " label", load, 1.0,
                Map.of(Integer.toString(threads), new SharedConnectionData.Trial(List.of(ms), 0, null, null)));
    }

    @Test
    void pairsTheTrialsOfEachRoundAgainstTheFirstPool() {
        Map<String, SharedConnectionData.Trials> t = Map.of(
                "none/pgbouncer", trials("pgbouncer", "none", 500, 300.0, 260.0, 290.0),
                "none/hikari", trials("hikari", "none", 500, 130.0, 120.0, 131.0),
                "none/dbcp2", trials("dbcp2", "none", 500, 1.0, 1.0, 1.0),
                "none/shared", trials("shared", "none", 500, 131.0, 119.0, 140.0),
                "cross-join/shared", trials("shared", "cross-join", 10, 40.0),
                "cross-join/hikari", trials("hikari", "cross-join", 10, 20.0));
        List<Finding> f = SharedConnectionRounds.findings(t, List.of("hikari", "dbcp2"), 500, 10);
        assertEquals(3, f.size(), f.toString());
        Finding bouncer = f.get(0);
        assertEquals("pgbouncer label", bouncer.a());
        assertEquals("hikari label", bouncer.b());
        assertEquals(3, bouncer.ratio().n());
        assertEquals(Math.cbrt(300.0 / 130 * 260.0 / 120 * 290.0 / 131), bouncer.ratio().ratio(), 1e-9);
        assertEquals(Verdict.AHEAD, bouncer.verdict());
        assertEquals("hikari label", bouncer.leader(), "lower trial time leads");
        assertTrue(bouncer.text().contains("3 rounds"), bouncer.text());
        assertEquals(Verdict.NO_DIFFERENCE, f.get(1).verdict(), f.get(1).text());
        // one round under the load: a ratio, never a verdict
        assertEquals(Verdict.ONE_ROUND, f.get(2).verdict());
        assertTrue(f.get(2).measure().contains("under the CROSS JOIN load"));
    }

    @Test
    void theArticlesClockGivesItsOwnFindingWhereBothSidesMeasuredIt() {
        Map<String, SharedConnectionData.Trials> t = Map.of(
                "none/pgbouncer", new SharedConnectionData.Trials("pgbouncer", "PgBouncer", "none", 1.0, Map.of("500",
                        new SharedConnectionData.Trial(List.of(300.0, 260.0, 290.0), 0, null, List.of(900.0, 880.0, 950.0)))),
                "none/hikari", new SharedConnectionData.Trials("hikari", "HikariCP", "none", 1.0, Map.of("500",
                        new SharedConnectionData.Trial(List.of(130.0, 120.0, 131.0), 0, null, List.of(400.0, 390.0, 420.0)))));
        List<Finding> f = SharedConnectionRounds.findings(t, List.of("hikari"), 500, 10);
        assertEquals(2, f.size(), f.toString());
        assertTrue(f.get(1).measure().startsWith("trial ms with connecting (the article's clock)"), f.get(1).measure());
        assertEquals(Math.cbrt(900.0 / 400 * 880.0 / 390 * 950.0 / 420), f.get(1).ratio().ratio(), 1e-9);
    }

    @Test
    void nothingWithoutAPoolOrWithoutBothSides() {
        Map<String, SharedConnectionData.Trials> t = Map.of("none/pgbouncer", trials("pgbouncer", "none", 10, 3.0));
        assertTrue(SharedConnectionRounds.findings(t, List.of(), 10, 10).isEmpty());
        assertTrue(SharedConnectionRounds.findings(t, List.of("hikari"), 10, 10).isEmpty());
    }
}
