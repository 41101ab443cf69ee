package io.poolbench.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.stats.Claim;
import io.poolbench.testbed.stats.Comparison;
import io.poolbench.testbed.stats.DifferenceFinding;
import io.poolbench.testbed.stats.Finding;
import io.poolbench.testbed.stats.RatioInterval;
import io.poolbench.testbed.stats.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The verdict table on top of the suite's page: one numbered row per comparison a finding states, and its plots. */
class VerdictTableTest {
    private static final Finding AHEAD = new Finding("req/s", "hikari", "dbcp2", true, RatioInterval.of(1.2, 1.3,
            1.25));
    private static final Finding NONE = new Finding("p99 ms", "hikari", "dbcp2", false, RatioInterval.of(0.9, 1.1,
            1.0));
    private static final DifferenceFinding MORE = DifferenceFinding.paired("failed requests", "hikari", "dbcp2", false,
            List.of(17.0, 16.0, 18.0), List.of(5.0, 6.0, 5.0)).orElseThrow();

    @Test
    void everyComparisonOfEveryClaimIsOneNumberedRowInTheClaimsOrder(@TempDir Path dir) throws IOException {
        List<Claim> claims = List.of(Claim.of("**A web load** (3 rounds): ...", List.of(AHEAD, NONE)),
                MORE.claim(), new Claim("a figure from one run", false));
        List<VerdictTable.Row> rows = VerdictTable.rows(claims);
        assertEquals(3, rows.size());
        assertEquals(List.of(1, 2, 3), rows.stream().map(VerdictTable.Row::number).toList());
        assertEquals("A web load", rows.get(0).question());
        assertEquals(Verdict.AHEAD, rows.get(0).c().verdict());
        assertEquals(Verdict.NO_DIFFERENCE, rows.get(1).c().verdict());
        Comparison d = rows.get(2).c();
        assertFalse(d.ratio());
        assertEquals(35.0 / 3, d.estimate(), 1e-9);
        assertEquals("dbcp2 ahead of hikari", d.answer());

        String md = VerdictTable.markdown(claims, dir);
        assertTrue(md.contains("| 1 | A web load | req/s | hikari ahead of dbcp2 |"), md);
        assertTrue(md.contains("(" + VerdictTable.RATIOS_PNG + ")"), md);
        assertTrue(md.contains("(" + VerdictTable.DIFFERENCES_PNG + ")"), md);
        assertTrue(Files.size(dir.resolve(VerdictTable.RATIOS_PNG)) > 0);
        assertTrue(Files.size(dir.resolve(VerdictTable.DIFFERENCES_PNG)) > 0);
    }

    @Test
    void holmAdjustsTheFamilyAndTheAaRowIsItsFloor(@TempDir Path dir) throws IOException {
        // two "ahead" on their own: req/s with p ≈ 0.002 and p99 with p ≈ 0.03; Holm over the two: 0.004 and 0.03
        Finding weaker = new Finding("p99 ms", "hikari", "dbcp2", false, RatioInterval.of(0.80, 0.90, 0.85));
        // hikari against its A/A twin in req/s: 0.9–1.3 holds 1.25, so req/s is no verdict beyond the floor
        Finding aa = new Finding("req/s", "hikari", "hikari-aa", true, RatioInterval.of(1.0, 1.1, 1.2));
        List<Claim> claims = List.of(Claim.of("**A web load** (3 rounds)", List.of(AHEAD, weaker)),
                Claim.noiseFloor("**The tool's own noise (A/A)**", List.of(aa)));
        List<VerdictTable.Row> rows = VerdictTable.rows(claims);
        assertTrue(rows.get(1).holmP() >= rows.get(1).p(), "adjusted at least the raw p");
        assertEquals(Double.NaN, rows.get(2).holmP(), "the A/A row is no member of the family");
        assertTrue(rows.get(2).c().noiseFloor());
        assertEquals(rows.get(2).c(), rows.get(0).floor(), "req/s lies inside the A/A interval");
        assertEquals(Verdict.NO_DIFFERENCE, rows.get(0).verdict(), "inside the floor: no verdict");
        assertEquals(null, rows.get(1).floor(), "no A/A row for p99");
        String md = VerdictTable.markdown(claims, dir);
        assertTrue(md.contains("not shown to differ beyond the A/A noise floor"), md);
        assertTrue(md.contains("A/A floor"), md);
        assertTrue(Files.readString(dir.resolve(VerdictTable.JSON)).contains("\"holmP\""));
    }

    @Test
    void withoutComparisonsThereIsNoTableAndNoPlot(@TempDir Path dir) throws IOException {
        String md = VerdictTable.markdown(List.of(new Claim("one run", false)), dir);
        assertFalse(md.contains("|"));
        assertFalse(Files.exists(dir.resolve(VerdictTable.RATIOS_PNG)));
    }
}
