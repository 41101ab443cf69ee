package io.poolbench.suite.process;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The wait for a child that carries a load (JMeter, JMH, pgbench): once a second it asks each watch whether
 * something the load needs is gone (a JMeter engine, the webapp, the database: {@link
 * io.poolbench.testbed.db.DatabaseWatch}), and it has a deadline. Either ends the wait at once, the child stopped
 * (5 s grace, then killed with its descendants), with one line naming the cause: so a dead process ends its phase
 * within about a second of being seen, and no wait hangs.
 */
public final class ChildWait {
    private ChildWait() {
    }

    /**
     * @param child the child
     * @param deadlineSeconds how long the child may run, s (its planned duration plus an allowance)
     * @param deadlineLine the line when it passes, e.g. {@code JMeter did not end within 120 s after the load's
     *     planned end and was stopped (log: …)}
     * @param watches what the load needs, asked in this order once a second: each gives a line naming what is gone,
     *     or null while all is well
     * @return null when the child ended by itself (read its exit value); else the line, the child stopped
     * @throws InterruptedException when interrupted (the child is left to the caller's cleanup)
     */
    public static String await(Process child, long deadlineSeconds, String deadlineLine, List<Supplier<String>> watches)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(deadlineSeconds);
        while (!child.waitFor(1, TimeUnit.SECONDS)) {
            for (Supplier<String> w : watches) {
                String problem = w.get();
                if (problem != null) {
                    Children.stop(child, 5);
                    return problem;
                }
            }
            if (System.nanoTime() > deadline) {
                Children.stop(child, 5);
                return deadlineLine;
            }
        }
        return null;
    }

    /**
     * @param name what the process is ({@code the webapp})
     * @param p the process
     * @param log its log, named in the line
     * @return a watch whose line says the process exited and with which code
     */
    public static Supplier<String> process(String name, Process p, Object log) {
        return () -> (p.isAlive() ? null
                : name + " exited with code " + p.exitValue() + " (log: " + log + ")");
    }
}
