package io.poolbench.toxiproxy.drill;

import io.poolbench.toxiproxy.Ledger;
import java.util.Map;

/**
 * What one run measured.
 *
 * @param drill drill id
 * @param profile profile name
 * @param pool the pool's name, e.g. {@code HikariCP}
 * @param run 1-based run number
 * @param events event name → ms since the load started (injection, promotion, endpoint moves, reboot)
 * @param metrics metric name → value (units in the name: _s seconds after the injection, _ms, count)
 * @param outcomes outcome → requests
 * @param reconciliation the write ledger against the writer at the end (null for the latency drill)
 */
public record DrillResult(String drill, String profile, String pool, int run, Map<String, Long> events,
        Map<String, Double> metrics, Map<String, Long> outcomes, Ledger.Reconciliation reconciliation) {
}
