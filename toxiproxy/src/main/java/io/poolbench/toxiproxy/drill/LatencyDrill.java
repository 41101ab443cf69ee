package io.poolbench.toxiproxy.drill;

import io.poolbench.toxiproxy.DrillCluster.Instance;
import io.poolbench.toxiproxy.DrillCluster;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The network gets slow: the round trip between webapp and writer grows in steps (e.g. 0, 5, 20, 50 ms, each held
 * for a while) under a steady open-loop load, as when a service moves from a database next door to one across
 * availability zones or regions. Every query and every validation on borrow pays the round trip, so a pool's
 * borrow and validation pattern turns into response time and, once connections are held longer, into waiting for
 * the pool. Measured per step by {@link LatencyMetrics}.
 *
 * @param stepsMs added round trip of each step, ms
 * @param stepSeconds how long each step lasts, s
 * @param jitterMs jitter of the round trip, ms (uniform ±)
 */
record LatencyDrill(List<Integer> stepsMs, int stepSeconds, int jitterMs) implements Injection {
    /** Copies the steps. */
    LatencyDrill {
        stepsMs = List.copyOf(stepsMs);
    }

    @Override
    public void inject(DrillCluster t, LongSupplier nowMs, Map<String, Long> events) throws Exception {
        try {
            for (int ms : stepsMs) {
                t.setLatency(Instance.A, ms, jitterMs);
                events.put("step-" + ms + "ms", nowMs.getAsLong());
                Injection.sleep(stepSeconds);
            }
            events.put("end", nowMs.getAsLong());
        } finally {
            t.setLatency(Instance.A, 0, 0);
        }
    }

    @Override
    public boolean failsOver() {
        return false;
    }
}
