package io.poolbench.testbed.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.commons.math3.random.Well19937c;
import org.junit.jupiter.api.Test;

/**
 * The statistics behind a verdict, each against a known case: Holm's adjustment, the p-value a comparison recovers
 * from its interval, the interval of a count (a bootstrap over rounds, no narrower than Garwood's Poisson interval),
 * and the false-verdict rate of the whole pipeline on identical variants.
 */
class SignedVerdictsTest {
    @Test
    void holmMultipliesTheSortedPByTheTestsLeftAndKeepsTheOrder() {
        // Holm 1979's procedure by hand: sorted 0.01, 0.02, 0.04, 0.3 → ×4, ×3, ×2, ×1 = 0.04, 0.06, 0.08, 0.3
        double[] adjusted = Holm.adjust(new double[] {0.04, 0.01, Double.NaN, 0.3, 0.02});
        assertArrayEquals(new double[] {0.08, 0.04, Double.NaN, 0.3, 0.06}, adjusted, 1e-12);
        // monotone: a larger raw p never gets a smaller adjusted one; capped at 1
        assertArrayEquals(new double[] {0.9, 0.9}, Holm.adjust(new double[] {0.45, 0.9}), 1e-12);
        assertArrayEquals(new double[] {1.0, 1.0}, Holm.adjust(new double[] {0.6, 0.7}), 1e-12);
    }

    @Test
    void aPagesVerdictsAreAdjustedAsOneFamily() {
        // n = 3 differences: p ≈ 0.002 (10, 8–12) and ≈ 0.047 (3, 0.1–5.9), both called on their own; one more
        // comparison without a verdict: Holm over 3 keeps the first (× 3) and drops the second (× 2 ≈ 0.094)
        Comparison strong = new Comparison("failed", "A", "B", false, 10, 8, 12, 3, Verdict.AHEAD, "A", false,
                Double.NaN);
        Comparison weak = new Comparison("failed", "A", "C", false, 3, 0.1, 5.9, 3, Verdict.AHEAD, "A", false,
                Double.NaN);
        Comparison none = new Comparison("failed", "B", "C", false, 0.5, -2.5, 3.5, 3, Verdict.NO_DIFFERENCE, "B",
                false, Double.NaN);
        String md = Holm.markdown(List.of(strong, weak, none));
        assertTrue(md.contains("Adjusted for the 3 comparisons above"), md);
        assertTrue(md.contains("1 of the 2 verdicts hold"), md);
        assertTrue(md.contains("A − B 10.0, failed: adjusted p 0.00"), md);
        assertTrue(md.contains("A − C 3.00, failed: adjusted p 0.09") && md.contains("does not hold"), md);
        // nothing to adjust: one comparison, or none called
        assertEquals("", Holm.markdown(List.of(strong)));
        assertEquals("", Holm.markdown(List.of(none, none)));
    }

    @Test
    void thePValueOfATIntervalIsTheTTestsOwn() {
        // differences 1, 2, 3: mean 2, s = 1, se = 0.577, t = 3.464 on 2 df: two-sided p = 0.0742 (t-table)
        DifferenceFinding d = DifferenceFinding.paired("x", "A", "B", true, List.of(1.0, 2.0, 3.0),
                List.of(0.0, 0.0, 0.0)).orElseThrow();
        assertEquals(0.0742, Comparison.of(d).p(), 5e-4);
        // the same on the log scale for a ratio: ratios e^1, e^2, e^3
        RatioInterval r = RatioInterval.of(Math.exp(1), Math.exp(2), Math.exp(3));
        assertEquals(0.0742, Comparison.of(new Finding("x", "A", "B", true, r)).p(), 5e-4);
    }

    @Test
    void roundsThatAllGaveTheSameDifferenceGetTheSignTestNotCertainty() {
        DifferenceFinding three = DifferenceFinding.paired("failed", "A", "B", false, List.of(10.0, 10.0, 10.0),
                List.of(0.0, 0.0, 0.0)).orElseThrow();
        assertEquals(0.25, Comparison.of(three).p(), 1e-12, "2 × 0.5³");
        assertEquals(Verdict.NO_DIFFERENCE, three.verdict(), "three rounds cannot reach 5 % without a spread");
        assertTrue(three.text().contains("was 10 in all 3 rounds"), three.text());
        List<Double> six = List.of(10.0, 10.0, 10.0, 10.0, 10.0, 10.0);
        DifferenceFinding enough = DifferenceFinding.paired("failed", "A", "B", false, six,
                List.of(0.0, 0.0, 0.0, 0.0, 0.0, 0.0)).orElseThrow();
        assertEquals(Verdict.AHEAD, enough.verdict(), "2 × 0.5⁶ = 0.031");
    }

    @Test
    void twoOneSidedTestsCallTwoVariantsAlikeOnlyInsideTheDeclaredMargin() {
        // ten rounds, differences of mean 0.5 and s = 1: se 0.316; 95 % ± 2.262 se = −0.215 to 1.215; the 90 % interval
        // (t(0.95, 9) = 1.833) is −0.080 to 1.080: inside ±2, not inside ±1
        Comparison d = new Comparison("failed", "A", "B", false, 0.5, 0.5 - 2.262 * 0.3162, 0.5 + 2.262 * 0.3162, 10,
                Verdict.NO_DIFFERENCE, "A", false, Double.NaN);
        assertArrayEquals(new double[] {-0.080, 1.080}, Equivalence.interval90(d), 1e-3);
        assertTrue(Equivalence.alike(d, 2));
        assertEquals(Verdict.ALIKE, d.withMargin(2).verdict());
        assertEquals("alike within ±2.00 (two one-sided tests at 5 %)", d.withMargin(2).answer());
        assertEquals(Verdict.NO_DIFFERENCE, d.withMargin(1).verdict(), "the 90 % interval reaches past +1");
        assertEquals(Verdict.NO_DIFFERENCE, d.withMargin(Double.NaN).verdict(), "no margin: never alike");
        // a ratio's margin of ±10 % is 1/1.1 to 1.1 on its log scale: 1.01 (0.97–1.05, 5 rounds) is alike within it
        Comparison r = Comparison.of(new Finding("req/s", "A", "B", true, RatioInterval.of(0.97, 1.0, 1.02, 1.04,
                1.03)));
        assertEquals(Verdict.ALIKE, r.withMargin(0.10).verdict(), r.toString());
        assertEquals(Verdict.NO_DIFFERENCE, r.withMargin(0.01).verdict());
    }

    @Test
    void aCountsIntervalIsGarwoodsAndNeverNegative() {
        // Garwood's exact 95 % limits for a single count of 0 and 10 (Poisson tables): 0–3.689, 4.795–18.39
        MeanInterval zero = MeanInterval.ofCounts(List.of(0.0));
        assertEquals(0, zero.low(), 1e-9);
        assertEquals(3.689, zero.high(), 1e-3);
        MeanInterval ten = MeanInterval.ofCounts(List.of(10.0));
        assertEquals(4.795, ten.low(), 1e-3);
        assertEquals(18.39, ten.high(), 1e-2);
        // counts 0, 0, 60 (Student's t ran from −66 to 106): the bootstrap over rounds, 0 to 60 (3.7 % of resamples
        // are 60, 0 three times), never below 0, and
        // no narrower than Garwood's for a total of 60 over 3 rounds (15.3–25.7)
        MeanInterval spread = MeanInterval.ofCounts(List.of(0.0, 0.0, 60.0));
        assertEquals(20, spread.mean(), 1e-9);
        assertEquals(0, spread.low(), 1e-9);
        assertEquals(60, spread.high(), 1e-9);
        // rounds that agree: Garwood's interval of 60 over 3 rounds is what is left
        MeanInterval agree = MeanInterval.ofCounts(List.of(19.0, 20.0, 21.0));
        assertEquals(15.26, agree.low(), 0.01);
        assertEquals(25.74, agree.high(), 0.01);
        assertEquals("all 3 rounds gave 192", MeanInterval.ofCounts(List.of(192.0, 192.0, 192.0)).text(0));
        assertTrue(MeanInterval.ofCounts(List.of(18.0, 22.0, 20.0)).text(1).matches("20\\.0 \\(\\d+\\.\\d–\\d+\\.\\d,"
                + " n = 3\\)"));
    }

    @Test
    void onIdenticalVariantsThePipelineCallsADifferenceAtMostAtItsNominalLevel() {
        // a simulated A/A: both variants from one log-normal throughput (10 % spread between rounds), 3, 10 and 30
        // rounds, 2,000 comparisons each; a verdict is false by construction. The percentile bootstrap this replaced
        // at 10 rounds and more called 8.3 % of them different at 10 rounds
        Well19937c rng = new Well19937c(42);
        for (int rounds : new int[] {3, 10, 30}) {
            int trials = 2_000;
            int ahead = 0;
            List<Comparison> family = new ArrayList<>();
            for (int t = 0; t < trials; t++) {
                List<Double> a = new ArrayList<>();
                List<Double> b = new ArrayList<>();
                for (int r = 0; r < rounds; r++) {
                    double drift = Math.exp(0.2 * rng.nextGaussian()); // the machine's drift, on both alike
                    a.add(1000 * drift * Math.exp(0.1 * rng.nextGaussian()));
                    b.add(1000 * drift * Math.exp(0.1 * rng.nextGaussian()));
                }
                Optional<RatioInterval> ri = RatioInterval.paired(a, b);
                Finding f = new Finding("req/s", "A", "A'", true, ri.orElseThrow());
                ahead += f.verdict() == Verdict.AHEAD ? 1 : 0;
                if (t < 20) {
                    family.add(Comparison.of(f));
                }
            }
            double rate = ahead / (double) trials;
            System.out.printf(java.util.Locale.ROOT, "simulated A/A, %d rounds: %.1f %% of %d identical pairs called"
                    + " different%n", rounds, 100 * rate, trials);
            // nominal 5 %; a binomial's standard error at n = 2,000 is 0.49 points: 7.2 % is 4.5 of them above
            assertTrue(rate <= 0.072, rounds + " rounds: " + rate + " of identical pairs called different");
            // and Holm over a table of 20 such rows leaves no "ahead" in most tables
            double[] adjusted = Holm.adjust(family.stream().mapToDouble(Comparison::p).toArray());
            long held = java.util.Arrays.stream(adjusted).filter(p -> p < Holm.ALPHA).count();
            assertTrue(held <= 1, rounds + " rounds: " + held + " of 20 identical pairs ahead after Holm");
        }
    }
}
