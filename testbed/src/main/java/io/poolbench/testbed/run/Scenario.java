package io.poolbench.testbed.run;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The scenario contract: what a poolbench scenario fills in, while {@link ScenarioRunner} owns everything around
 * it once (the run directory's log redirection, the manifest {@code run.json}, Ctrl-C and SIGTERM, the report of
 * what finished on an interruption, the closing line and the exit code). Modelled on BenchBase's
 * {@code BenchmarkModule}: a scenario plans and runs its phases and writes its report; it opens no manifest, installs
 * no signal handler and computes no exit code.
 */
public interface Scenario {
    /**
     * @return the command as the manifest records it, e.g. {@code sweep pool-size}; older run directories keep
     *     theirs, so this never changes for a scenario
     */
    String command();

    /** @return the settings written into the manifest (a record; never a password) */
    Object settings();

    /**
     * Plans and runs the phases on the record: {@link RunRecord#plan}, then {@link Phase#start()} (false:
     * the run was interrupted, return), {@link Phase#ok} or {@link Phase#failed}. Returns when
     * done; the runner finishes the record, also when this throws.
     *
     * @param record the run's record, started
     * @param console where progress lines go
     * @throws Exception what the runner reports as the run's failure (a phase still running is failed with it)
     */
    void run(RunRecord record, Progress console) throws Exception;

    /**
     * Writes the report from the run directory (also after an interruption, from what finished).
     *
     * @param dir the run directory
     * @return the Markdown to print at the end of a run, or null when the scenario prints none
     * @throws IOException when results cannot be read or the report cannot be written
     */
    String report(Path dir) throws IOException;

    /** @return the run log's file name in the run directory (the libraries' own logging goes there) */
    default String logFile() {
        return "poolbench.log";
    }

    /** @return what the closing line starts with, e.g. {@code poolbench sweep pool-size} */
    default String consoleName() {
        return "poolbench " + command();
    }
}
