package io.poolbench.suite.poolsize;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The ideal staircase of the pool-size scenario: waves of tasks, each as long as the hold. */
class PoolSizeExperimentTest {
    @Test
    void theStaircaseHasTheArticlesSteps() {
        assertEquals(4000, PoolSizeExperiment.idealMs(20, 1, 200));
        assertEquals(1400, PoolSizeExperiment.idealMs(20, 3, 200));
        // 5 and 6 connections: 4 waves; 7, 8 and 9: 3 waves; 10: 2; 20: 1
        assertEquals(PoolSizeExperiment.idealMs(20, 5, 200), PoolSizeExperiment.idealMs(20, 6, 200));
        assertEquals(600, PoolSizeExperiment.idealMs(20, 7, 200));
        assertEquals(600, PoolSizeExperiment.idealMs(20, 9, 200));
        assertEquals(400, PoolSizeExperiment.idealMs(20, 10, 200));
        assertEquals(200, PoolSizeExperiment.idealMs(20, 20, 200));
        assertEquals(200, PoolSizeExperiment.idealMs(20, 50, 200));
    }
}
