package io.poolbench.toxiproxy.drill;

import io.poolbench.testbed.pool.PoolStats;
import java.util.concurrent.ConcurrentLinkedQueue;
import javax.sql.DataSource;

/** Samples the pool's own metrics every 100 ms: ms since load start, active, idle, waiting, total. */
final class PoolSampler {
    final ConcurrentLinkedQueue<long[]> samples = new ConcurrentLinkedQueue<>();
    private final DataSource ds;
    private final OpenLoopLoad clock;
    private volatile boolean running = true;
    private final Thread thread;

    PoolSampler(DataSource ds, OpenLoopLoad clock) {
        this.ds = ds;
        this.clock = clock;
        this.thread = new Thread(this::loop, "drill-pool-sampler");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    private void loop() {
        while (running) {
            try {
                PoolStats st = PoolStats.of(ds);
                samples.add(new long[] {clock.nowMs(), st.active(), st.idle(), st.waiting(), st.total()});
            } catch (RuntimeException e) {
                // the pool is closing
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    void stop() throws InterruptedException {
        running = false;
        thread.join(2_000);
    }
}
