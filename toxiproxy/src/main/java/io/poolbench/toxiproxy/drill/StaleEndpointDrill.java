package io.poolbench.toxiproxy.drill;

import io.poolbench.toxiproxy.DrillCluster.Instance;
import io.poolbench.toxiproxy.DrillCluster;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A stale writer endpoint: B is promoted as in a planned failover, but for a while the endpoint name flaps between
 * B and the read-only old writer A (DNS caches and TTLs after an Aurora failover do this), then settles on B. What
 * it shows: whether a pool that opens connections during the flapping keeps some to A (read-only errors long after
 * the failover) or drops them, e.g. through a writer check on borrow such as seed 004's
 * {@code concheck.validation()}.
 *
 * @param steadySeconds load before the promotion, s
 * @param flapEverySeconds how long the endpoint stays on one instance while flapping, s
 * @param flapForSeconds how long it flaps, s
 * @param afterSeconds load after the promotion, s (at least one second after the flapping)
 */
record StaleEndpointDrill(int steadySeconds, int flapEverySeconds, int flapForSeconds, int afterSeconds) implements Injection {
    @Override
    public void inject(DrillCluster t, LongSupplier nowMs, Map<String, Long> events) throws Exception {
        Injection.steadyThenMark(steadySeconds, nowMs, events);
        t.setReadOnly(Instance.A);
        t.awaitReplicaCaughtUp(30);
        t.promoteB();
        events.put("promoted", nowMs.getAsLong());
        long until = System.nanoTime() + flapForSeconds * 1_000_000_000L;
        Instance target = Instance.B;
        int flips = 0;
        while (System.nanoTime() < until) {
            t.pointWriterEndpointAt(target);
            events.put("endpoint-" + target.name().toLowerCase(Locale.ROOT) + "-" + (++flips), nowMs.getAsLong());
            target = target == Instance.A ? Instance.B : Instance.A;
            Injection.sleep(flapEverySeconds);
        }
        t.pointWriterEndpointAt(Instance.B);
        events.put("endpoint-moved", nowMs.getAsLong());
        Injection.sleep(Math.max(1, afterSeconds - flapForSeconds));
    }

    @Override
    public boolean failsOver() {
        return true;
    }
}
