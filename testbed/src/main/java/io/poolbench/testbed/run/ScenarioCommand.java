package io.poolbench.testbed.run;

import io.poolbench.testbed.PoolbenchCommand;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What every scenario's command shares: {@code --out}, {@code --force} and {@code --root} ({@link RunDirOptions}),
 * and handing its experiment to the {@link ScenarioRunner} with the command line as typed. A command adds its own
 * options, builds its settings and calls {@link #run(Scenario)}; its help has the form of every poolbench
 * command's ({@link PoolbenchCommand}), and its exit codes are the runner's, listed here once ({@link RunRecord}'s).
 */
@Command(exitCodeList = {"0:every phase ok", "1:a phase failed (the summary marks it; run.json says why)",
    PoolbenchCommand.EXIT_BAD_INPUT, PoolbenchCommand.EXIT_INTERRUPTED})
public abstract class ScenarioCommand extends PoolbenchCommand {
    /** Where the run's directory goes, and the project root. */
    @Mixin
    public RunDirOptions runDir;

    @Spec
    CommandSpec spec;

    /**
     * Prepares the run directory and runs the scenario in it.
     *
     * @param scenario the experiment, its settings checked
     * @return the exit code (see {@link ScenarioRunner#run})
     * @throws Exception what the runner throws: a one-line {@code TestbedException} for bad input
     */
    protected int run(Scenario scenario) throws Exception {
        return run(scenario, runDir.prepare());
    }

    /**
     * Runs the scenario in a run directory already prepared, for an experiment whose settings name it.
     *
     * @param scenario the experiment, its settings checked
     * @param dir the run directory, from {@code runDir.prepare()}
     * @return the exit code (see {@link ScenarioRunner#run})
     * @throws Exception what the runner throws: a one-line {@code TestbedException} for bad input
     */
    protected int run(Scenario scenario, Path dir) throws Exception {
        return ScenarioRunner.run(scenario, dir, spec.commandLine().getParseResult().originalArgs(), System.out);
    }
}
