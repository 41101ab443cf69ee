package io.poolbench.testbed.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The statistics of rounds on fixed data, their verdicts, and their calibration by simulation. */
class RatioIntervalTest {
    @Test
    void threeRoundsGiveStudentsTIntervalOnTheLogRatios() {
        // logs of 1.10, 1.20, 1.15: mean 0.139131, sd 0.043509; t(0.975, 2) = 4.302653
        RatioInterval r = RatioInterval.of(1.10, 1.20, 1.15);
        assertEquals(3, r.n());
        assertEquals(Math.exp(0.139131), r.ratio(), 1e-5);
        assertEquals(1.15, r.median(), 1e-12);
        assertEquals(Math.exp(0.139131 - 4.302653 * 0.043509 / Math.sqrt(3)), r.low(), 1e-5);
        assertEquals(Math.exp(0.139131 + 4.302653 * 0.043509 / Math.sqrt(3)), r.high(), 1e-5);
        assertTrue(r.excludesOne());
        assertEquals("Student's t on the log ratios", r.method());
    }

    @Test
    void unpairedSamplesGiveWelchsIntervalAroundTheRatioOfGeometricMeans() {
        List<Double> a = List.of(16_000.0, 15_000.0, 17_000.0);
        List<Double> b = List.of(1_800.0, 1_900.0, 1_850.0);
        RatioInterval r = RatioInterval.unpaired(a, b);
        double logs = (Math.log(16_000) + Math.log(15_000) + Math.log(17_000)) / 3
                - (Math.log(1_800) + Math.log(1_900) + Math.log(1_850)) / 3;
        assertEquals(Math.exp(logs), r.ratio(), 1e-9);
        assertEquals(3, r.n());
        // symmetric on the log scale, around the ratio, and far from 1
        assertEquals(Math.log(r.ratio()) - Math.log(r.low()), Math.log(r.high()) - Math.log(r.ratio()), 1e-9);
        assertTrue(r.low() < r.ratio() && r.ratio() < r.high());
        assertTrue(r.excludesOne());
        assertEquals("Welch's t on the log figures", r.method());
        // wider than the same data would give as pairs: the forks are independent
        assertTrue(r.high() / r.low() > 1);
    }

    @Test
    void oneForkGivesNoInterval() {
        RatioInterval r = RatioInterval.unpaired(List.of(16_000.0), List.of(1_800.0, 1_900.0));
        assertEquals(1, r.n());
        assertTrue(Double.isNaN(r.low()) && Double.isNaN(r.high()));
        assertFalse(r.excludesOne());
        assertThrows(IllegalArgumentException.class, () -> RatioInterval.unpaired(List.of(), List.of(1.0)));
        assertThrows(IllegalArgumentException.class, () -> RatioInterval.unpaired(List.of(0.0), List.of(1.0)));
    }

    @Test
    void theSameSamplesOnBothSidesAreNoDifference() {
        List<Double> x = List.of(10.0, 11.0, 12.0);
        RatioInterval r = RatioInterval.unpaired(x, x);
        assertEquals(1.0, r.ratio(), 1e-12);
        assertFalse(r.excludesOne());
    }

    @Test
    void anIntervalThatIncludesOneIsNoDifference() {
        Finding f = new Finding("req/s", "HikariCP", "DBCP2", true, RatioInterval.of(0.98, 0.69, 1.05));
        assertEquals(Verdict.NO_DIFFERENCE, f.verdict());
        assertTrue(f.text().startsWith("HikariCP against DBCP2 in req/s: not shown to differ (HikariCP ÷"
                + " DBCP2 0.89, 95 % interval "), f.text());
        assertTrue(f.text().endsWith(", 3 rounds)"), f.text());
    }

    @Test
    void aheadNamesTheLeaderWhicheverSideItIsOnAndWhicheverWayIsBetter() {
        Finding up = new Finding("req/s", "HikariCP", "DBCP2", true, RatioInterval.of(1.18, 1.30, 1.10, 1.13));
        assertEquals(Verdict.AHEAD, up.verdict());
        assertTrue(up.text().startsWith("HikariCP ahead of DBCP2 in req/s by 1.18 × (95 % interval 1.0"), up.text());
        Finding down = new Finding("req/s", "R2DBC", "HikariCP", true, RatioInterval.of(0.50, 0.55, 0.52));
        assertEquals("HikariCP", down.leader());
        assertTrue(down.text().startsWith("HikariCP ahead of R2DBC in req/s by 1.9"), down.text());
        assertTrue(down.text().endsWith(", 3 rounds)"), down.text());
        Finding latency = new Finding("p99 ms", "pooled", "new connection", false, RatioInterval.of(0.2, 0.25, 0.22));
        assertEquals("pooled", latency.leader());
        assertTrue(latency.text().startsWith("pooled ahead of new connection in p99 ms by 4.5"), latency.text());
        // the interval is turned with the ratio: its ends stay in order
        String[] ends = latency.text().replaceAll(".*interval ([0-9.]+)–([0-9.]+),.*", "$1 $2").split(" ");
        assertTrue(Double.parseDouble(ends[0]) < Double.parseDouble(ends[1]), latency.text());
    }

    @Test
    void oneRoundIsNeverAhead() {
        Finding f = new Finding("req/s", "A", "B", true, RatioInterval.of(5.0));
        assertEquals(Verdict.ONE_ROUND, f.verdict());
        assertFalse(f.ratio().excludesOne());
        assertTrue(Double.isNaN(f.ratio().low()));
        assertTrue(f.text().contains("from one round: no interval, no verdict"), f.text());
    }

    @Test
    void tenRoundsAndMoreKeepStudentsTReproducibly() {
        double[] r = {1.1, 1.2, 0.9, 1.3, 1.15, 1.05, 1.25, 0.95, 1.1, 1.2, 1.0, 1.3};
        RatioInterval a = RatioInterval.of(r);
        assertEquals(a, RatioInterval.of(r), "the same data give the same interval");
        assertTrue(a.method().startsWith("Student's t"), a.method());
        assertTrue(a.low() < a.ratio() && a.ratio() < a.high(), a.toString());
    }

    @Test
    void ratiosMustBePositiveAndPresent() {
        assertThrows(IllegalArgumentException.class, RatioInterval::of);
        assertThrows(IllegalArgumentException.class, () -> RatioInterval.of(1.0, 0.0));
        assertThrows(IllegalArgumentException.class, () -> RatioInterval.of(1.0, Double.NaN));
    }

    /**
     * Calibration: 1,000 simulated comparisons with this machine's round-to-round noise at the quick preset's 3
     * rounds: about 15 % on a round's ratio (four quick runs of one commit: the log of the ratio varies by 0.08 in compare and
     * 0.22 in the concurrency scenario), here log-normal, 0.15 / √2 per variant and round, on top of a drift of the round's machine
     * that falls on both. Two equal variants: a
     * 95 % interval says "ahead" in 5 % of them by construction; the bound allows the sampling error of 1,000 draws
     * (3 standard errors of a 5 % rate: 2.1 points). A true 2 × difference: "ahead" in at least 95 %.
     */
    @Test
    void calibrationBySimulation() {
        Random rnd = new Random(1);
        int sims = 1_000;
        int rounds = 3;
        int falseAhead = 0;
        int trueAhead = 0;
        for (int s = 0; s < sims; s++) {
            double[] equal = new double[rounds];
            double[] twice = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                double drift = Math.exp(0.3 * rnd.nextGaussian()); // the round's machine: falls on both alike
                double a = drift * Math.exp(0.15 / Math.sqrt(2) * rnd.nextGaussian());
                double b = drift * Math.exp(0.15 / Math.sqrt(2) * rnd.nextGaussian());
                equal[i] = a / b;
                twice[i] = 2 * a / b;
            }
            if (new Finding("x", "A", "B", true, RatioInterval.of(equal)).verdict() == Verdict.AHEAD) {
                falseAhead++;
            }
            if (new Finding("x", "A", "B", true, RatioInterval.of(twice)).verdict() == Verdict.AHEAD) {
                trueAhead++;
            }
        }
        System.out.println("calibration: equal variants called ahead in " + falseAhead + " of 1000, a 2 x difference in "
                + trueAhead + " of 1000");
        assertTrue(falseAhead <= 71, falseAhead + " of 1000 equal pairs called ahead");
        assertTrue(trueAhead >= 950, trueAhead + " of 1000 2 x pairs called ahead");
    }

    @Test
    void pairedTakesRatiosWithinRoundsAndDropsIncompleteOnes() {
        // round 2 of B failed (NaN), round 4 of A did not run (list shorter): n counts the complete pairs only
        RatioInterval r = RatioInterval.paired(List.of(110.0, 120.0, 115.0), List.of(100.0, Double.NaN, 100.0, 90.0))
                .orElseThrow();
        assertEquals(2, r.n());
        assertEquals(Math.sqrt(1.10 * 1.15), r.ratio(), 1e-12);
        assertTrue(RatioInterval.paired(List.of(0.0, 5.0), List.of(1.0, Double.NaN)).isEmpty());
        assertTrue(RatioInterval.paired(List.of(), List.of(1.0)).isEmpty());
    }

    @Test
    void roundsRotateTheOrder() {
        List<String> v = List.of("A", "B", "C");
        assertEquals(List.of("A", "B", "C"), Rounds.order(v, 1));
        assertEquals(List.of("B", "C", "A"), Rounds.order(v, 2));
        assertEquals(List.of("C", "A", "B"), Rounds.order(v, 3));
        assertEquals(List.of("A", "B", "C"), Rounds.order(v, 4));
    }
}
