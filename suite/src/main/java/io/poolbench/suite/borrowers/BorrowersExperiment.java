package io.poolbench.suite.borrowers;

import io.poolbench.suite.process.Children;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.db.DatabaseSettings;
import io.poolbench.testbed.db.MySqlDatabase;
import io.poolbench.testbed.options.BorrowerLoadOptions;
import io.poolbench.testbed.run.AbstractScenario;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.testbed.stats.Rounds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Many borrowers against few connections, per pool of the catalog, on virtual and on platform threads, and for a pool
 * given two versions each of them: what {@code spring.threads.virtual.enabled} and an upgrade do to a pool, with no
 * network in the way, or against a database ({@code --db}: each borrow then runs {@code SELECT 1}, and a driver
 * that blocks its carrier shows). Each probe is a JVM of its own ({@code BorrowerProbe} of pool-bench, on the stub
 * driver or the one database every probe of the run shares, on
 * {@code --java}: JDK 21 or newer for virtual threads), so that a pool's version is simply the jar put before
 * poolbench's own on its class path, and one probe's JIT, heap and carrier threads do not reach the next. In rounds:
 * every round runs every variant once, the order rotated, so that the machine's drift falls on every variant alike
 * and two variants compare within a round. The probe measures, after its warm-up (excluded): borrows per ms, the
 * process's CPU time per borrow (a spinning pool burns CPU without throughput), JFR's pinned virtual threads by the
 * frame that pinned them, and the share of execution samples in a yield or spin-wait.
 */
final class BorrowersExperiment extends AbstractScenario {
    /** The probe's main class in pool-bench's jar. */
    static final String PROBE = "io.poolbench.bench.BorrowerProbe";
    /** Beyond the probe's own seconds: its JVM's start, the pool's, the JFR dump and read. */
    static final int SLACK_SECONDS = 90;

    private final BorrowersSettings settings;
    private final List<Variant> variants;
    private final Path benchmarksJar;

    BorrowersExperiment(BorrowersSettings settings, List<Variant> variants, Path benchmarksJar) {
        super("borrowers", settings, BorrowersReport::write);
        this.settings = settings;
        this.variants = variants;
        this.benchmarksJar = benchmarksJar;
    }

    @Override
    public void run(RunRecord record, Progress progress) throws Exception {
        Map<String, Phase> phases = new java.util.LinkedHashMap<>();
        for (int round = 1; round <= settings.rounds(); round++) {
            for (Variant v : Rounds.order(variants, round)) {
                phases.put(v.id() + ".r" + round, record.plan("probe:" + v.id() + ":r" + round, settings.borrowers()
                        + " " + v.threads() + " borrowers, " + settings.seconds() + " s after "
                        + settings.warmupSeconds() + " s of warm-up"));
            }
        }
        Path data = Files.createDirectories(record.dir().resolve(BorrowersReport.DIR));
        // one database for every probe, started before the first and stopped after the last (also on failure)
        try (Database db = openDatabase(progress)) {
            run(phases, data, db == null ? Map.of() : Map.of(BorrowerLoadOptions.URL_ENV, db.jdbcUrl(),
                    BorrowerLoadOptions.USER_ENV, db.user(), BorrowerLoadOptions.PASSWORD_ENV, db.password()), progress);
        }
    }

    /** @return the database the probes borrow from, started; null for the stub driver */
    private Database openDatabase(Progress progress) {
        return switch (settings.db()) {
            case "embedded" -> {
                progress.print("borrowers: starting embedded PostgreSQL");
                yield DatabaseSettings.embedded().open();
            }
            case "mysql" -> {
                progress.print("borrowers: starting MySQL (Testcontainers)");
                yield MySqlDatabase.start(settings.mysqlImage());
            }
            default -> null;
        };
    }

    private void run(Map<String, Phase> phases, Path data, Map<String, String> env, Progress progress)
            throws Exception {
        int no = 0;
        for (int round = 1; round <= settings.rounds(); round++) {
            for (Variant v : Rounds.order(variants, round)) {
                String id = v.id() + ".r" + round;
                Phase ph = phases.get(id);
                if (!ph.start()) {
                    return;
                }
                progress.phase(++no, phases.size(), "borrowers " + id);
                Path out = data.resolve(id + ".json");
                Process p = Children.start(command(v, out), env, data.resolve(id + ".log"), null);
                if (!p.waitFor(settings.warmupSeconds() + settings.seconds() + SLACK_SECONDS, TimeUnit.SECONDS)) {
                    Children.threadDump(p);
                    Children.stop(p, 5);
                    ph.failed("the probe did not end within " + (settings.warmupSeconds() + settings.seconds()
                            + SLACK_SECONDS) + " s (its threads' stacks at that moment are in "
                            + data.resolve(id + ".log") + ")");
                    continue;
                }
                Children.awaitOutput(p);
                if (p.exitValue() != 0 || !Files.isRegularFile(out)) {
                    ph.failed("the probe exited with " + p.exitValue() + (Files.isRegularFile(out) ? ""
                            : " and wrote no result") + " (see " + data.resolve(id + ".log") + ")");
                    continue;
                }
                String line = BorrowersReport.line(BorrowersReport.read(out));
                ph.ok(line, out);
                progress.print("  " + id + ": " + line);
            }
        }
    }

    /**
     * @return the probe's command line: the pool's and the driver's versions' jars before poolbench's own on the
     *     class path (the first jar that holds a class is the one loaded)
     */
    List<String> command(Variant v, Path out) {
        List<Path> first = new ArrayList<>();
        if (v.jar() != null) {
            first.add(v.jar());
        }
        if (v.driverJar() != null) {
            first.add(v.driverJar());
        }
        List<String> cmd = new ArrayList<>(List.of(settings.java(), "-Xss512k"));
        if (settings.carriers() > 0) {
            // the scheduler's parallelism, and its most carriers at least as many (its default is 256 or more)
            cmd.add("-Djdk.virtualThreadScheduler.parallelism=" + settings.carriers());
        }
        cmd.addAll(Children.classPath(first, benchmarksJar, PROBE));
        cmd.addAll(List.of("--profile", v.file().toString(),
                "--threads", v.threads(), "--hold-us", Long.toString(v.holdUs()), "--out", out.toString()));
        cmd.addAll(new BorrowerLoadOptions.Load(settings.borrowers(), settings.poolSize(), settings.warmupSeconds(),
                settings.seconds()).args());
        if (v.artifact() != null) {
            cmd.addAll(List.of("--artifact", v.artifact()));
        }
        return cmd;
    }
}
