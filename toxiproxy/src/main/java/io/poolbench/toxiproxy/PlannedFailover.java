package io.poolbench.toxiproxy;

import io.poolbench.toxiproxy.DrillCluster.Instance;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * An Aurora-style planned failover (a "failover" in the console, or a scaling or maintenance event): the writer A
 * turns read-only, the replica B catches up and is promoted, the cluster's writer endpoint name moves to B (new
 * connections only: connections already open stay on A, now read-only), and A is rebooted, which resets every
 * connection still open to it. What a pool does then is the experiment: a pool that validates with a writer check
 * (seed 004's {@code concheck.validation()}) drops connections to A on borrow; one that does not keeps handing them
 * out until they fail.
 *
 * <p>Used by the planned drill and by seed 004's failover variant; the steps and their order are the same.
 */
public final class PlannedFailover {
    private PlannedFailover() {
    }

    /**
     * Carries out the failover and records when each step ended.
     *
     * @param cluster the cluster, A writing and B replicating
     * @param nowMs clock of the run's timeline, ms
     * @param events receives {@code injection}, {@code caught-up}, {@code promoted}, {@code endpoint-moved},
     *     {@code old-writer-rebooted} → time on that clock
     * @throws io.poolbench.testbed.TestbedException when B does not catch up within 30 s
     * @throws Exception when a server or Toxiproxy does not answer
     */
    public static void inject(DrillCluster cluster, LongSupplier nowMs, Map<String, Long> events) throws Exception {
        events.put("injection", nowMs.getAsLong());
        cluster.setReadOnly(Instance.A);
        cluster.awaitReplicaCaughtUp(30);
        events.put("caught-up", nowMs.getAsLong());
        cluster.promoteB();
        events.put("promoted", nowMs.getAsLong());
        cluster.pointWriterEndpointAt(Instance.B);
        events.put("endpoint-moved", nowMs.getAsLong());
        cluster.cutConnections(Instance.A);
        events.put("old-writer-rebooted", nowMs.getAsLong());
    }
}
