package io.poolbench.suite;

import io.poolbench.suite.aurora.cli.AuroraCommand;
import io.poolbench.suite.compare.CompareCommand;
import io.poolbench.suite.compare.CompareExperiment;
import io.poolbench.suite.plan.PlanCommand;
import io.poolbench.testbed.Cli;
import io.poolbench.toxiproxy.drill.DrillCommand;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * {@code poolbench run}: the whole suite (see {@link SuiteCommand}); {@code poolbench compare}: JMH and the web load
 * (see {@link CompareExperiment}); {@code poolbench report DIR}: rebuild a report from a run directory. Started by the {@code ./poolbench} script at the project root, which builds first.
 */
@Command(name = "poolbench", mixinStandardHelpOptions = true, subcommands = {SuiteCommand.class, CompareCommand.class,
        ReportCommand.class, LintCommand.class, DrillCommand.class,
        AuroraCommand.class, SweepCommand.class, PlanCommand.class}, description = "Which JDBC pool, with which settings: the whole suite.")
public final class PoolbenchMain implements Callable<Integer> {

    @Override
    public Integer call() {
        new CommandLine(this).usage(System.out);
        return 0;
    }

    /**
     * Runs the command line without exiting.
     *
     * @param args command line
     * @return exit code: 0 every phase ok, 1 a phase failed, 2 bad input (one line on stderr), 130 interrupted by
     *     Ctrl-C (143 by SIGTERM)
     */
    public static int run(String... args) {
        return Cli.execute(new PoolbenchMain(), "poolbench", args);
    }

    /**
     * Entry point.
     *
     * @param args command line
     */
    public static void main(String[] args) {
        System.exit(run(args));
    }
}
