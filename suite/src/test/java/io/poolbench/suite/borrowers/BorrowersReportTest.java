package io.poolbench.suite.borrowers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.load.BorrowerResult;
import io.poolbench.testbed.run.PhaseEntry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The borrowers report on made-up probes: per variant the medians over the rounds, pinned events summed with their
 * frames, and the ratios taken within each round (virtual ÷ platform, a version ÷ the first).
 */
class BorrowersReportTest {
    private static BorrowerResult r(String threads, String version, double perMs, double cpuUs, long pinned) {
        return new BorrowerResult("hikari", version, "stub", threads, 2, 2000, 0, 10, (long) (perMs * 10_000), perMs,
                cpuUs * perMs * 10_000 / 1e6, cpuUs, 120.0, 900.0, 0, 1.5, pinned, pinned == 0 ? Map.of() : Map.of("a.B.c", pinned),
                pinned * 0.5, 100, 25, 0, "25");
    }

    @Test
    void mediansPinnedFramesAndRatiosWithinEachRound() {
        List<BorrowersReport.Probe> probes = new ArrayList<>();
        double[][] perMs = {{1000, 2000}, {1100, 2300}, {900, 1700}};
        for (int round = 1; round <= 3; round++) {
            probes.add(new BorrowersReport.Probe("hikari@7.0.2-virtual-hold0", round, r("virtual", "7.0.2",
                    perMs[round - 1][0], 2.0, 1)));
            probes.add(new BorrowersReport.Probe("hikari@7.1.0-virtual-hold0", round, r("virtual", "7.1.0",
                    perMs[round - 1][1], 1.0, 0)));
        }
        String md = BorrowersReport.markdown(probes, List.of());
        assertTrue(md.contains("| hikari@7.0.2-virtual-hold0 | 7.0.2 | stub | 1,000 | 2.00 | 120 (max 900) | 0 (most 0; 1.50 ms)"
                + " | 3 | 1.50 | a.B.c 3 | 25.0 % |"
                + " 0 | 3 |"), md);
        assertTrue(md.contains("| hikari@7.1.0-virtual-hold0 | 7.1.0 | stub | 2,000 | 1.00 | 120 (max 900) | 0 (most 0; 1.50 ms)"
                + " | 0 | 0.000 | – | 25.0 % | 0 |"
                + " 3 |"),
                md);
        // per round 2.0, 2.09, 1.89: the later version over the first, a verdict
        assertTrue(md.contains("**newer version ÷ older, borrows/ms: hikari@7.1.0-virtual-hold0 ÷"
                + " hikari@7.0.2-virtual-hold0 1.99"), md);
        assertTrue(md.contains("**newer version ÷ older, CPU µs a borrow: hikari@7.1.0-virtual-hold0 ÷"
                + " hikari@7.0.2-virtual-hold0 0.500"), md);
    }

    @Test
    void theNewerVersionIsAboveTheLineByMavensOrderNotByName() {
        assertTrue(BorrowersReport.newer("7.10.0", "7.9.0"));
        assertTrue(!BorrowersReport.newer("7.0.2", "7.1.0"));
        assertTrue(BorrowersReport.newer("7.1.0", "7.1.0-RC1"));
    }

    @Test
    void aHyphenatedVersionIsReadWholeAndComparedWithinItsThreadsAndHold() {
        List<BorrowersReport.Probe> probes = new ArrayList<>();
        for (int round = 1; round <= 2; round++) {
            probes.add(new BorrowersReport.Probe("aurora-article-hikari@7.1.0-RC1-platform-hold0", round, r("platform",
                    "7.1.0-RC1", 1000, 1.0, 0)));
            probes.add(new BorrowersReport.Probe("aurora-article-hikari@7.0.2-platform-hold0", round, r("platform", "7.0.2",
                    500, 1.0, 0)));
            probes.add(new BorrowersReport.Probe("aurora-article-hikari@7.1.0-RC1-virtual-hold0", round, r("virtual",
                    "7.1.0-RC1", 3000, 1.0, 0)));
        }
        BorrowersReport.Probe p = probes.get(0);
        assertEquals("7.1.0-RC1", p.version());
        assertEquals("aurora-article-hikari-platform-hold0", p.withoutVersion());
        assertEquals("aurora-article-hikari@7.1.0-RC1-hold0", p.withoutThreads());
        String md = BorrowersReport.markdown(probes, List.of());
        assertTrue(md.contains("newer version ÷ older, borrows/ms: aurora-article-hikari@7.1.0-RC1-platform-hold0 ÷"
                + " aurora-article-hikari@7.0.2-platform-hold0 2.00"), md);
        assertTrue(md.contains("virtual ÷ platform, borrows/ms: aurora-article-hikari@7.1.0-RC1-virtual-hold0 ÷"
                + " aurora-article-hikari@7.1.0-RC1-platform-hold0 3.00"), md);
    }

    @Test
    void noProbeNoTable() {
        assertEquals("# Borrowers on virtual and platform threads\n\nNo probe left a result (see the run's phases).\n",
                BorrowersReport.markdown(List.of(), List.of()));
    }

    @Test
    void aProbeWithoutAResultIsListedBeforeTheTable() {
        PhaseEntry hung = new PhaseEntry("agroal-platform-hold0.r2", "probe", "failed", "the probe did not end within"
                + " 97 s\nmore", null, null, null, Map.of(), Map.of());
        List<BorrowersReport.Probe> probes = List.of(new BorrowersReport.Probe("agroal-platform-hold0", 1,
                r("platform", "3.2.1", 1000, 1.0, 0)));
        String md = BorrowersReport.markdown(probes, List.of(hung));
        assertTrue(md.contains("Probes without a result (the table counts only those that left one; its n says how"
                + " many):\n\n| run | status | reason |\n|---|---|---|\n| agroal-platform-hold0.r2 | **FAILED** | the"
                + " probe did not end within 97 s |"), md);
        assertTrue(md.indexOf("Probes without a result") < md.indexOf("| variant |"), md);
    }

    @Test
    void theVariantsIdNamesPoolVersionDriverVersionThreadsAndHold() {
        Variant v = new Variant("hikari", Path.of("h.xml"), "com.zaxxer:HikariCP", "7.1.0", Path.of("h.jar"), null,
                null, "virtual", 50);
        assertEquals("hikari@7.1.0-virtual-hold50", v.id());
        Variant d = new Variant("hikari", Path.of("h.xml"), "com.zaxxer:HikariCP", null, null, "8.0.33",
                Path.of("c.jar"), "virtual", 0);
        assertEquals("hikari+driver8.0.33-virtual-hold0", d.id());
    }

    @Test
    void twoDriverVersionsAreComparedWithinTheirPoolThreadsAndHold() {
        List<BorrowersReport.Probe> probes = new ArrayList<>();
        for (int round = 1; round <= 2; round++) {
            probes.add(new BorrowersReport.Probe("hikari+driver8.0.33-virtual-hold0", round, r("virtual", null,
                    500, 4.0, 10)));
            probes.add(new BorrowersReport.Probe("hikari+driver9.4.0-virtual-hold0", round, r("virtual", null,
                    1000, 2.0, 0)));
        }
        String md = BorrowersReport.markdown(probes, List.of());
        assertTrue(md.contains("newer driver ÷ older, borrows/ms: hikari+driver9.4.0-virtual-hold0 ÷"
                + " hikari+driver8.0.33-virtual-hold0 2.00"), md);
        assertTrue(!md.contains("newer version ÷ older"), "no pool versions to compare:\n" + md);
    }
}
