package io.poolbench.toxiproxy.drill;

import io.poolbench.testbed.Figures;
import io.poolbench.testbed.load.PoolErrors;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a failover drill measured, from its samples alone (a pure function, unit-tested without Docker). Times are
 * seconds after the injection; {@code null} where something never happened (no error, no write on the new writer).
 * <ul>
 *   <li>{@code first_error_s}, {@code last_error_s}: when the first and last failed request ended;</li>
 *   <li>{@code first_write_on_new_writer_s}: the first successful write that started after the endpoint moved
 *       (writes before it went to the old writer, read-only since the injection);</li>
 *   <li>{@code pool_back_to_min_idle_s}: after that write, the first pool sample with nobody waiting, a spare
 *       connection and at least the pool's minimum idle;</li>
 *   <li>{@code blocked_over_pool_timeout}: requests that failed with the pool's timeout or waited in
 *       getConnection longer than it (30 s when the pool has none);</li>
 *   <li>{@code serves_again_s}: when the last request that failed or took longer than
 *       {@value #SLOW_MS} ms ended (0 when none did): from then on the service served every request;</li>
 *   <li>{@code load_end_s}: when the last request ended: a {@code serves_again_s} within a second of it means the
 *       service still failed requests when the load stopped;</li>
 *   <li>{@code read_only_errors}, {@code failed}, {@code requests}, {@code max_response_ms}, {@code p99_response_ms}.</li>
 * </ul>
 */
final class FailoverMetrics {
    /** Threshold for "blocked" when the pool's borrow timeout is unbounded, ms. */
    static final long UNBOUNDED_THRESHOLD_MS = 30_000;
    /** A response slower than this counts as not served, for {@code serves_again_s}, ms. */
    static final long SLOW_MS = 1_000;

    private FailoverMetrics() {
    }

    /**
     * @param samples every request of the run
     * @param pool pool samples: ms since the load started, active, idle, waiting, total
     * @param events event → ms since the load started ({@code injection}, {@code endpoint-moved}, ...)
     * @param borrowTimeoutMs the pool's borrow timeout, ms, or ≤ 0 when unbounded
     * @param minIdle the pool's minimum idle connections
     * @return metric → value, in the order listed in the class comment
     */
    static Map<String, Double> of(List<OpenLoopLoad.Sample> samples, List<long[]> pool, Map<String, Long> events,
            long borrowTimeoutMs, int minIdle) {
        Map<String, Double> m = new LinkedHashMap<>();
        long inj = events.getOrDefault("injection", 0L);
        long moved = events.getOrDefault("endpoint-moved", inj);
        Double firstErr = null;
        Double lastErr = null;
        long failed = 0;
        long readOnly = 0;
        long blocked = 0;
        long threshold = borrowTimeoutMs > 0 ? borrowTimeoutMs : UNBOUNDED_THRESHOLD_MS;
        Double firstWrite = null;
        double servesAgain = 0;
        double loadEnd = 0;
        List<Long> rts = new ArrayList<>();
        for (OpenLoopLoad.Sample x : samples) {
            if (x.endMs() >= 0) {
                rts.add(x.responseMs());
                loadEnd = Math.max(loadEnd, (x.endMs() - inj) / 1000.0);
            }
            boolean ok = x.outcome().equals("ok");
            if ((!ok || x.responseMs() > SLOW_MS) && x.endMs() >= 0) {
                servesAgain = Math.max(servesAgain, (x.endMs() - inj) / 1000.0);
            }
            if (!ok) {
                failed++;
                if (x.endMs() >= 0) {
                    double at = (x.endMs() - inj) / 1000.0;
                    firstErr = firstErr == null ? at : Math.min(firstErr, at);
                    lastErr = lastErr == null ? at : Math.max(lastErr, at);
                }
            }
            if (x.outcome().equals(PoolErrors.READ_ONLY)) {
                readOnly++;
            }
            if (x.outcome().equals(PoolErrors.POOL_TIMEOUT) || x.borrowUs() > threshold * 1000) {
                blocked++;
            }
            if (ok && x.endpoint().equals("write") && x.startMs() >= moved) {
                double at = (x.endMs() - inj) / 1000.0;
                firstWrite = firstWrite == null ? at : Math.min(firstWrite, at);
            }
        }
        Double backToMin = null;
        if (firstWrite != null) {
            long from = inj + (long) (firstWrite * 1000);
            for (long[] ps : pool) {
                if (ps[0] >= from && ps[3] <= 0 && ps[2] >= 1 && ps[4] >= minIdle) {
                    backToMin = (ps[0] - inj) / 1000.0;
                    break;
                }
            }
        }
        m.put("requests", (double) samples.size());
        m.put("failed", (double) failed);
        m.put("first_error_s", firstErr);
        m.put("last_error_s", lastErr);
        m.put("first_write_on_new_writer_s", firstWrite);
        m.put("pool_back_to_min_idle_s", backToMin);
        m.put("serves_again_s", servesAgain);
        m.put("load_end_s", loadEnd);
        m.put("read_only_errors", (double) readOnly);
        m.put("blocked_over_pool_timeout", (double) blocked);
        m.put("pool_timeout_ms", (double) borrowTimeoutMs);
        m.put("max_response_ms", rts.isEmpty() ? null : (double) rts.stream().mapToLong(Long::longValue).max().orElse(0));
        m.put("p99_response_ms", Figures.nearestRank(rts, 0.99));
        return m;
    }
}
