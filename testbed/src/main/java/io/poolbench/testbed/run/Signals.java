package io.poolbench.testbed.run;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Ctrl-C (SIGINT) and SIGTERM for every run still active in this JVM: the handler marks each run interrupted and
 * prints its one line before any shutdown hook stops the run's children, then exits with 130 or 143 (128 + the
 * signal's number).
 */
final class Signals {
    private static final Set<RunRecord> ACTIVE = ConcurrentHashMap.newKeySet();
    private static boolean installed;

    private Signals() {
    }

    /**
     * Handles the signals for a run from now on (the handlers are installed once per JVM).
     *
     * @param r a started run
     */
    static void register(RunRecord r) {
        install();
        ACTIVE.add(r);
    }

    /** @param r a run that ended: a later signal no longer marks it */
    static void unregister(RunRecord r) {
        ACTIVE.remove(r);
    }

    /** @return true once the JVM runs its shutdown hooks (Ctrl-C, SIGTERM, the end of main) */
    static boolean shuttingDown() {
        Thread probe = new Thread(() -> { }, "poolbench-shutdown-probe");
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    /** SIGINT and SIGTERM mark every active run interrupted before any shutdown hook stops its children. */
    private static synchronized void install() {
        if (installed) {
            return;
        }
        installed = true;
        for (String[] sig : new String[][] {{"INT", "Ctrl-C (SIGINT)", "130"}, {"TERM", "SIGTERM", "143"}}) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal(sig[0]), s -> {
                    for (RunRecord r : ACTIVE) {
                        if (r.markInterrupted(sig[1], Integer.parseInt(sig[2]))) {
                            r.printInterrupted();
                        }
                    }
                    // a new thread: System.exit waits for the hooks, which may need this handler thread's locks
                    new Thread(() -> System.exit(Integer.parseInt(sig[2])), "poolbench-exit").start();
                });
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // the JVM keeps its own handler (e.g. with -Xrs); the shutdown hook still marks the run
            }
        }
    }
}
