package io.poolbench.suite.seed004;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.stats.MeanInterval;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Seed 004's rounds: every profile once per round, the order rotated, the ids and the variant kept apart. */
class Seed004RoundsTest {
    private static final List<Seed004Settings.Run> PROFILES = List.of(new Seed004Settings.Run("dbcp", "d.xml", null,
            null), new Seed004Settings.Run("hikari", "h.xml", null, null));

    @Test
    void oneRoundKeepsTheRunsAsTheyAre() {
        assertEquals(PROFILES, Seed004Settings.Run.inRounds(PROFILES, 1));
        assertEquals("dbcp", PROFILES.get(0).variantId());
        assertEquals(1, PROFILES.get(0).roundNo());
    }

    @Test
    void roundsRotateTheOrderAndNameEachRun() {
        List<Seed004Settings.Run> runs = Seed004Settings.Run.inRounds(PROFILES, 3);
        assertEquals(List.of("dbcp.r1", "hikari.r1", "hikari.r2", "dbcp.r2", "dbcp.r3", "hikari.r3"),
                runs.stream().map(Seed004Settings.Run::id).toList());
        assertEquals(List.of("dbcp", "hikari", "hikari", "dbcp", "dbcp", "hikari"),
                runs.stream().map(Seed004Settings.Run::variantId).toList());
        assertEquals(List.of(1, 1, 2, 2, 3, 3), runs.stream().map(Seed004Settings.Run::roundNo).toList());
        assertEquals("h.xml", runs.get(2).file());
    }

    @Test
    void oneRoundGivesNoComparison() throws Exception {
        assertEquals(Seed004Rounds.Findings.NONE, Seed004Rounds.of(settings(1), List.of()));
        assertEquals("", Seed004Rounds.markdown(Seed004Rounds.Findings.NONE, 1));
    }

    @Test
    void runsAtTheirOwnKneeAreNotSaidToRunAtTheSettingsShare() {
        Seed004Rounds.Findings own = new Seed004Rounds.Findings(List.of(), List.of(), List.of(), List.of(),
                Seed004Rounds.Findings.OWN_LOADS, "planned");
        assertTrue(own.load().startsWith("each profile's own load"), own.load());
        assertEquals("the article's per-server load", new Seed004Rounds.Findings(List.of(), List.of(), List.of(),
                List.of(), 1, "planned").load());
    }

    @Test
    void eachProfilesFailoverFiguresWithTheirIntervals() {
        Seed004Rounds.Findings f = new Seed004Rounds.Findings(List.of(), List.of(), List.of(new Seed004Rounds.Failures(
                "hikari", Arrays.asList(5.0, 6.0, null), MeanInterval.of(List.of(5.0, 6.0)),
                MeanInterval.of(List.of(0.5, 0.7)), null, MeanInterval.of(List.of(12.0)), null, 2, 0,
                Clogged.YES, null)), List.of(), 3, "planned");
        String md = Seed004Rounds.markdown(f, 3);
        assertTrue(md.contains("At × 3 the article's per-server load."), md);
        assertTrue(md.contains("| hikari | 5, 6, – | 5.5 ("), md);
        assertTrue(md.contains("n = 2) | 0.6 ("), "the first write's mean: " + md);
        assertTrue(md.contains("| –; not back in 2 | – | **clogged** | 12.0 (no interval, n = 1) |"),
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

    private static Seed004Settings settings(int rounds) {
        return new Seed004Settings(PROFILES, 750, 3000, 0.25, 2, List.of(), 10, 30, 5, 50, 30, "per-request",
                9_000, 1, 1, true, 1000, null, null, 1, rounds, false, List.of(), false, List.of(), null, null);
    }
}
