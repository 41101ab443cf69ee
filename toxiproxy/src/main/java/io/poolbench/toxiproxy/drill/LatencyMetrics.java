package io.poolbench.toxiproxy.drill;

import io.poolbench.testbed.Figures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the latency drill measured per step of added latency, from its samples alone (a pure function): for the
 * requests whose intended start fell in the step, {@code <step>.throughput_rps} (successful requests per second of
 * the step), {@code p50_ms}, {@code p99_ms}, {@code max_ms} of the response time from the intended start,
 * {@code borrow_p99_ms}, {@code borrow_max_ms} and {@code errors}. Steps are the events named {@code step-<x>}; a
 * step ends at the next event or at {@code end}.
 */
final class LatencyMetrics {
    private LatencyMetrics() {
    }

    /**
     * @param samples every request of the run
     * @param events event → ms since the load started, in order ({@code step-0ms}, {@code step-5ms}, ..., {@code end})
     * @return {@code <step>.<metric>} → value
     */
    static Map<String, Double> of(List<OpenLoopLoad.Sample> samples, Map<String, Long> events) {
        Map<String, Double> m = new LinkedHashMap<>();
        List<Map.Entry<String, Long>> steps = new ArrayList<>(events.entrySet());
        for (int i = 0; i < steps.size(); i++) {
            String name = steps.get(i).getKey();
            if (!name.startsWith("step-")) {
                continue;
            }
            long from = steps.get(i).getValue();
            long to = i + 1 < steps.size() ? steps.get(i + 1).getValue() : Long.MAX_VALUE;
            List<Long> rt = new ArrayList<>();
            List<Long> borrow = new ArrayList<>();
            long ok = 0;
            long err = 0;
            for (OpenLoopLoad.Sample x : samples) {
                if (x.intendedMs() < from || x.intendedMs() >= to) {
                    continue;
                }
                if (x.endMs() >= 0) {
                    rt.add(x.responseMs());
                }
                if (x.borrowUs() >= 0) {
                    borrow.add(x.borrowUs() / 1000);
                }
                if (x.outcome().equals("ok")) {
                    ok++;
                } else {
                    err++;
                }
            }
            String k = name.substring("step-".length());
            double secs = (Math.min(to, events.getOrDefault("end", to)) - from) / 1000.0;
            m.put(k + ".throughput_rps", secs > 0 ? ok / secs : null);
            m.put(k + ".p50_ms", Figures.nearestRank(rt, 0.50));
            m.put(k + ".p99_ms", Figures.nearestRank(rt, 0.99));
            m.put(k + ".max_ms", rt.isEmpty() ? null : (double) rt.stream().mapToLong(Long::longValue).max().orElse(0));
            m.put(k + ".borrow_p99_ms", Figures.nearestRank(borrow, 0.99));
            m.put(k + ".borrow_max_ms", borrow.isEmpty() ? null
                    : (double) borrow.stream().mapToLong(Long::longValue).max().orElse(0));
            m.put(k + ".errors", (double) err);
        }
        return m;
    }
}
