package io.poolbench.testbed;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The end of an in-process workload (seed 000's tasks, seed 002's threads, seed 003's clients): its threads joined
 * with a deadline, so that a database that stops answering without closing its connections (a frozen server, a
 * black-holed network) ends the phase with one line instead of a run that never ends.
 */
public final class Workers {
    /**
     * The deadline of one workload, s: far above the workloads of the scenarios' presets (seconds to a few minutes),
     * so only a workload that hangs meets it.
     */
    public static final long DEADLINE_SECONDS = 1_800;

    private Workers() {
    }

    /**
     * Waits for every thread, by {@link #DEADLINE_SECONDS} in all; on the deadline or an interrupt, interrupts them
     * all.
     *
     * @param threads the workload's threads, started
     * @param what what they are, for the line ({@code seed 003 clients})
     * @throws TestbedException when some did not end by the deadline: {@code 3 of 40 seed 003 clients did not end
     *     within 1800 s and were interrupted (the database stopped answering?)}
     * @throws InterruptedException when interrupted
     */
    public static void joinAll(List<Thread> threads, String what) throws InterruptedException {
        joinAll(threads, what, DEADLINE_SECONDS);
    }

    static void joinAll(List<Thread> threads, String what, long deadlineSeconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(deadlineSeconds);
        try {
            for (Thread t : threads) {
                long left = deadline - System.nanoTime();
                if (left > 0) {
                    TimeUnit.NANOSECONDS.timedJoin(t, left);
                }
            }
        } catch (InterruptedException e) {
            threads.forEach(Thread::interrupt);
            throw e;
        }
        long alive = threads.stream().filter(Thread::isAlive).count();
        if (alive > 0) {
            threads.forEach(Thread::interrupt);
            throw new TestbedException(alive + " of " + threads.size() + " " + what + " did not end within "
                    + Figures.plain(deadlineSeconds) + " s and were interrupted (the database stopped answering?)");
        }
    }
}
