package io.poolbench.suite.concurrency;

import io.poolbench.suite.process.PoolSampler;
import io.poolbench.testbed.process.ProcessCpu;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The measured window of one step: it opens {@code warmupSeconds} after JMeter's log shows every user thread
 * started (on a saturated machine JMeter needs seconds to start hundreds of threads, and each thread's own
 * scheduler would end at a different time), lasts {@code stepSeconds}, and closes with JMeter's own graceful
 * {@code Shutdown} (a UDP message on its non-GUI port): every user runs during the whole window. CPU per process
 * is read at both ends of the window, and the pool is sampled during it.
 */
final class StepWindow {
    private final int warmupSeconds;
    private final int stepSeconds;

    private volatile long from = -1;
    private volatile long to = -1;
    private volatile int started;
    private volatile double startedSeconds = Double.NaN;
    private final List<ProcessCpu.Usage> usage = new CopyOnWriteArrayList<>();

    /**
     * @param warmupSeconds excluded seconds once every user runs
     * @param stepSeconds measured seconds after them
     */
    StepWindow(int warmupSeconds, int stepSeconds) {
        this.warmupSeconds = warmupSeconds;
        this.stepSeconds = stepSeconds;
    }

    void run(Process jmeter, Path log, int users, ProcessCpu cpu, PoolSampler sampler, int shutdownPort) {
        long t0 = System.nanoTime();
        long deadline = t0 + StackSteps.START_ALLOWANCE_S * 1_000_000_000L;
        try {
            while (jmeter.isAlive() && System.nanoTime() < deadline) {
                started = countStarted(log);
                if (started >= users) {
                    break;
                }
                Thread.sleep(100);
            }
            if (started < users) {
                return;
            }
            startedSeconds = (System.nanoTime() - t0) / 1e9;
            Thread.sleep(warmupSeconds * 1000L);
            cpu.start();
            sampler.start();
            from = System.currentTimeMillis();
            Thread.sleep(stepSeconds * 1000L);
            if (!jmeter.isAlive()) {
                return;
            }
            usage.addAll(cpu.stop());
            to = System.currentTimeMillis();
            byte[] msg = "Shutdown".getBytes(StandardCharsets.US_ASCII);
            try (DatagramSocket ds = new DatagramSocket()) {
                ds.send(new DatagramPacket(msg, msg.length, InetAddress.getLoopbackAddress(),
                        shutdownPort));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // JMeter ends by itself at its duration cap
        }
    }

    private int countStarted(Path log) {
        try {
            String text = Files.readString(log);
            int n = 0;
            for (int k = text.indexOf("Thread started: "); k >= 0; k = text.indexOf("Thread started: ", k + 1)) {
                n++;
            }
            return n;
        } catch (IOException e) {
            return 0;
        }
    }

    long from() {
        return from;
    }

    long to() {
        return to;
    }

    int started() {
        return started;
    }

    double startedSeconds() {
        return startedSeconds;
    }

    List<ProcessCpu.Usage> usage() {
        return usage;
    }
}
