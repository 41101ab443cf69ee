package io.poolbench.toxiproxy.drill;

import io.poolbench.toxiproxy.DrillCluster;
import io.poolbench.toxiproxy.Failovers;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The stale-endpoint drill: a steady load, then {@link Failovers#stale} (B promoted, the endpoint flapping between B
 * and the read-only A, then settled on B), then the load until {@code afterSeconds} after the promotion.
 *
 * @param steadySeconds load before the promotion, s
 * @param flapEverySeconds how long the endpoint stays on one instance while flapping, s
 * @param flapForSeconds how long it flaps, s
 * @param afterSeconds load after the promotion, s (at least one second after the flapping)
 */
record StaleEndpointDrill(int steadySeconds, int flapEverySeconds, int flapForSeconds, int afterSeconds) implements Injection {
    @Override
    public void inject(DrillCluster t, LongSupplier nowMs, Map<String, Long> events) throws Exception {
        Injection.sleep(steadySeconds);
        Failovers.stale(t, flapEverySeconds, flapForSeconds, nowMs, events);
        Injection.sleep(Math.max(1, afterSeconds - flapForSeconds));
    }

    @Override
    public boolean failsOver() {
        return true;
    }
}
