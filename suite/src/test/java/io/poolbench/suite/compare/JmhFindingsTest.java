package io.poolbench.suite.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.report.JmhSummary;
import io.poolbench.testbed.stats.Claim;
import io.poolbench.testbed.stats.Finding;
import io.poolbench.testbed.stats.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The JMH borrow/return comparison among compare's findings, on fixed fork means. */
class JmhFindingsTest {
    private static JmhSummary.Result thrpt(String profile, List<Double> forks) {
        return new JmhSummary.Result("io.poolbench.bench.ConnectionCycle.throughput", "ConnectionCycle.throughput",
                "thrpt", Map.of("profile", profile, "db", "stub"), 16, forks.size(), 3,
                forks.stream().mapToDouble(Double::doubleValue).average().orElseThrow(), 1.0, "ops/ms", 9, Map.of(),
                List.of(), Map.of(), Double.NaN, forks);
    }

    @Test
    void theFirstProfileAgainstEachOtherAtTheSameConfigurationOverItsForks() {
        List<Finding> f = JmhFindings.of(List.of(thrpt("hikari", List.of(15_382.6, 16_085.4, 16_020.8)),
                thrpt("dbcp2", List.of(1_851.0, 1_831.9, 1_871.5))));
        assertEquals(1, f.size());
        assertEquals("hikari", f.get(0).a());
        assertEquals("dbcp2", f.get(0).b());
        assertEquals(Verdict.AHEAD, f.get(0).verdict());
        assertEquals(3, f.get(0).ratio().n());
        assertTrue(f.get(0).ratio().ratio() > 8 && f.get(0).ratio().ratio() < 9);
        Claim c = JmhFindings.claim(List.of(thrpt("hikari", List.of(15_382.6, 16_085.4, 16_020.8)),
                thrpt("dbcp2", List.of(1_851.0, 1_831.9, 1_871.5)))).orElseThrow();
        assertTrue(c.solid());
        assertEquals(1, c.comparisons().size());
        assertTrue(c.markdown().contains("3 forks"), c.markdown());
    }

    @Test
    void sampleModeAndALoneProfileGiveNone() {
        JmhSummary.Result sample = new JmhSummary.Result("x.ConnectionCycle.latency", "ConnectionCycle.latency",
                "sample", Map.of("profile", "dbcp2"), 16, 3, 3, 18.4, 0.8, "us/op", 100, Map.of(), List.of(), Map.of(),
                0.01, List.of());
        assertEquals(List.of(), JmhFindings.of(List.of(thrpt("hikari", List.of(1.0, 2.0)), sample)));
        assertTrue(JmhFindings.claim(null).isEmpty());
    }
}
