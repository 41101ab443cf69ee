package io.poolbench.testbed.process;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Ends a process that this JVM started when this JVM dies without running its shutdown hooks ({@code kill -9},
 * an OOM kill): a small {@code sh} loop, started beside the child, checks once a second that this JVM is alive;
 * when it is not, it sends the child a signal, forces it 10 s later, and optionally removes a directory the child
 * used. Shutdown hooks ({@link StopOnExit}) cover every other way out; this covers the one they cannot.
 *
 * <p>Needed because a JVM cannot ask Linux to end its children with it ({@code PR_SET_PDEATHSIG} is not
 * reachable from Java), and PostgreSQL started through {@code pg_ctl} is not even this JVM's child. On systems
 * without {@code sh} nothing is guarded (and nothing fails).
 */
public final class ParentWatch {
    private static final String SCRIPT = ""
            + "p=$1; c=$2; sig=$3; dir=$4\n"
            // the child's start time (field 22 of /proc/PID/stat): a reused process id is not the child
            + "st() { cut -d' ' -f22 /proc/$1/stat 2>/dev/null; }\n"
            + "cst=$(st \"$c\")\n"
            + "alive() { kill -0 \"$c\" 2>/dev/null && [ \"$(st \"$c\")\" = \"$cst\" ]; }\n"
            // TERM from this JVM's own exit ends the watch at once, its sleep ended and reaped first
            + "trap 'kill $s 2>/dev/null; wait $s 2>/dev/null; exit 0' TERM\n"
            + "while kill -0 \"$p\" 2>/dev/null && alive; do sleep 1 & s=$!; wait $s; done\n"
            + "if alive; then\n"
            + "  kill -\"$sig\" \"$c\" 2>/dev/null\n"
            + "  i=0; while alive && [ $i -lt 10 ]; do sleep 1; i=$((i+1)); done\n"
            + "  alive && kill -KILL \"$c\" 2>/dev/null\n"
            + "fi\n"
            + "if [ -n \"$dir\" ] && ! kill -0 \"$p\" 2>/dev/null; then rm -rf -- \"$dir\"; fi\n";

    /** The watches still running; a JVM that ends normally ends them and waits for them, so none is orphaned. */
    private static final Set<Process> WATCHES = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ParentWatch::endAll, "poolbench-parent-watch-end"));
    }

    private ParentWatch() {
    }

    /**
     * Ends every watch still running and waits for each (at most 2 s), so that this JVM reaps it: a watch that
     * outlived its JVM would end as a zombie under an init that does not reap (a container's or a sandbox's).
     */
    static void endAll() {
        WATCHES.forEach(Process::destroy);
        for (Process w : WATCHES) {
            try {
                w.waitFor(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Guards a child: it gets {@code signal} when this JVM is gone.
     *
     * @param childPid the child's process id
     * @param signal signal name without {@code SIG}, e.g. {@code TERM} (a JVM then runs its own hooks) or
     *     {@code INT} (PostgreSQL's fast shutdown)
     * @param removeAfter a directory to delete once the child is gone after this JVM died, or null
     */
    public static void guard(long childPid, String signal, Path removeAfter) {
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", SCRIPT, "poolbench-parent-watch",
                Long.toString(ProcessHandle.current().pid()), Long.toString(childPid), signal,
                removeAfter == null ? "" : removeAfter.toAbsolutePath().toString()));
        try {
            Process w = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            WATCHES.add(w);
            w.onExit().thenRun(() -> WATCHES.remove(w));
        } catch (IOException e) {
            // no sh: the shutdown hooks still stop the child on every exit but kill -9
        }
    }
}
