package io.poolbench.toxiproxy.drill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.poolbench.toxiproxy.Ledger;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The drills' figures over runs, computed before any Markdown: exact values from made-up results. */
class DrillTablesTest {
    private static DrillResult failover(String profile, int run, Double firstErrorS, int failed, int lost) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("first_error_s", firstErrorS);
        m.put("failed", (double) failed);
        return new DrillResult("unplanned", profile, profile.startsWith("h") ? "HikariCP" : "DBCP2", run, Map.of(),
                m, Map.of("ok", 10L, "connection-lost", (long) failed), new Ledger.Reconciliation(100, lost, 0, 0,
                        List.of(), 2, 0, 1, 0));
    }

    @Test
    void eachProfileGetsMedianP95AndMaxOverItsRunsAndARunWithoutTheMetricCountsAsNever() {
        List<DrillResult> dr = List.of(failover("hikari", 1, 1.5, 4, 0), failover("hikari", 2, null, 8, 1),
                failover("hikari", 3, 0.5, 6, 0), failover("dbcp2", 1, 2.0, 1, 0));
        List<DrillTables.ProfileFigures> f = DrillTables.failover(dr, List.of("dbcp2", "hikari"));
        assertEquals(List.of("dbcp2", "hikari"), f.stream().map(DrillTables.ProfileFigures::profile).toList());
        DrillTables.ProfileFigures h = f.get(1);
        assertEquals("HikariCP", h.pool());
        assertEquals(3, h.runs());
        DrillTables.Metric first = metric(h, "first_error_s");
        assertEquals(Arrays.asList(1.5, null, 0.5), first.values());
        assertEquals(2, first.n());
        assertEquals(0.5, first.median());
        assertEquals(1.5, first.max());
        DrillTables.Metric failed = metric(h, "failed");
        assertEquals(6.0, failed.median());
        assertEquals(8.0, failed.p95());
        assertEquals(1.0, metric(h, "lost_writes").max());
        assertEquals(100.0, metric(h, "acknowledged_writes").median());
        assertEquals(Map.of("connection-lost", 18L, "ok", 30L), h.outcomes());
        assertNull(metric(h, "pool_back_to_min_idle_s").median());
        assertEquals(0, metric(h, "pool_back_to_min_idle_s").n());
    }

    @Test
    void aLatencyStepIsTakenFromTheMetricsNamesInTheirOrder() {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("+0ms.throughput_rps", 100.0);
        m.put("+0ms.p99_ms", 5.0);
        m.put("+50ms.throughput_rps", 90.0);
        m.put("+50ms.p99_ms", 120.0);
        List<DrillTables.ProfileFigures> f = DrillTables.latency(List.of(new DrillResult("latency", "hikari",
                "HikariCP", 1, Map.of(), m, Map.of(), null)), List.of("hikari"));
        assertEquals(14, f.get(0).metrics().size(), "two steps of seven metrics");
        assertEquals("+50ms.throughput_rps", f.get(0).metrics().get(7).metric());
        assertEquals(120.0, metric(f.get(0), "+50ms.p99_ms").median());
        assertNull(metric(f.get(0), "+50ms.errors").median());
    }

    @Test
    void theFailoverTableHasAColumnPerProfileAndARowPerMetric() {
        List<DrillTables.ProfileFigures> f = DrillTables.failover(List.of(failover("hikari", 1, null, 4, 0),
                failover("x|y", 1, 1.0, 1, 0)), List.of("hikari", "x|y"));
        String md = DrillTables.failoverMarkdown(f);
        List<String> table = md.lines().filter(l -> l.startsWith("|")).toList();
        assertEquals(2 + f.get(0).metrics().size(), table.size(), md);
        assertEquals("| metric | hikari (HikariCP, n=1) | x\\|y (DBCP2, n=1) |", table.get(0));
        assertEquals("| `first_error_s` | never | 1 (1, 1) |", table.get(2));
    }

    private static DrillTables.Metric metric(DrillTables.ProfileFigures f, String name) {
        return f.metrics().stream().filter(m -> m.metric().equals(name)).findFirst().orElseThrow().figures();
    }
}
