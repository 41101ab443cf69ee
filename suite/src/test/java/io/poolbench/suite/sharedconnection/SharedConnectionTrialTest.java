package io.poolbench.suite.sharedconnection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.Figures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The shared-connection scenario's arithmetic and parsing: trial statistics, the article's ratios, smaps_rollup, the load's counter. */
class SharedConnectionTrialTest {
    @Test
    void meanAndNearestRankPercentileOfTrials() {
        List<Double> ms = List.of(10.0, 20.0, 30.0, 40.0);
        assertEquals(25.0, Figures.mean(ms), 1e-9);
        assertEquals(40.0, SharedConnectionRows.percentile(ms, 0.99), 1e-9, "p99 of 4 trials is the slowest");
        assertEquals(20.0, SharedConnectionRows.percentile(ms, 0.5), 1e-9);
        assertTrue(Double.isNaN(Figures.mean(List.of())));
    }

    @Test
    void aVariantsRowHasPerThreadCountItsMeanP99AndTrialsAndTheFailedQueriesSummed() {
        SharedConnectionData.Trials r = new SharedConnectionData.Trials("pool", "pool (hikari)", "none", 12.5, Map.of(
                "10", new SharedConnectionData.Trial(List.of(10.0, 20.0, 30.0, 40.0), 1, "x", List.of(50.0, 70.0)),
                "50", new SharedConnectionData.Trial(List.of(), 3, "y", null)));
        SharedConnectionRows.VariantRow row = SharedConnectionRows.row(r, List.of(10, 50, 100));
        assertEquals(Map.of(10, new SharedConnectionRows.CountCell(25.0, 40.0, 60.0, 4)), row.cells(),
                "50 threads measured no trial and 100 did not run: neither has a cell");
        assertEquals(4, row.errors(), "failed queries over every count, also where no trial was measured");
    }

    @Test
    void ratioAboveAveragesOnlyTheCountsPastTheThreshold() {
        Map<Integer, Double> bouncer = Map.of(10, 5.0, 200, 30.0, 500, 80.0);
        Map<Integer, Double> pool = Map.of(10, 10.0, 200, 10.0, 500, 20.0);
        assertEquals((3.0 + 4.0) / 2, SharedConnectionClaims.ratioAbove(bouncer, pool, 100), 1e-9);
        assertTrue(Double.isNaN(SharedConnectionClaims.ratioAbove(bouncer, null, 100)));
        assertTrue(Double.isNaN(SharedConnectionClaims.ratioAbove(bouncer, pool, 1_000)), "no count above 1,000");
    }

    @Test
    void smapsRollupGivesRssPssAndPrivate() {
        String text = """
                55d0c0a00000-7ffc3b7fe000 ---p 00000000 00:00 0                          [rollup]
                Rss:               12548 kB
                Pss:                3170 kB
                Pss_Anon:            672 kB
                Shared_Clean:       9500 kB
                Shared_Dirty:       1200 kB
                Private_Clean:       256 kB
                Private_Dirty:      1592 kB
                """;
        ConnectionMemory.Backend b = ConnectionMemory.parseSmapsRollup(text);
        assertEquals(12548, b.rssKb());
        assertEquals(3170, b.pssKb());
        assertEquals(256 + 1592, b.privateKb());
        assertThrows(IllegalArgumentException.class, () -> ConnectionMemory.parseSmapsRollup("nothing"));
    }

    @Test
    void theLoadCounterKeepsTheLastTotals() {
        BackgroundLoadProcess.LoadCounter c = new BackgroundLoadProcess.LoadCounter();
        c.accept("started 150 threads");
        assertEquals(0, c.queries());
        c.accept("queries 12 errors 0");
        c.accept("queries 40 errors 2");
        c.accept("WARN something else entirely");
        assertEquals(40, c.queries());
        assertEquals(2, c.errors());
    }
}
