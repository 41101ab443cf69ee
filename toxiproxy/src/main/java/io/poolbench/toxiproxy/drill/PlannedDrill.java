package io.poolbench.toxiproxy.drill;

import io.poolbench.toxiproxy.DrillCluster;
import io.poolbench.toxiproxy.Failovers;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Aurora's planned failover under load ({@link Failovers}: A read-only, B caught up and promoted, the
 * endpoint moved, A rebooted) after a steady period, then a period to recover. What it shows: how long a pool keeps
 * handing out connections to the old, now read-only writer, when the first write reaches the new one, and whether
 * a write that was acknowledged is missing afterwards.
 *
 * @param steadySeconds load before the injection, s
 * @param afterSeconds load after the failover, s
 */
record PlannedDrill(int steadySeconds, int afterSeconds) implements Injection {
    @Override
    public void inject(DrillCluster t, LongSupplier nowMs, Map<String, Long> events) throws Exception {
        Injection.sleep(steadySeconds);
        Failovers.planned(t, nowMs, events);
        Injection.sleep(afterSeconds);
    }

    @Override
    public boolean failsOver() {
        return true;
    }
}
