package io.poolbench.suite.aurora.faults;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.db.ProxyToxics;
import io.poolbench.toxiproxy.DrillCluster.Instance;
import io.poolbench.toxiproxy.FailoverTopology;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Stalls the writer's network during one run ({@code aurora --stall}): each stall begins at its offset
 * (the settings' {@code stallOffsetsMs}) and ends its length later, through the writer's proxy
 * ({@link ProxyToxics#stall}); the events {@code stall-N} and {@code stall-N-end} (ms after the load began) go into
 * the run's outcome. {@link #close} ends a stall still on, so that a run that stops early does not leave the
 * writer silent for the next.
 */
public final class StallInjector implements AutoCloseable {
    private final FailoverTopology topo;
    private final Instance writer;
    private boolean on;
    private boolean closed;

    private StallInjector(FailoverTopology topo) {
        this.topo = topo;
        this.writer = topo.writerTarget();
    }

    /**
     * Schedules the run's stalls.
     *
     * @param atMs when each stall begins, ms after the load began
     * @param seconds each stall's length, s
     * @param topo the cluster
     * @param timer the run's timer, from the load's start
     * @param sinceStartMs ms since the load began
     * @param events the run's events, filled as the stalls happen
     * @param errors receives one line per stall that could not be started or ended
     * @return the injector, to close when the load ends
     */
    public static StallInjector schedule(List<Long> atMs, List<Integer> seconds, FailoverTopology topo,
            ScheduledExecutorService timer, LongSupplier sinceStartMs, Map<String, Long> events, List<String> errors) {
        StallInjector in = new StallInjector(topo);
        for (int i = 0; i < atMs.size(); i++) {
            String name = "stall-" + (i + 1);
            timer.schedule(() -> in.set(true, name, sinceStartMs, events, errors), atMs.get(i), TimeUnit.MILLISECONDS);
            timer.schedule(() -> in.set(false, name + "-end", sinceStartMs, events, errors),
                    atMs.get(i) + seconds.get(i) * 1000L, TimeUnit.MILLISECONDS);
        }
        return in;
    }

    private synchronized void set(boolean stall, String event, LongSupplier sinceStartMs, Map<String, Long> events,
            List<String> errors) {
        if (closed) {
            return; // the load ended: no stall begins after it
        }
        try {
            if (stall) {
                ProxyToxics.stall(topo.proxy(writer));
            } else {
                ProxyToxics.endStall(topo.proxy(writer));
            }
            on = stall;
            events.put(event, sinceStartMs.getAsLong());
        } catch (IOException | RuntimeException e) {
            errors.add(event + ": " + Redact.rootMessage(e));
        }
    }

    /** Ends a stall still on; one that cannot be ended is said on stderr (the next run would meet it). */
    @Override
    public synchronized void close() {
        closed = true;
        if (on) {
            try {
                ProxyToxics.endStall(topo.proxy(writer));
                on = false;
            } catch (IOException | RuntimeException e) {
                System.err.println("poolbench: the writer's stall could not be ended: " + Redact.rootMessage(e));
            }
        }
    }
}
