package io.poolbench.toxiproxy.drill;

import io.poolbench.toxiproxy.DrillCluster;
import io.poolbench.toxiproxy.Failovers;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The unplanned drill: a steady load, then {@link Failovers#unplanned} (A stops answering, B promoted after the
 * detection time, A rebooted later), then the load until {@code afterSeconds} after the promotion.
 *
 * @param steadySeconds load before the failure, s
 * @param detectSeconds from the failure to B's promotion, s
 * @param rebootSeconds from the failure to A's reboot, s
 * @param afterSeconds load after the promotion, s
 */
record UnplannedDrill(int steadySeconds, int detectSeconds, int rebootSeconds, int afterSeconds) implements Injection {
    @Override
    public void inject(DrillCluster t, LongSupplier nowMs, Map<String, Long> events) throws Exception {
        Injection.sleep(steadySeconds);
        Failovers.unplanned(t, detectSeconds, rebootSeconds, nowMs, events);
        long end = events.get("injection") + (detectSeconds + afterSeconds) * 1000L;
        long rest = end - nowMs.getAsLong();
        if (rest > 0) {
            Thread.sleep(rest);
        }
    }

    @Override
    public boolean failsOver() {
        return true;
    }
}
