package io.poolbench.testbed.stub;

import java.util.concurrent.locks.LockSupport;

/**
 * Accurate short waits that stand in for a network round trip (and for a borrower's hold time). Up to 50 µs the thread spins (as a thread waiting
 * on a socket read burns no CPU but parkNanos overshoots by tens of µs on Linux); longer waits park for all but the
 * last 50 µs and spin the rest, so the wait is within a few µs of the target without burning a core for it.
 */
public final class Delay {
    private static final long SPIN_NS = 50_000;

    private Delay() {
    }

    /** @param micros wait in microseconds; 0 returns at once */
    public static void apply(long micros) {
        if (micros <= 0) {
            return;
        }
        long deadline = System.nanoTime() + micros * 1_000;
        long left;
        while ((left = deadline - System.nanoTime()) > SPIN_NS) {
            LockSupport.parkNanos(left - SPIN_NS);
        }
        while (System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
    }

    /**
     * Waits by parking only, never spinning: on a virtual thread this unmounts it and frees its carrier, as a
     * blocking socket read does, which is what a borrower on a virtual thread does while it holds a connection.
     * The wait is at least {@code micros}; {@code parkNanos} may overshoot it (tens of µs on Linux).
     *
     * @param micros wait in microseconds; 0 returns at once
     */
    public static void park(long micros) {
        if (micros <= 0) {
            return;
        }
        long deadline = System.nanoTime() + micros * 1_000;
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
    }
}
