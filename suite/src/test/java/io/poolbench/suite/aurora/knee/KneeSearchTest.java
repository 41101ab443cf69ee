package io.poolbench.suite.aurora.knee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** The knee search's choices and its estimate, on synthetic cells (no runs, no timing). */
class KneeSearchTest {
    /** Requests per synthetic cell: as many as a 20-s cell has at × 2. */
    private static final int REQUESTS = 250;

    /** A cell whose requests take {@code ms} ± 10 %, uniform, from a fixed seed. */
    private static KneeSearch.Cell cell(double load, double ms, long seed) {
        Random r = new Random(seed);
        List<Long> v = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            v.add(Math.round(ms * (0.9 + 0.2 * r.nextDouble())));
        }
        return new KneeSearch.Cell(load, v);
    }

    /** Runs the search to its end against a p99 curve; returns the final step and the cells measured. */
    private static KneeSearch.Step search(KneeSearch s, DoubleUnaryOperator p99, List<KneeSearch.Cell> cells) {
        for (int i = 0; i < 100; i++) {
            KneeSearch.Step step = s.next(cells, 1);
            if (!(step instanceof KneeSearch.Measure m)) {
                return step;
            }
            cells.add(cell(m.load(), p99.applyAsDouble(m.load()), i));
        }
        throw new AssertionError("no end");
    }

    @Test
    void theLightLoadComesFirstThenTwiceTheHighestLoadMeasured() {
        KneeSearch s = new KneeSearch(0.5, 4, 8, 0.10);
        assertEquals(new KneeSearch.Measure(0.5, "light load: the baseline p99"), s.next(List.of(), 1));
        KneeSearch.Step second = s.next(List.of(cell(0.5, 40, 1)), 1);
        assertEquals(1.0, ((KneeSearch.Measure) second).load(), 1e-9, "no model's knee: doubling from the light load");
    }

    @Test
    void aSteepKneeIsBracketedAndFoundWithinTheTolerance() {
        // p99 40 ms up to × 3, then 2,000 ms: the rule puts the knee just above × 3
        DoubleUnaryOperator curve = x -> x <= 3 ? 40 : 2_000;
        List<KneeSearch.Cell> cells = new ArrayList<>();
        KneeSearch.Step end = search(new KneeSearch(0.5, 4, 8, 0.10), curve, cells);
        KneeSearch.Found f = assertInstanceOf(KneeSearch.Found.class, end);
        double k = f.estimate().knee();
        assertTrue(k > 3 && k <= 3.5, "knee " + k);
        assertTrue(f.estimate().within(0.10));
        assertTrue(f.estimate().below() <= 3 && f.estimate().above() > 3);
        assertTrue(cells.size() <= 8);
    }

    @Test
    void aPoolThatNeverBreaksEndsAtTheHighestLoad() {
        List<KneeSearch.Cell> cells = new ArrayList<>();
        KneeSearch.Step end = search(new KneeSearch(0.5, 4, 8, 0.10), x -> 40 + x,
                cells);
        KneeSearch.NoKnee n = assertInstanceOf(KneeSearch.NoKnee.class, end);
        assertEquals(4, n.highestLoad());
        assertNull(n.estimate().knee());
        assertEquals(List.of(0.5, 1.0, 2.0, 4.0), cells.stream().map(KneeSearch.Cell::load).toList(),
                "the light load, then doubling up to the highest load");
    }

    @Test
    void aSearchThatNeedsMoreCellsStopsWithItsBracket() {
        DoubleUnaryOperator curve = x -> 40 * Math.exp(3 * (x - 0.5));
        KneeSearch.Step end = search(new KneeSearch(0.5, 4, 3, 0.01), curve, new ArrayList<>());
        KneeSearch.NotConverged n = assertInstanceOf(KneeSearch.NotConverged.class, end);
        assertTrue(n.estimate().below() < n.estimate().above());
    }

    @Test
    void theRuleIsTheMapsInterpolationOnLogP99() {
        // 10 → 1,000 ms between × 1 and × 2: the threshold 100 ms lies half-way on the log scale
        assertEquals(1.5, KneeSearch.rule(List.of(new double[] {0.5, 10}, new double[] {1, 10},
                new double[] {2, 1_000})), 1e-9);
        assertNull(KneeSearch.rule(List.of(new double[] {0.5, 10}, new double[] {4, 99})));
    }

    @Test
    void repeatedRoundTripsAreOneLine() {
        TestbedException e = assertThrows(TestbedException.class,
                () -> new KneeSearchSettings(0.5, 4, 8, 0.1, List.of(1, 1), List.of("per-request")));
        assertTrue(e.getMessage().startsWith("--map-rtts [1, 1]: a round trip is given twice"));
        assertThrows(TestbedException.class,
                () -> new KneeSearchSettings(0.5, 4, 8, 0.1, List.of(-1), List.of("per-request")));
        assertThrows(TestbedException.class,
                () -> new KneeSearchSettings(0.5, 4, 2, 0.1, List.of(1), List.of("per-request")));
    }
}
