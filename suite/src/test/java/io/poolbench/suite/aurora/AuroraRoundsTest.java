package io.poolbench.suite.aurora;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.aurora.faults.Clogged;
import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.testbed.stats.Finding;
import io.poolbench.testbed.stats.MeanInterval;
import io.poolbench.testbed.stats.RatioInterval;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Aurora scenario's rounds: every profile once per round, the order rotated, the ids and the variant kept apart. */
class AuroraRoundsTest {
    private static final List<LoadRun> PROFILES = List.of(new LoadRun("dbcp", "d.xml", null,
            null), new LoadRun("hikari", "h.xml", null, null));

    @Test
    void oneRoundKeepsTheRunsAsTheyAre() {
        assertEquals(PROFILES, LoadRun.inRounds(PROFILES, 1));
        assertEquals("dbcp", PROFILES.get(0).variantId());
        assertEquals(1, PROFILES.get(0).roundNo());
    }

    @Test
    void roundsRotateTheOrderAndNameEachRun() {
        List<LoadRun> runs = LoadRun.inRounds(PROFILES, 3);
        assertEquals(List.of("dbcp.r1", "hikari.r1", "hikari.r2", "dbcp.r2", "dbcp.r3", "hikari.r3"),
                runs.stream().map(LoadRun::id).toList());
        assertEquals(List.of("dbcp", "hikari", "hikari", "dbcp", "dbcp", "hikari"),
                runs.stream().map(LoadRun::variantId).toList());
        assertEquals(List.of(1, 1, 2, 2, 3, 3), runs.stream().map(LoadRun::roundNo).toList());
        assertEquals("h.xml", runs.get(2).file());
    }

    @Test
    void anAaTwinMeetsOnlyTheProfileItRepeats() {
        LoadRun twin = PROFILES.get(0).aaTwin();
        assertEquals("dbcp~aa", twin.id());
        assertEquals("dbcp", LoadRun.twinOf(twin.id()));
        assertEquals(null, LoadRun.twinOf("dbcp"));
        assertEquals(List.of(List.of("dbcp", "hikari"), List.of("dbcp", "dbcp~aa"), List.of("dbcp", "c3p0"),
                List.of("hikari", "c3p0")), AuroraRounds.pairs(List.of("dbcp", "hikari", "dbcp~aa", "c3p0")));
        assertEquals(List.of(List.of("dbcp", "dbcp~aa")), AuroraRounds.pairs(List.of("dbcp~aa", "dbcp")));
    }

    @Test
    void theAaTwinsComparisonsAreListedApartAsTheToolsNoise() {
        Finding p99 = new Finding("short-screen p99 ms", "dbcp", "dbcp~aa", false, RatioInterval.of(1.1, 0.9, 1.0));
        Finding real = new Finding("short-screen p99 ms", "dbcp", "hikari", false, RatioInterval.of(1.2, 1.3,
                1.25));
        String md = AuroraRoundsPage.markdown(new AuroraRounds.Findings(List.of(real, p99), List.of(), List.of(),
                List.of(), 1, "planned"), 3);
        int twin = md.indexOf("The A/A twin");
        assertTrue(twin > md.indexOf("hikari"), md);
        assertTrue(md.indexOf("dbcp~aa") > twin, "the twin's line comes under its own heading: " + md);
    }

    @Test
    void oneRoundGivesNoComparison() throws Exception {
        assertEquals(AuroraRounds.Findings.NONE, AuroraRounds.of(settings(1), List.of()));
        assertEquals("", AuroraRoundsPage.markdown(AuroraRounds.Findings.NONE, 1));
    }

    @Test
    void runsAtTheirOwnKneeAreNotSaidToRunAtTheSettingsShare() {
        AuroraRounds.Findings own = new AuroraRounds.Findings(List.of(), List.of(), List.of(), List.of(),
                AuroraRounds.Findings.OWN_LOADS, "planned");
        assertTrue(own.load().startsWith("each profile's own load"), own.load());
        assertEquals("the article's per-server load", new AuroraRounds.Findings(List.of(), List.of(), List.of(),
                List.of(), 1, "planned").load());
    }

    @Test
    void eachProfilesFailoverFiguresWithTheirIntervals() {
        AuroraRounds.Findings f = new AuroraRounds.Findings(List.of(), List.of(), List.of(new AuroraRounds.Failures(
                "hikari", Arrays.asList(5.0, 6.0, null), MeanInterval.of(List.of(5.0, 6.0)),
                MeanInterval.of(List.of(0.5, 0.7)), null, MeanInterval.of(List.of(12.0)), null, 2, 0,
                Clogged.YES, null)), List.of(), 3, "planned");
        String md = AuroraRoundsPage.markdown(f, 3);
        assertTrue(md.contains("At × 3 the article's per-server load."), md);
        assertTrue(md.contains("| hikari | 5, 6, – | 5.5 ("), md);
        assertTrue(md.contains("n = 2) | 0.6 ("), "the first write's mean: " + md);
        assertTrue(md.contains("| –; not back in 2 | – | **clogged** | 12.0 (one round, no interval) |"),
                "never back; one round sampled: " + md);
    }

    @Test
    void cloggedWhenBorrowersWaitBeyondOneWindowAfterTheFirstWrite() {
        // every round back within a window of the first write, by the interval
        assertEquals(Clogged.NO, Clogged.of(MeanInterval.of(List.of(0.0, 0.0, 0.0)), 0, 0,
                3));
        // waiting 4-6 s after the new writer answered, in every round
        assertEquals(Clogged.YES, Clogged.of(MeanInterval.of(List.of(4.0, 5.0, 6.0)), 0, 0,
                3));
        // not back at all in two of three rounds
        assertEquals(Clogged.YES, Clogged.of(MeanInterval.of(List.of(0.0)), 2, 0, 3));
        // an interval across one window, or a round without both ends, or one round: no verdict
        assertEquals(Clogged.CANNOT_TELL, Clogged.of(MeanInterval.of(List.of(0.0, 3.0)),
                0, 0, 2));
        assertEquals(Clogged.CANNOT_TELL, Clogged.of(MeanInterval.of(List.of(0.0, 0.0)),
                1, 0, 3));
        assertEquals(Clogged.CANNOT_TELL, Clogged.of(MeanInterval.of(List.of(0.0)), 0, 0,
                1));
        assertEquals(Clogged.CANNOT_TELL, Clogged.of(null, 0, 0, 0));
        // not back in every round, but the pool queued in bursts before the injection in two of three
        assertEquals(Clogged.QUEUED_BEFORE, Clogged.of(null, 3, 2, 3));
    }

    private static AuroraSettings settings(int rounds) {
        return AuroraSettingsFixture.settings(PROFILES, rounds, 10, 30, true, null, List.of());
    }
}
