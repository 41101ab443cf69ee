package io.poolbench.testbed.run;

import java.io.PrintStream;
import java.time.Duration;

/** Console progress: which phase of how many, and details as they come, with the time since the start. */
public final class Progress {
    private final PrintStream out;
    private final long t0 = System.nanoTime();

    public Progress(PrintStream out) {
        this.out = out;
    }

    private String clock() {
        Duration d = Duration.ofNanos(System.nanoTime() - t0);
        return String.format("%02d:%02d", d.toMinutes(), d.toSecondsPart());
    }

    public synchronized void phase(int i, int of, String what) {
        out.println("[" + clock() + "] == phase " + i + "/" + of + ": " + what);
    }

    public synchronized void detail(String who, String line) {
        out.println("[" + clock() + "]    " + who + ": " + line);
    }

    /**
     * One step of a scenario with how far it is and an estimate of the time left: the mean wall time of the steps
     * done so far times the steps still to run (no estimate before the first step ends).
     *
     * @param who the scenario, e.g. {@code concurrency}
     * @param i this step, 1-based
     * @param of steps in all
     * @param what the step
     * @param sinceNanos {@link System#nanoTime()} when step 1 began
     */
    public synchronized void step(String who, int i, int of, String what, long sinceNanos) {
        String eta = "";
        if (i > 1) {
            long perStep = (System.nanoTime() - sinceNanos) / (i - 1);
            Duration left = Duration.ofNanos(perStep * (of - i + 1));
            eta = String.format(", about %d min %02d s left", left.toMinutes(), left.toSecondsPart());
        }
        out.println("[" + clock() + "]    " + who + " step " + i + "/" + of + " (" + (100 * (i - 1) / of) + " % done"
                + eta + "): " + what);
    }

    public synchronized void print(String text) {
        out.println(text);
    }
}
