package io.poolbench.toxiproxy;

import io.poolbench.toxiproxy.DrillCluster.Instance;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A failover with a stale writer endpoint: B is promoted as in a planned failover, but for a while the endpoint name
 * flaps between B and the read-only old writer A (DNS caches and TTLs after an Aurora failover do this), then
 * settles on B. What it shows: whether a pool that opens connections during the flapping keeps some to A (read-only
 * errors long after the failover) or drops them, e.g. through a writer check on borrow such as seed 004's
 * {@code concheck.validation()}.
 *
 * <p>Used by the stale-endpoint drill and by seed 004's {@code --failover stale}; the steps and their order are the
 * same. The drill's defaults: the endpoint flips every 2 s for 8 s.
 */
public final class StaleEndpoint {
    /** Seconds the endpoint stays on one instance while flapping, by default. */
    public static final int FLAP_EVERY_SECONDS = 2;
    /** Seconds the endpoint flaps, by default. */
    public static final int FLAP_FOR_SECONDS = 8;

    private StaleEndpoint() {
    }

    /**
     * Carries out the failover with the flapping endpoint and records when each step ended; returns once the
     * endpoint has settled on B.
     *
     * @param cluster the cluster, A writing and B replicating
     * @param flapEverySeconds how long the endpoint stays on one instance while flapping, s
     * @param flapForSeconds how long it flaps, s
     * @param nowMs clock of the run's timeline, ms
     * @param events receives {@code injection}, {@code promoted}, {@code endpoint-b-1}, {@code endpoint-a-2}, …,
     *     {@code endpoint-moved} → time on that clock
     * @throws io.poolbench.testbed.TestbedException when B does not catch up within 30 s
     * @throws Exception when a server or Toxiproxy does not answer, or when interrupted
     */
    public static void inject(DrillCluster cluster, int flapEverySeconds, int flapForSeconds, LongSupplier nowMs,
            Map<String, Long> events) throws Exception {
        events.put("injection", nowMs.getAsLong());
        cluster.setReadOnly(Instance.A);
        cluster.awaitReplicaCaughtUp(30);
        cluster.promoteB();
        events.put("promoted", nowMs.getAsLong());
        long until = System.nanoTime() + flapForSeconds * 1_000_000_000L;
        Instance target = Instance.B;
        int flips = 0;
        while (System.nanoTime() < until) {
            cluster.pointWriterEndpointAt(target);
            events.put("endpoint-" + target.name().toLowerCase(Locale.ROOT) + "-" + (++flips), nowMs.getAsLong());
            target = target == Instance.A ? Instance.B : Instance.A;
            Thread.sleep(flapEverySeconds * 1000L);
        }
        cluster.pointWriterEndpointAt(Instance.B);
        events.put("endpoint-moved", nowMs.getAsLong());
    }
}
