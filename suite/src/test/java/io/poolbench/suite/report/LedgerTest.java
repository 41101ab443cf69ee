package io.poolbench.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.testbed.stats.Claim;
import io.poolbench.testbed.stats.Finding;
import io.poolbench.testbed.stats.RatioInterval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verdict ledger read from recorded run directories, written and read back, and the history it gives: held k of
 * n, the verdicts that changed, the A/A false-verdict rate; and the findings page's history is the committed ledger's.
 */
class LedgerTest {
    private static final Finding AHEAD = new Finding("req/s", "hikari", "dbcp2", true, RatioInterval.of(1.2, 1.3,
            1.25));
    private static final Finding NONE = new Finding("req/s", "hikari", "dbcp2", true, RatioInterval.of(0.9, 1.2,
            1.0));
    private static final Finding AA_QUIET = new Finding("p99 ms", "hikari", "hikari-aa", false,
            RatioInterval.of(0.9, 1.1, 1.0));
    private static final Finding AA_FALSE = new Finding("p99 ms", "hikari", "hikari-aa", false,
            RatioInterval.of(1.10, 1.12, 1.14));

    /** A finished suite run with its verdict table, as {@code ./poolbench run} leaves it. */
    private static Path suiteRun(Path root, String name, String status, Finding web, Finding aa) throws IOException {
        Path dir = Files.createDirectories(root.resolve(name));
        Files.writeString(dir.resolve(RunRecord.MANIFEST), """
                {"format": "%s", "command": "run", "args": ["run"], "settings": {"preset": "quick"},
                 "environment": {"commit": "abc123"}, "startedAt": "2026-01-01T00:00:0%sZ", "status": "%s",
                 "phases": []}
                """.formatted(RunRecord.FORMAT, name.substring(name.length() - 1), status));
        VerdictTable.markdown(List.of(Claim.of("**A web load** (3 rounds)", List.of(web)),
                Claim.noiseFloor("**The tool's own noise (A/A)**", List.of(aa))), dir);
        return dir;
    }

    @Test
    void aSuiteRunGivesItsTableAsPrintedWithItsCommitAndPreset(@TempDir Path root) throws IOException {
        List<Ledger.Entry> run = Ledger.of(suiteRun(root, "r1", "ok", AHEAD, AA_QUIET), c -> null);
        assertEquals(2, run.size());
        assertEquals("abc123", run.get(0).commit());
        assertEquals("quick", run.get(0).preset());
        assertEquals("A web load | req/s | hikari vs dbcp2", run.get(0).key());
        assertEquals("ahead: hikari", run.get(0).outcome());
        assertTrue(run.get(1).c().noiseFloor());

        List<Ledger.Entry> back = Ledger.read(write(root, Ledger.csv(run)));
        assertEquals(run.stream().map(Ledger.Entry::key).toList(), back.stream().map(Ledger.Entry::key).toList());
        assertEquals(run.stream().map(Ledger.Entry::outcome).toList(), back.stream().map(Ledger.Entry::outcome)
                .toList());
        assertEquals(run.get(0).c().low(), back.get(0).c().low(), 1e-5);
        assertEquals(run.get(1).holmP(), back.get(1).holmP(), 0, "an A/A row has no Holm p: NaN both ways");
    }

    @Test
    void aRunThatDidNotFinishOrAScenarioWithoutRoundsIsNoHistoryPoint(@TempDir Path root) throws IOException {
        TestbedException e = assertThrows(TestbedException.class, () -> Ledger.of(suiteRun(root, "r1", "interrupted",
                AHEAD, AA_QUIET), c -> null));
        assertTrue(e.getMessage().contains("did not finish (interrupted)"), e.getMessage());
        Path scenario = suiteRun(root, "r2", "ok", AHEAD, AA_QUIET);
        Files.writeString(scenario.resolve(RunRecord.MANIFEST), Files.readString(scenario.resolve(
                RunRecord.MANIFEST)).replace("\"command\": \"run\"", "\"command\": \"lint\""));
        e = assertThrows(TestbedException.class, () -> Ledger.of(scenario, c -> null));
        assertTrue(e.getMessage().contains("lint, which compares no variants"), e.getMessage());
        // a scenario's own run: its findings, adjusted over its own family
        List<Ledger.Entry> own = Ledger.of(scenario, c -> d -> List.of(Claim.of("**A web load**", List.of(AHEAD))));
        assertEquals("–", own.get(0).preset());
        assertEquals("ahead: hikari", own.get(0).outcome());
    }

    @Test
    void theHistoryCountsHeldRunsNamesWhatFlippedAndRatesTheAaRows(@TempDir Path root) throws IOException {
        List<Ledger.Entry> ledger = Ledger.merge(Ledger.of(suiteRun(root, "r1", "ok", AHEAD, AA_QUIET), c -> null),
                Ledger.of(suiteRun(root, "r2", "ok", AHEAD, AA_FALSE), c -> null));
        ledger = Ledger.merge(ledger, Ledger.of(suiteRun(root, "r3", "ok", NONE, AA_QUIET), c -> null));
        // recording a run again replaces its lines
        ledger = Ledger.merge(ledger, Ledger.of(root.resolve("r3"), c -> null));
        assertEquals(6, ledger.size());
        List<VerdictHistory.Row> rows = VerdictHistory.rows(ledger);
        assertEquals(1, rows.size());
        assertEquals(3, rows.get(0).runs());
        assertEquals(2, rows.get(0).held());
        assertEquals(List.of("req/s, hikari vs dbcp2: ahead: hikari in 2, not shown to differ in 1"),
                rows.get(0).flipped());
        VerdictHistory.AaRate aa = VerdictHistory.aa(ledger);
        assertEquals(1, aa.falseVerdicts());
        assertEquals(3, aa.comparisons());
        // Clopper–Pearson for 1 of 3: 0.0084–0.9057 (the binomial tails at 2.5 % each)
        assertEquals(0.0084, aa.low(), 1e-4);
        assertEquals(0.9057, aa.high(), 1e-4);
        List<Ledger.Entry> all = ledger;
        assertEquals(1 - Math.pow(0.025, 1 / 2.0), VerdictHistory.aa(all.stream().filter(e -> e.run().equals(
                all.get(0).run()) || e.run().equals(all.get(5).run())).toList()).high(), 1e-12,
                "no false verdict in 2: the exact interval's closed form");
        String md = VerdictHistory.markdown(ledger);
        assertTrue(md.contains("| A web load | 1 | 2 of 3 | req/s, hikari vs dbcp2: ahead: hikari in 2, not shown"
                + " to differ in 1 |"), md);
        assertTrue(md.contains("1 false verdict in 3 A/A comparisons over 3 runs (33.3 %"), md);
    }

    @Test
    void theFindingsPagesHistoryIsTheCommittedLedgers() throws IOException {
        String page = Files.readString(Path.of("../docs/findings.md"));
        int begin = page.indexOf(VerdictHistory.BEGIN);
        int end = page.indexOf(VerdictHistory.END);
        assertTrue(begin >= 0 && end > begin, "docs/findings.md holds the verdict history between its markers");
        String committed = page.substring(begin + VerdictHistory.BEGIN.length(), end).strip();
        assertEquals(VerdictHistory.markdown(Ledger.read(Path.of("..").resolve(Ledger.FILE))).strip(), committed,
                "rewrite it: ./poolbench ledger");
    }

    private static Path write(Path root, String csv) throws IOException {
        return Files.writeString(root.resolve("ledger.csv"), csv);
    }
}
