package io.poolbench.toxiproxy.drill;

import io.poolbench.toxiproxy.DrillCluster.Instance;
import io.poolbench.toxiproxy.DrillCluster;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The writer dies without warning: A stops answering (its proxy black-holes traffic, open connections hang until a
 * socket timeout), after a detection time B is promoted and the endpoint moves to it, and later A reboots (its
 * connections are reset, it comes back read-only). Nobody can ask A how far it got: B gets half a second to apply
 * what it received, and what A acknowledged but B never received is lost, as with asynchronous replication. What
 * it shows: how long borrowers hang on dead connections (socket timeout, validation timeout) and how many
 * acknowledged writes the ledger misses.
 *
 * @param steadySeconds load before the failure, s
 * @param detectSeconds from the failure to B's promotion, s
 * @param rebootSeconds from the failure to A's reboot, s
 * @param afterSeconds load after the promotion, s
 */
record UnplannedDrill(int steadySeconds, int detectSeconds, int rebootSeconds, int afterSeconds) implements Injection {
    @Override
    public void inject(DrillCluster t, LongSupplier nowMs, Map<String, Long> events) throws Exception {
        Injection.steadyThenMark(steadySeconds, nowMs, events);
        t.freeze(Instance.A);
        long rebootAt = System.nanoTime() + rebootSeconds * 1_000_000_000L;
        Injection.sleep(detectSeconds);
        Thread.sleep(500);
        t.promoteB();
        events.put("promoted", nowMs.getAsLong());
        t.pointWriterEndpointAt(Instance.B);
        events.put("endpoint-moved", nowMs.getAsLong());
        long left = (rebootAt - System.nanoTime()) / 1_000_000;
        if (left > 0) {
            Thread.sleep(left);
        }
        t.cutConnections(Instance.A);
        t.unfreeze(Instance.A);
        t.setReadOnly(Instance.A);
        events.put("old-writer-rebooted", nowMs.getAsLong());
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
