package io.poolbench.suite;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.db.Leftovers;
import io.poolbench.testbed.process.StaleTempDirs;
import io.poolbench.testbed.run.RunEnd;
import io.poolbench.testbed.run.RunLog;
import java.io.PrintStream;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code poolbench run}: the whole suite (see {@link SuiteCommand}); {@code poolbench report DIR}: rebuild a report
 * from a run directory; {@code lint}, {@code plan}; and each scenario's own command, registered in
 * {@link SuiteEntry} ({@code compare}, {@code aurora}, {@code drill}, and under {@code sweep} the sweeps). Every
 * command is added in one place, {@link SuiteEntry#register}. Started
 * by the {@code ./poolbench} script at the project root, which builds first.
 */
@Command(name = "poolbench", mixinStandardHelpOptions = true, description = "Which JDBC pool, with which settings: the whole suite.")
public final class PoolbenchMain extends UsageCommand {
    /**
     * Where the libraries' log lines go while a command line is checked, before a run directory exists (a run's own
     * log takes them from its start): the system's temporary directory.
     */
    public static final Path LIBRARY_LOG = Path.of(System.getProperty("java.io.tmpdir"), "poolbench-libraries.log");

    /**
     * Runs the command line without exiting.
     *
     * @param args command line
     * @return exit code: 0 every phase ok, 1 a phase failed, 2 bad input (one line on stderr), 130 interrupted by
     *     Ctrl-C (143 by SIGTERM)
     */
    public static int run(String... args) {
        // what a command killed with -9 left in the temporary directory goes at the next command, whatever it is
        StaleTempDirs.sweep(StaleTempDirs.TOMCAT_PREFIX);
        StaleTempDirs.sweep(StaleTempDirs.SPRING_PREFIX);
        PrintStream console = System.err;
        try (RunLog quiet = RunLog.beforeRun(LIBRARY_LOG)) {
            // and the containers and networks of runs killed with -9, also before a command that starts none; their
            // manifests, which still say running, then say killed
            RunEnd.markKilled(Leftovers.atCommandStart(System.out::println), System.out::println);
            return Cli.execute(SuiteEntry.register(new CommandLine(new PoolbenchMain())), "poolbench", console, args);
        }
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
