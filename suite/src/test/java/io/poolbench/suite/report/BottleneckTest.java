package io.poolbench.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where a step spent the machine: the bottleneck thresholds on fixed CPU figures. */
class BottleneckTest {
    private static Map<String, Double> cpu(double webapp, double jmeter, double database) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("webapp", webapp);
        m.put("jmeter", jmeter);
        m.put("database", database);
        return m;
    }

    @Test
    void theBusiestProcessAtNineTenthsOfACore() {
        assertEquals("database (1.95 cores)", Bottleneck.of(cpu(0.1, 0.1, 1.95), 2));
        assertEquals("webapp (0.90 cores)", Bottleneck.of(cpu(0.9, 0.5, 0.3), 2));
    }

    @Test
    void jmeterOrTheWholeMachineMeansTheStepMeasuredTheHarness() {
        assertTrue(Bottleneck.of(cpu(0.5, 1.1, 0.2), 2).equals("jmeter (1.10 cores), measures the harness"));
        assertEquals("the machine (1.85 of 2 cores), measures the harness", Bottleneck.of(cpu(0.7, 0.6, 0.55), 2));
        // the Aurora scenario names each engine
        String engine = Bottleneck.of(Map.of("webapp", 0.4, "jmeter engine 2", 0.95), 2);
        assertEquals("jmeter engine 2 (0.95 cores), measures the harness", engine);
        assertTrue(Bottleneck.measuresHarness(engine));
        assertTrue(!Bottleneck.measuresHarness(Bottleneck.of(Map.of("webapp", 0.95), 2)), "the stack's own limit");
    }

    @Test
    void noneBelowBothThresholdsAndNothingWithoutFigures() {
        assertEquals("none", Bottleneck.of(cpu(0.5, 0.5, 0.5), 2));
        assertEquals("none", Bottleneck.of(cpu(0.5, 0.5, 0.8), null), "unknown cores: the machine is not judged");
        assertEquals("–", Bottleneck.of(Map.of(), 2));
        assertEquals("–", Bottleneck.of(null, 2));
    }

    @Test
    void cpuTimePerRequest() {
        assertEquals(250.0, Bottleneck.microsPerRequest(1.0, 4000.0), 1e-9);
        assertTrue(Double.isNaN(Bottleneck.microsPerRequest(null, 4000.0)));
        assertTrue(Double.isNaN(Bottleneck.microsPerRequest(1.0, 0.0)));
        assertTrue(Double.isNaN(Bottleneck.microsPerRequest(1.0, null)));
    }
}
