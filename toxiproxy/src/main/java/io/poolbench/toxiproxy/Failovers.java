package io.poolbench.toxiproxy;

import io.poolbench.testbed.Labels;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.toxiproxy.DrillCluster.Instance;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The failovers poolbench injects, step by step, each recording when its steps ended (event name → time on the
 * run's clock). The drills and the Aurora article's {@code --failover} run the same steps in the same order.
 *
 * <ul>
 *   <li>{@link #planned}: an Aurora-style planned failover (a "failover" in the console, or a scaling or maintenance
 *       event): the writer A turns read-only, the replica B catches up and is promoted, the cluster's writer
 *       endpoint name moves to B (new connections only: connections already open stay on A, now read-only), and A
 *       is rebooted, which resets every connection still open to it. A pool that validates with a writer check
 *       (the Aurora article's {@code concheck.validation()}) drops connections to A on borrow; one that does not keeps handing
 *       them out until they fail.</li>
 *   <li>{@link #unplanned}: the writer dies without warning: A hangs silently ({@link DrillCluster#freeze}: in the
 *       local cluster {@code docker pause}; open connections hang until a socket timeout), after a detection time B
 *       is promoted and the endpoint moves to it, and later A reboots (its connections are reset, it comes back
 *       read-only). Nobody can ask A how far it got: B gets half a second to apply what it received, and what A
 *       acknowledged but B never received is lost, as with asynchronous replication.</li>
 *   <li>{@link #stale}: B is promoted as in a planned failover, but for a while the endpoint name flaps between B
 *       and the read-only old writer A (DNS caches and TTLs after an Aurora failover do this), then settles on B:
 *       does a pool that opens connections during the flapping keep some to A?</li>
 * </ul>
 * The drills' defaults ({@link #DETECT_SECONDS}, {@link #REBOOT_SECONDS}, {@link #FLAP_EVERY_SECONDS},
 * {@link #FLAP_FOR_SECONDS}; docs/reference/stand-in-timeline.md): Aurora's documentation puts an unplanned failover at
 * typically under 30 s.
 */
public final class Failovers {
    /** Seconds from the failure to B's promotion in an unplanned failover, by default. */
    public static final int DETECT_SECONDS = 5;
    /**
     * Milliseconds B gets after the detection to apply what it received from A before it is promoted and the
     * endpoint moves (an unplanned failover).
     */
    public static final int APPLY_MS = 500;
    /** Seconds from the failure to A's reboot in an unplanned failover, by default. */
    public static final int REBOOT_SECONDS = 10;
    /** Seconds the endpoint stays on one instance while flapping, by default. */
    public static final int FLAP_EVERY_SECONDS = 2;
    /** Seconds the endpoint flaps, by default. */
    public static final int FLAP_FOR_SECONDS = 8;

    /** The failovers the stand-in makes: planned, unplanned, stale endpoint. */
    public static final List<FaultKind> KINDS = List.of(FaultKind.PLANNED_FAILOVER, FaultKind.UNPLANNED_FAILOVER,
            FaultKind.STALE_ENDPOINT);

    private Failovers() {
    }

    /**
     * Carries out a planned failover and records when each step ended.
     *
     * @param cluster the cluster, A writing and B replicating
     * @param nowMs clock of the run's timeline, ms
     * @param events receives {@code injection}, {@code caught-up}, {@code promoted}, {@code endpoint-moved},
     *     {@code old-writer-rebooted} → time on that clock
     * @throws io.poolbench.testbed.TestbedException when B does not catch up within 30 s
     * @throws Exception when a server or Toxiproxy does not answer
     */
    public static void planned(DrillCluster cluster, LongSupplier nowMs, Map<String, Long> events) throws Exception {
        events.put("injection", nowMs.getAsLong());
        demoteA(cluster);
        events.put("caught-up", nowMs.getAsLong());
        promoteB(cluster, nowMs, events);
        moveEndpointToB(cluster, nowMs, events);
        cluster.cutConnections(Instance.A);
        events.put("old-writer-rebooted", nowMs.getAsLong());
    }

    /**
     * Carries out an unplanned failover (the failure, then the failover) and records when each step ended; returns
     * once A has rebooted.
     *
     * @param cluster the cluster, A writing and B replicating
     * @param detectSeconds from the failure to B's promotion, s
     * @param rebootSeconds from the failure to A's reboot, s (at least {@code detectSeconds})
     * @param nowMs clock of the run's timeline, ms
     * @param events receives {@code injection}, {@code promoted}, {@code endpoint-moved}, {@code old-writer-rebooted}
     *     → time on that clock
     * @throws Exception when a server or Toxiproxy does not answer, or when interrupted
     */
    public static void unplanned(DrillCluster cluster, int detectSeconds, int rebootSeconds, LongSupplier nowMs,
            Map<String, Long> events) throws Exception {
        events.put("injection", nowMs.getAsLong());
        cluster.freeze(Instance.A);
        long rebootAt = System.nanoTime() + rebootSeconds * 1_000_000_000L;
        Thread.sleep(detectSeconds * 1000L);
        Thread.sleep(APPLY_MS);
        promoteB(cluster, nowMs, events);
        moveEndpointToB(cluster, nowMs, events);
        long left = (rebootAt - System.nanoTime()) / 1_000_000;
        if (left > 0) {
            Thread.sleep(left);
        }
        cluster.cutConnections(Instance.A);
        cluster.unfreeze(Instance.A);
        cluster.setReadOnly(Instance.A);
        events.put("old-writer-rebooted", nowMs.getAsLong());
    }

    /**
     * Carries out a failover with a stale, flapping endpoint and records when each step ended; returns once the
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
    public static void stale(DrillCluster cluster, int flapEverySeconds, int flapForSeconds, LongSupplier nowMs,
            Map<String, Long> events) throws Exception {
        events.put("injection", nowMs.getAsLong());
        demoteA(cluster);
        promoteB(cluster, nowMs, events);
        long until = System.nanoTime() + flapForSeconds * 1_000_000_000L;
        Instance target = Instance.B;
        int flips = 0;
        while (System.nanoTime() < until) {
            cluster.pointWriterEndpointAt(target);
            events.put("endpoint-" + Labels.of(target) + "-" + (++flips), nowMs.getAsLong());
            target = target == Instance.A ? Instance.B : Instance.A;
            Thread.sleep(flapEverySeconds * 1000L);
        }
        moveEndpointToB(cluster, nowMs, events);
    }

    /** The old writer A turns read-only and B gets up to 30 s to apply what A wrote (a planned hand-over). */
    private static void demoteA(DrillCluster cluster) throws Exception {
        cluster.setReadOnly(Instance.A);
        cluster.awaitReplicaCaughtUp(30);
    }

    private static void promoteB(DrillCluster cluster, LongSupplier nowMs, Map<String, Long> events)
            throws Exception {
        cluster.promoteB();
        events.put("promoted", nowMs.getAsLong());
    }

    private static void moveEndpointToB(DrillCluster cluster, LongSupplier nowMs, Map<String, Long> events)
            throws Exception {
        cluster.pointWriterEndpointAt(Instance.B);
        events.put("endpoint-moved", nowMs.getAsLong());
    }
}
