package io.poolbench.suite.seed000;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The ideal staircase of seed 000: waves of tasks, each as long as the hold. */
class Seed000ExperimentTest {
    @Test
    void theStaircaseHasTheArticlesSteps() {
        assertEquals(4000, Seed000Experiment.idealMs(20, 1, 200));
        assertEquals(1400, Seed000Experiment.idealMs(20, 3, 200));
        // 5 and 6 connections: 4 waves; 7, 8 and 9: 3 waves; 10: 2; 20: 1
        assertEquals(Seed000Experiment.idealMs(20, 5, 200), Seed000Experiment.idealMs(20, 6, 200));
        assertEquals(600, Seed000Experiment.idealMs(20, 7, 200));
        assertEquals(600, Seed000Experiment.idealMs(20, 9, 200));
        assertEquals(400, Seed000Experiment.idealMs(20, 10, 200));
        assertEquals(200, Seed000Experiment.idealMs(20, 20, 200));
        assertEquals(200, Seed000Experiment.idealMs(20, 50, 200));
    }
}
