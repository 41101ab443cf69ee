package io.poolbench.suite.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.testbed.stats.Claim;
import io.poolbench.testbed.stats.Finding;
import io.poolbench.testbed.stats.RatioInterval;
import io.poolbench.testbed.stats.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The concurrency scenario's findings from its summary: R2DBC ÷ JDBC at the most users, the index's effect at 100 and 300. */
class ConcurrencyReportTest {
    @TempDir
    Path dir;

    @Test
    void theFindingsTakeTheMostUsersAndTheIndexAtOneAndThreeHundred() throws Exception {
        ConcurrencyData.Summary s = new ConcurrencyData.Summary(Map.of("with", new ConcurrencyData.IndexChecks(
                Map.of("hikari", 0.83), List.of(new ConcurrencyData.Ratio("r2dbc", "hikari", 10, 0.42),
                        new ConcurrencyData.Ratio("r2dbc", "hikari", 300, 0.65),
                        new ConcurrencyData.Ratio("r2dbc-async", "hikari", 300, 0.77)))),
                List.of(new ConcurrencyData.IndexEffect("hikari", 10, 27.1), new ConcurrencyData.IndexEffect("hikari", 300,
                        44.5)), null, null);
        Files.createDirectories(dir.resolve("concurrency"));
        new ObjectMapper().writeValue(dir.resolve("concurrency/summary.json").toFile(), s);
        List<String> f = ConcurrencyReport.findings(dir).stream().map(Claim::markdown).toList();
        assertEquals(2, f.size(), f.toString());
        assertTrue(ConcurrencyReport.findings(dir).stream().noneMatch(Claim::solid), "one run: nothing solid");
        assertTrue(f.get(0).contains("at 300 users with the index: r2dbc ÷ hikari 0.65 ×, r2dbc-async ÷ hikari"
                + " 0.77 × (the article: 0.71 ×; one run: no interval, no verdict)"), f.get(0));
        assertTrue(f.get(1).contains("hikari at 300 users 45 ×") && !f.get(1).contains("at 10 users"), f.get(1));
    }

    @Test
    void overRoundsTheFindingIsTheIntervalAtTheMostUsersWithTheIndex() throws Exception {
        Finding at10 = new Finding("req/s at 10 users, with the index", "R2DBC", "HikariCP", true,
                RatioInterval.of(0.5, 0.52, 0.55));
        Finding at300 = new Finding("req/s at 300 users, with the index", "R2DBC", "HikariCP", true,
                RatioInterval.of(0.98, 0.69, 0.67));
        Finding index = new Finding("req/s at 300 users", "HikariCP with the index", "without it", true,
                RatioInterval.of(16.0, 14.0, 18.0));
        ConcurrencyData.Summary s = new ConcurrencyData.Summary(Map.of(), List.of(), List.of(at10, at300), List.of(index));
        Files.createDirectories(dir.resolve("concurrency"));
        new ObjectMapper().writeValue(dir.resolve("concurrency/summary.json").toFile(), s);
        assertEquals(List.of(at300), ConcurrencyReport.busiest(List.of(at10, at300)), "the most users, with the index");
        assertEquals(Verdict.NO_DIFFERENCE, at300.verdict());
        assertEquals(Verdict.AHEAD, index.verdict());
        List<Claim> f = ConcurrencyReport.findings(dir);
        assertEquals(2, f.size(), f.toString());
        assertTrue(f.get(0).markdown().contains(at300.text()) && f.get(0).markdown().contains("(the article, R2DBC"
                + " ÷ JDBC: 0.71 ×)"), "the finding beside the article's ratio at 300 users: " + f.get(0).markdown());
        assertFalse(f.get(0).solid(), "an interval that includes 1 is not solid");
        assertTrue(f.get(1).solid() && f.get(1).markdown().contains(index.text()), f.get(1).markdown());
    }

    @Test
    void noSummaryNoFinding() {
        assertEquals(List.of(), ConcurrencyReport.findings(dir));
    }
}
