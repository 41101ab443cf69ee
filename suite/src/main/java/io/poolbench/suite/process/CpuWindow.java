package io.poolbench.suite.process;

import io.poolbench.testbed.process.ProcessCpu;
import java.util.List;

/**
 * The CPU each process uses over a load's measured period, the ramp-up left out: a daemon thread starts the
 * {@link ProcessCpu} period {@code fromSeconds} after the load began and ends it at {@code toSeconds}; a load that
 * ends sooner ends the period with it.
 */
public final class CpuWindow {
    private final ProcessCpu cpu;
    private final Thread thread;
    private volatile boolean started;
    private volatile List<ProcessCpu.Usage> usage;

    private CpuWindow(ProcessCpu cpu, int fromSeconds, int toSeconds) {
        this.cpu = cpu;
        this.thread = new Thread(() -> {
            try {
                Thread.sleep(fromSeconds * 1000L);
                cpu.start();
                started = true;
                Thread.sleep(Math.max(0, toSeconds - fromSeconds) * 1000L);
                synchronized (this) {
                    if (usage == null) {
                        usage = cpu.stop();
                    }
                }
            } catch (InterruptedException e) {
                // the load ended first: stop() takes the period to here
            }
        }, "poolbench-cpu-window");
        thread.setDaemon(true);
    }

    /**
     * @param cpu the processes to watch
     * @param fromSeconds start of the measured period, s after now (the load's start)
     * @param toSeconds its end, s after now
     * @return the running window
     */
    public static CpuWindow start(ProcessCpu cpu, int fromSeconds, int toSeconds) {
        CpuWindow w = new CpuWindow(cpu, fromSeconds, toSeconds);
        w.thread.start();
        return w;
    }

    /**
     * Ends the window; safe to call on a thread that is itself interrupted (Ctrl-C): it then does not wait for the
     * window's thread, keeps the interrupt, and takes the period to here, so that the caller's clean-up goes on.
     *
     * @return CPU per process over the period (to now when the load ended before its planned end); empty when the
     *     load ended before the period began
     */
    public List<ProcessCpu.Usage> stop() {
        thread.interrupt();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            if (usage == null && started) {
                usage = cpu.stop();
            }
        }
        return usage == null ? List.of() : usage;
    }
}
