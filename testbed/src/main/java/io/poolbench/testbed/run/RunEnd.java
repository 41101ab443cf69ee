package io.poolbench.testbed.run;

import io.poolbench.testbed.report.ResultJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * How a run ended when it did not end by itself, as the code around it needs to know: a run killed with {@code kill
 * -9} (its manifest still says running until the next command writes killed into it), a run interrupted by Ctrl-C or
 * SIGTERM (its report says so), and the moment the JVM is stopping (a child that dies then did not fail).
 */
public final class RunEnd {
    private RunEnd() {
    }

    /**
     * @return true once the JVM runs its shutdown hooks (Ctrl-C, SIGTERM): a child, container or request that dies
     *     then was stopped by the interruption, and did not fail
     */
    public static boolean shuttingDown() {
        return Signals.shuttingDown();
    }

    /**
     * Writes {@code killed} into the manifest of a run whose process is gone while its manifest still says running
     * ({@code kill -9}, out of memory): the run and its running phases, as {@link Manifest#read} shows them.
     *
     * @param dir a run directory
     * @return true when the manifest was such a run's and now says killed; false otherwise (also when there is no
     *     readable manifest)
     */
    public static boolean markKilled(Path dir) {
        try {
            Manifest m = ResultJson.MAPPER.readValue(dir.resolve(RunRecord.MANIFEST).toFile(), Manifest.class);
            if (m == null || !Status.RUNNING.label().equals(m.status()) || m.writerAlive()
                    || m.environment() == null || m.environment().get("pid") == null) {
                return false;
            }
            m.killed().writeTo(dir);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * {@link #markKilled(Path)} for the run directories of the containers a sweep removed ({@code
     * Leftovers.atCommandStart}), saying each one it marked.
     *
     * @param dirs run directories
     * @param say receives one line per run marked killed
     */
    public static void markKilled(List<Path> dirs, Consumer<String> say) {
        for (Path d : dirs) {
            if (markKilled(d)) {
                say.accept("poolbench: the run in " + d + " was killed while it ran (its process is gone): its "
                        + RunRecord.MANIFEST + " now says killed");
            }
        }
    }

    /**
     * @param dir a run directory
     * @return a first line for its report when the run was interrupted or killed (its manifest says so), so that
     *     what it did not reach reads as not measured; empty otherwise, also without a readable manifest
     */
    public static String notice(Path dir) {
        try {
            String status = Manifest.read(dir).status();
            if (Status.INTERRUPTED.label().equals(status) || Status.KILLED.label().equals(status)) {
                return "> This run was " + status + " before it ended: what it did not reach says \"not measured\""
                        + " or \"no run has a result\"; its " + RunRecord.MANIFEST + " gives each phase's status.\n\n";
            }
        } catch (RuntimeException e) {
            // no readable manifest: nothing to say about how the run ended
        }
        return "";
    }
}
