package io.poolbench.toxiproxy.drill;

import io.poolbench.testbed.db.ProxyToxics;
import io.poolbench.toxiproxy.DrillCluster.Instance;
import io.poolbench.toxiproxy.DrillCluster;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The stall drill: a steady load, then the writer's network held in both directions for {@code stallSeconds}
 * ({@link ProxyToxics#stall}: Toxiproxy bandwidth 0, nothing dropped), then delivered, then the load for
 * {@code afterSeconds}. No connection is closed and nothing fails over: whatever fails, fails on a timeout of the
 * pool or the driver, which is what {@code poolbench check} predicts. Events: {@code injection} (the stall begins),
 * {@code stall-end}.
 *
 * @param steadySeconds load before the stall, s
 * @param stallSeconds the stall, s
 * @param afterSeconds load after the stall ends, s
 */
record StallDrill(int steadySeconds, int stallSeconds, int afterSeconds) implements Injection {
    @Override
    public void inject(DrillCluster t, LongSupplier nowMs, Map<String, Long> events) throws Exception {
        Injection.sleep(steadySeconds);
        events.put("injection", nowMs.getAsLong());
        ProxyToxics.stall(t.proxy(Instance.A));
        try {
            Injection.sleep(stallSeconds);
        } finally {
            ProxyToxics.endStall(t.proxy(Instance.A));
        }
        events.put("stall-end", nowMs.getAsLong());
        Injection.sleep(afterSeconds);
    }

    @Override
    public boolean failsOver() {
        return false;
    }

    @Override
    public boolean measuresOutage() {
        return true;
    }
}
