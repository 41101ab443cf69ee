package io.poolbench.testbed.process;

import io.poolbench.testbed.Figures;
import io.poolbench.testbed.TestbedException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.IntConsumer;

/**
 * An in-process workload (the pool-size scenario's tasks, the shared-connection article's threads, the connect article's clients): its threads started and parked
 * before the clock, released together and timed to the last one's end ({@link #releaseTogether}), and joined with a
 * deadline, so that a database that stops answering without closing its connections (a frozen server, a
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
     * @param what what they are, for the line ({@code the connect scenario clients})
     * @throws TestbedException when some did not end by the deadline: {@code 3 of 40 the connect scenario clients did not end
     *     within 1800 s and were interrupted (the database stopped answering?)}
     * @throws InterruptedException when interrupted
     */
    public static void joinAll(List<Thread> threads, String what) throws InterruptedException {
        joinAll(threads, what, DEADLINE_SECONDS);
    }

    /**
     * Runs {@code n} tasks at once, each on its own thread: every thread is started and parked before the clock
     * starts, then all are released together, and the clock stops when the last one has ended ({@link #joinAll},
     * with its deadline). Thread start-up is thus outside the time, and no task starts before the others exist.
     *
     * @param what what the tasks are, for thread names ({@code <what>-<i>}) and the deadline's line
     * @param n how many, at least 1
     * @param newThread makes an unstarted thread from what it runs and a name ({@code Thread::new} for platform
     *     threads; a virtual thread's builder otherwise)
     * @param task the work of task i (0 … n−1); it catches its own failures and records them where its caller reads
     * @return nanoseconds from the release to the last task's end
     * @throws InterruptedException when interrupted (every task's thread is interrupted too)
     */
    public static long releaseTogether(String what, int n, BiFunction<Runnable, String, Thread> newThread,
            IntConsumer task) throws InterruptedException {
        CountDownLatch ready = new CountDownLatch(n);
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int index = i;
            Thread t = newThread.apply(() -> {
                ready.countDown();
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                task.accept(index);
            }, what + "-" + i);
            threads.add(t);
            t.start();
        }
        try {
            ready.await();
        } catch (InterruptedException e) {
            threads.forEach(Thread::interrupt);
            throw e;
        }
        long t0 = System.nanoTime();
        go.countDown();
        joinAll(threads, what + " threads");
        return System.nanoTime() - t0;
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
