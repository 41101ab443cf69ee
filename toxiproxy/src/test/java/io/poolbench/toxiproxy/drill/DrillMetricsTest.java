package io.poolbench.toxiproxy.drill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.poolbench.testbed.load.WriteOutcome;
import io.poolbench.toxiproxy.Ledger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The drills' metrics and the ledger, from made-up samples: no Docker, no timing. */
class DrillMetricsTest {
    static OpenLoopLoad.Sample ok(long at, String endpoint, long durMs) {
        return new OpenLoopLoad.Sample(at, at, at + durMs, endpoint, 200, "ok", 100);
    }

    static OpenLoopLoad.Sample failed(long at, String outcome, long durMs, long borrowUs) {
        return new OpenLoopLoad.Sample(at, at, at + durMs, "short", 503, outcome, borrowUs);
    }

    @Test
    void failoverMetricsFindTheFirstErrorTheFirstWriteOnTheNewWriterAndTheRecovery() {
        Map<String, Long> events = new LinkedHashMap<>();
        events.put("injection", 10_000L);
        events.put("endpoint-moved", 12_000L);
        List<OpenLoopLoad.Sample> samples = List.of(
                ok(9_000, "write", 5),
                failed(10_100, "read-only", 10, 100),
                ok(11_000, "write", 5), // a write before the endpoint moved: not on the new writer
                failed(11_500, "pool-timeout", 30_000, 30_000_000),
                failed(12_100, "connection-lost", 400, 50_000_000), // waited 50 s in getConnection: blocked
                ok(12_500, "write", 500),
                new OpenLoopLoad.Sample(13_000, 13_000, -1, "short", -1, "unfinished", -1));
        List<long[]> pool = List.of(
                new long[] {12_000, 10, 0, 5, 10},
                new long[] {13_500, 2, 0, 0, 10}, // no spare connection yet
                new long[] {14_000, 2, 8, 0, 10});
        Map<String, Double> m = FailoverMetrics.of(samples, pool, events, 30_000, 10);
        assertEquals(7.0, m.get("requests"));
        assertEquals(4.0, m.get("failed"));
        assertEquals(0.11, m.get("first_error_s"), 1e-9);
        assertEquals(31.5, m.get("last_error_s"), 1e-9);
        assertEquals(3.0, m.get("first_write_on_new_writer_s"), 1e-9);
        assertEquals(4.0, m.get("pool_back_to_min_idle_s"), 1e-9);
        assertEquals(1.0, m.get("read_only_errors"));
        assertEquals(2.0, m.get("blocked_over_pool_timeout"));
        assertEquals(30_000.0, m.get("max_response_ms"));
        // the pool-timeout that ended at 41.5 s (31.5 s after the injection) is the last failed or slow request
        assertEquals(31.5, m.get("serves_again_s"), 1e-9);
    }

    @Test
    void withoutErrorsOrAWriteOnTheNewWriterThoseTimesAreAbsentNotZero() {
        Map<String, Double> m = FailoverMetrics.of(List.of(ok(1_000, "short", 5)), List.of(),
                Map.of("injection", 500L, "endpoint-moved", 600L), -1, 10);
        assertNull(m.get("first_error_s"));
        assertNull(m.get("first_write_on_new_writer_s"));
        assertNull(m.get("pool_back_to_min_idle_s"));
        assertEquals(-1.0, m.get("pool_timeout_ms"));
        assertEquals(0.0, m.get("serves_again_s"), "nothing failed or was slow");
    }

    @Test
    void latencyMetricsSplitTheRunAtEachStep() {
        Map<String, Long> events = new LinkedHashMap<>();
        events.put("step-0ms", 0L);
        events.put("step-50ms", 10_000L);
        events.put("end", 20_000L);
        List<OpenLoopLoad.Sample> samples = List.of(ok(1_000, "short", 2), ok(2_000, "short", 4),
                ok(11_000, "short", 60), failed(12_000, "pool-timeout", 30_000, 30_000_000));
        Map<String, Double> m = LatencyMetrics.of(samples, events);
        assertEquals(0.2, m.get("0ms.throughput_rps"), 1e-9);
        assertEquals(4.0, m.get("0ms.max_ms"));
        assertEquals(0.0, m.get("0ms.errors"));
        assertEquals(0.1, m.get("50ms.throughput_rps"), 1e-9);
        assertEquals(1.0, m.get("50ms.errors"));
        assertEquals(30_000.0, m.get("50ms.borrow_max_ms"));
    }

    @Test
    void theLedgerResolvesUnknownOutcomesAgainstTheNewWriter() {
        Ledger l = new Ledger();
        l.record("a", WriteOutcome.ACKNOWLEDGED);
        l.record("b", WriteOutcome.ACKNOWLEDGED);
        l.record("c", WriteOutcome.ACKNOWLEDGED);
        l.record("x", WriteOutcome.UNKNOWN);
        l.record("y", WriteOutcome.UNKNOWN);
        l.record("z", WriteOutcome.UNKNOWN);
        l.record("f", WriteOutcome.FAILED);
        l.record("g", WriteOutcome.FAILED);
        Ledger.Reconciliation r = l.reconcile(Set.of("a", "c", "y", "z", "g"), 0);
        assertEquals(3, r.acknowledged());
        assertEquals(1, r.lost());
        assertEquals(List.of("b"), r.lostSample());
        assertEquals(3, r.unknown());
        assertEquals(2, r.unknownCommitted(), "y and z committed although the client never learned it");
        assertEquals(2, r.failed());
        assertEquals(1, r.failedPresent(), "g: failed before it was sent, yet present: an anomaly");
        assertEquals(3, r.unacknowledgedPresent());
    }
}
