package io.poolbench.suite.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The connect scenario's Java run figures and the report's ratio, on fixed numbers. */
class ConnectReportTest {
    @Test
    void aJavaRunTakesItsConnectTimeOffAsPgbenchDoes() {
        ConnectPerTransaction.JavaRun run = new ConnectPerTransaction.JavaRun(900, 100, 2.0, 5.0, null);
        assertEquals(450.0, run.tpsIncluding(), 1e-9);
        assertEquals(5.0, run.avgConnectMs(), 1e-9, "5 s over 1,000 getConnection calls");
        assertEquals(900 / (2.0 - 5.0 / 10), run.tpsExcluding(10), 1e-9);
    }

    @Test
    void theRatioIsPooledOverUnpooledAndMissingFiguresGiveNoRatio() {
        assertEquals(4.03, ConnectReport.ratio(290.995381, 72.140168), 0.005, "the article's medians");
        assertTrue(Double.isNaN(ConnectReport.ratio(300, Double.NaN)));
        assertTrue(Double.isNaN(ConnectReport.ratio(300, 0)));
    }
}
