package io.poolbench.toxiproxy.drill;

import io.poolbench.toxiproxy.DrillCluster;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * One drill's injection: what it does to the cluster while the runner's open-loop load runs. The runner starts the webapp and
 * the load, calls {@link #inject}, stops the load and measures ({@link FailoverMetrics} or {@link LatencyMetrics}).
 */
interface Injection {
    /**
     * Carries out the drill from the moment the load runs until the load should stop.
     *
     * @param cluster the cluster (A writing, B replicating, the endpoint on A)
     * @param nowMs the load's clock, ms since it started
     * @param events receives event name → time on that clock
     * @throws Exception when the cluster does not do what the drill asks
     */
    void inject(DrillCluster cluster, LongSupplier nowMs, Map<String, Long> events) throws Exception;

    /** @return true when the drill fails over: the ledger is checked against B and failover metrics are computed */
    boolean failsOver();

    /**
     * @return true when the drill's figures are an outage's ({@link FailoverMetrics}: errors, the longest response,
     *     when the service was back), false for the latency steps ({@link LatencyMetrics})
     */
    default boolean measuresOutage() {
        return failsOver();
    }

    /**
     * @param seconds to sleep
     * @throws InterruptedException when interrupted
     */
    static void sleep(int seconds) throws InterruptedException {
        Thread.sleep(seconds * 1000L);
    }
}
