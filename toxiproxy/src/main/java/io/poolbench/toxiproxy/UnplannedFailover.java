package io.poolbench.toxiproxy;

import io.poolbench.toxiproxy.DrillCluster.Instance;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The writer dies without warning: A hangs silently ({@link DrillCluster#freeze}: in the local cluster
 * {@code docker pause}; open connections hang until a socket timeout), after a detection time B is promoted and the
 * endpoint moves to it, and later A reboots (its connections are reset, it comes back read-only). Nobody can ask A how far it got: B gets half a second to apply
 * what it received, and what A acknowledged but B never received is lost, as with asynchronous replication. What it
 * shows: how long borrowers hang on dead connections (socket timeout, validation timeout) and how many acknowledged
 * writes the ledger misses.
 *
 * <p>Used by the unplanned drill and by seed 004's {@code --failover unplanned}; the steps and their order are the
 * same. The drill's defaults: 5 s to detect, 10 s to the reboot (Aurora's documentation puts an unplanned failover
 * at typically under 30 s, a planned one at under a minute).
 */
public final class UnplannedFailover {
    /** Seconds from the failure to B's promotion, by default. */
    public static final int DETECT_SECONDS = 5;
    /** Seconds from the failure to A's reboot, by default. */
    public static final int REBOOT_SECONDS = 10;

    private UnplannedFailover() {
    }

    /**
     * Carries out the failure and the failover and records when each step ended; returns once A has rebooted.
     *
     * @param cluster the cluster, A writing and B replicating
     * @param detectSeconds from the failure to B's promotion, s
     * @param rebootSeconds from the failure to A's reboot, s (at least {@code detectSeconds})
     * @param nowMs clock of the run's timeline, ms
     * @param events receives {@code injection}, {@code promoted}, {@code endpoint-moved}, {@code old-writer-rebooted}
     *     → time on that clock
     * @throws Exception when a server or Toxiproxy does not answer, or when interrupted
     */
    public static void inject(DrillCluster cluster, int detectSeconds, int rebootSeconds, LongSupplier nowMs,
            Map<String, Long> events) throws Exception {
        events.put("injection", nowMs.getAsLong());
        cluster.freeze(Instance.A);
        long rebootAt = System.nanoTime() + rebootSeconds * 1_000_000_000L;
        Thread.sleep(detectSeconds * 1000L);
        Thread.sleep(500);
        cluster.promoteB();
        events.put("promoted", nowMs.getAsLong());
        cluster.pointWriterEndpointAt(Instance.B);
        events.put("endpoint-moved", nowMs.getAsLong());
        long left = (rebootAt - System.nanoTime()) / 1_000_000;
        if (left > 0) {
            Thread.sleep(left);
        }
        cluster.cutConnections(Instance.A);
        cluster.unfreeze(Instance.A);
        cluster.setReadOnly(Instance.A);
        events.put("old-writer-rebooted", nowMs.getAsLong());
    }
}
