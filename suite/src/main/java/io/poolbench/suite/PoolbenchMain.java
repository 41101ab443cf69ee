package io.poolbench.suite;

import io.poolbench.testbed.Database;
import io.poolbench.testbed.DatabaseOptions;
import io.poolbench.testbed.DataSet;
import io.poolbench.testbed.PoolProfile;
import io.poolbench.testbed.TestbedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code poolbench run}: the main job (see {@link MainJob}); {@code poolbench report DIR}: rebuild a report from a
 * run directory. Started by the {@code ./poolbench} script at the project root, which builds first.
 */
@Command(name = "poolbench", mixinStandardHelpOptions = true, subcommands = {PoolbenchMain.Run.class,
        PoolbenchMain.ReportCmd.class, io.poolbench.toxiproxy.drill.DrillCommand.class}, description = "Which JDBC pool, with which settings: the whole suite.")
public final class PoolbenchMain implements Callable<Integer> {

    @Override
    public Integer call() {
        new CommandLine(this).usage(System.out);
        return 0;
    }

    /** The main job. */
    @Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
            description = "JMH borrow/return for each profile, then the webapp under the JMeter plan for each"
                    + " profile; writes summary.md, summary.json and charts to --out.")
    static final class Run implements Callable<Integer> {
        @Option(names = "--preset", defaultValue = "quick",
                description = "quick (about 4 min here: JMH 1 fork x 5 x 1 s, 60 s of load per profile) or full"
                        + " (JMH 3 forks x 10 x 2 s, 300 s of load per profile). Default ${DEFAULT-VALUE}.")
        String preset;

        @Option(names = "--profiles", split = ",", defaultValue = "hikari,dbcp2", paramLabel = "NAME|FILE",
                description = "Pool profiles: names in webapp/conf or context.xml paths (default ${DEFAULT-VALUE}).")
        List<String> profiles;

        @Option(names = "--duration", paramLabel = "S", description = "Seconds of JMeter load per profile.")
        Integer duration;

        @Option(names = "--rampup", paramLabel = "S", description = "JMeter ramp-up in seconds.")
        Integer rampup;

        @Option(names = "--short-threads", defaultValue = "8", description = "JMeter threads on /short (default ${DEFAULT-VALUE}).")
        int shortThreads;

        @Option(names = "--medium-threads", defaultValue = "6", description = "JMeter threads on /medium (default ${DEFAULT-VALUE}).")
        int mediumThreads;

        @Option(names = "--long-threads", defaultValue = "2", description = "JMeter threads on /long (default ${DEFAULT-VALUE}).")
        int longThreads;

        @Option(names = "--think-ms", defaultValue = "0", description = "Think time between a JMeter thread's requests, ms (default ${DEFAULT-VALUE}).")
        int thinkMs;

        @Option(names = "--webapp-max-threads", defaultValue = "200", description = "Tomcat request threads (default ${DEFAULT-VALUE}).")
        int webappMaxThreads;

        @Option(names = "--jmh-args", paramLabel = "ARGS",
                description = "JMH arguments replacing the preset's, e.g. \"ConnectionCycle -f 3 -wi 5 -i 10 -t 32\".")
        String jmhArgs;

        @Option(names = "--skip-jmh", description = "Skip the JMH phase.")
        boolean skipJmh;

        @Option(names = "--skip-load", description = "Skip the webapp + JMeter phase.")
        boolean skipLoad;

        @Option(names = "--out", defaultValue = "target/poolbench-report", description = "Output directory (default ${DEFAULT-VALUE}).")
        Path out;

        @Option(names = "--root", defaultValue = ".", description = "Project root (default: the current directory).")
        Path root;

        @Mixin
        DatabaseOptions db;

        @Override
        public Integer call() throws Exception {
            Progress progress = new Progress(System.out);
            boolean full;
            switch (preset) {
                case "quick": full = false; break;
                case "full": full = true; break;
                default: throw new TestbedException("unknown preset '" + preset + "': use quick or full");
            }
            Artifacts art = Artifacts.locate(root);
            for (String p : profiles) {
                PoolProfile pp = PoolProfile.load(PoolProfile.locate(p, art.confDir()));
                pp.warnings().forEach(w -> progress.print("WARNING " + w));
            }
            List<String> jmh = jmhArgs != null ? new ArrayList<>(Arrays.asList(jmhArgs.trim().split("\\s+")))
                    : full ? List.of("ConnectionCycle", "-f", "3", "-wi", "5", "-w", "2s", "-i", "10", "-r", "2s")
                    : List.of("ConnectionCycle", "-f", "1", "-wi", "3", "-w", "1s", "-i", "5", "-r", "1s");
            int dur = duration != null ? duration : full ? 300 : 60;
            int ramp = rampup != null ? rampup : full ? 30 : 5;
            progress.print("poolbench main job, preset " + preset + ", profiles " + profiles + ", output " + out);
            DataSet data = db.dataSet();
            progress.detail("database", "starting " + db.kind + " and loading " + data.orders() + " orders"
                    + " (skipped when already loaded)");
            try (Database database = db.settings().open()) {
                long t0 = System.nanoTime();
                boolean loaded = data.ensureLoaded(database);
                progress.detail("database", database.describe() + (loaded ? ", loaded in "
                        + (System.nanoTime() - t0) / 1_000_000 + " ms" : ", data set already present"));
                RunSettings rs = new RunSettings(preset, profiles, jmh, dur, ramp, shortThreads, mediumThreads,
                        longThreads, thinkMs, webappMaxThreads, database.describe(), data.orders(), skipJmh, skipLoad);
                new MainJob(art, rs, out, progress).run(database, DatabaseOptions.vars(database));
            }
            progress.print("");
            progress.print(Files.readString(out.resolve("summary.md")));
            progress.print("written: " + out.resolve("summary.md") + ", " + out.resolve("summary.json") + ", "
                    + out.resolve("charts"));
            return 0;
        }
    }

    /** Rebuilds the report of a run directory. */
    @Command(name = "report", mixinStandardHelpOptions = true,
            description = "Rebuild summary.md, summary.json and charts from a run directory.")
    static final class ReportCmd implements Callable<Integer> {
        @CommandLine.Parameters(defaultValue = "target/poolbench-report", paramLabel = "DIR",
                description = "Run directory (default ${DEFAULT-VALUE}).")
        Path dir;

        @Override
        public Integer call() throws Exception {
            if (!Files.isDirectory(dir)) {
                throw new TestbedException("no run directory " + dir + ": run ./poolbench run first or pass the"
                        + " --out directory of a run");
            }
            System.out.println(Report.write(dir, new Progress(System.out)));
            return 0;
        }
    }

    /**
     * Runs the command line without exiting.
     *
     * @param args command line
     * @return exit code: 0 ok, 2 user error (one line on stderr), 1 other failure
     */
    public static int run(String... args) {
        return io.poolbench.testbed.Cli.execute(new PoolbenchMain(), "poolbench", args);
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
