package io.poolbench.suite;

import java.io.PrintStream;
import java.time.Duration;

/** Console progress: which phase of how many, and details as they come, with the time since the start. */
final class Progress {
    private final PrintStream out;
    private final long t0 = System.nanoTime();

    Progress(PrintStream out) {
        this.out = out;
    }

    private String clock() {
        Duration d = Duration.ofNanos(System.nanoTime() - t0);
        return String.format("%02d:%02d", d.toMinutes(), d.toSecondsPart());
    }

    synchronized void phase(int i, int of, String what) {
        out.println("[" + clock() + "] == phase " + i + "/" + of + ": " + what);
    }

    synchronized void detail(String who, String line) {
        out.println("[" + clock() + "]    " + who + ": " + line);
    }

    synchronized void print(String text) {
        out.println(text);
    }
}
