package io.poolbench.suite.aurora;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.aurora.run.InjectedFailover;
import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.suite.aurora.run.RunOutcome;
import io.poolbench.suite.aurora.run.RunStats;
import io.poolbench.suite.aurora.faults.StallInjector;
import io.poolbench.suite.process.Artifacts;
import io.poolbench.suite.process.ChildWait;
import io.poolbench.suite.process.Children;
import io.poolbench.suite.process.JMeterEngines;
import io.poolbench.suite.process.JtlSample;
import io.poolbench.suite.process.PoolSampler;
import io.poolbench.suite.process.WebappProcess;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.DatabaseWatch;
import io.poolbench.testbed.load.ScreenLog;
import io.poolbench.testbed.process.ProcessCpu;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileLint;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.Progress;
import io.poolbench.toxiproxy.ConnectionCounts;
import io.poolbench.toxiproxy.DrillCluster.Instance;
import io.poolbench.toxiproxy.FailoverTopology;
import io.poolbench.toxiproxy.Ledger;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One run of the Aurora article's screens: the webapp with the run's profile in front of the cluster's writer endpoint, the
 * JMeter engines paced to the article's rate for this server's share, CPU per process over the measured period,
 * an optional failover in the middle of it ({@link InjectedFailover}), and the run's {@code outcome.json} (with the
 * ledger of writes reconciled against the new writer).
 */
final class ScreensRun {
    private static final ObjectMapper JSON = ResultJson.MAPPER;
    private final AuroraSettings s;
    private final Artifacts art;
    private final Path plan;
    private final Path out;
    private final Progress progress;

    /**
     * @param s the settings
     * @param art the built pieces
     * @param plan {@code aurora-screens.jmx}
     * @param out the run directory
     * @param progress where progress lines go
     */
    ScreensRun(AuroraSettings s, Artifacts art, Path plan, Path out, Progress progress) {
        this.s = s;
        this.art = art;
        this.plan = plan;
        this.out = out;
        this.progress = progress;
    }

    /**
     * @param r the run
     * @param topo the cluster, A the writer
     * @param engines the JMeter engines
     * @return the ok line: the run's figures in brief
     * @throws AuroraExperiment.PhaseFailure when the run produced no result (one line)
     * @throws IOException when the run's directory cannot be written
     * @throws InterruptedException when interrupted
     */
    String run(LoadRun r, FailoverTopology topo, JMeterEngines engines)
            throws IOException, InterruptedException, AuroraExperiment.PhaseFailure {
        Path dir = out.resolve(AuroraResults.DIR).resolve(r.id());
        Files.createDirectories(dir);
        PoolProfile pp = PoolProfile.load(Path.of(r.file()));
        Map<String, String> vars = topo.profileVars();
        lint(pp, vars, dir);
        Path screens = dir.resolve("screens.csv");
        Path results = dir.resolve("results.csv");
        Files.deleteIfExists(results);
        List<String> jvm = ScreensWebapp.jvmArgs(s, r, dir, vars);
        List<String> args = ScreensWebapp.args(s, r, dir, topo.writerJdbcUrl(), screens);
        Map<String, Long> events = Collections.synchronizedMap(new LinkedHashMap<>());
        List<ProcessCpu.Usage> cpu;
        long t0;
        int rc;
        // the databases' own count of connections opened: the reconnect storm of a failover
        ConnectionCounts counts = s.network().failover() ? ConnectionCounts.start(topo, 250) : null;
        try (counts; WebappProcess web = WebappProcess.start(art.webappJar(), jvm, args,
                Map.of("POOLBENCH_JDBC_USER", topo.user(), "POOLBENCH_JDBC_PASSWORD", topo.password()), dir,
                line -> {
                    if (line.startsWith("poolbench-webapp:") || line.startsWith("WARNING profile")) {
                        progress.detail("webapp", line);
                    }
                })) {
            PoolSampler sampler = new PoolSampler(web.port(), dir.resolve("pool.csv"));
            sampler.start();
            Map<String, String> props = ScreensWebapp.jmeterProperties(s, web.port());
            List<String> cmd = engines.controllerCommand(plan.toAbsolutePath(), props, results.toAbsolutePath(),
                    dir.resolve("jmeter.log").toAbsolutePath(), 512);
            ProcessCpu meter = new ProcessCpu().watch("webapp", web.process().pid());
            engines.pids().forEach(meter::watch);
            t0 = System.currentTimeMillis();
            Process controller = startController(cmd, r, dir);
            meter.watch("jmeter controller", controller.pid());
            topo.containerPids().forEach(meter::watch);
            ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
            List<String> failoverError = new ArrayList<>();
            List<String> stallError = new CopyOnWriteArrayList<>();
            StallInjector stalls = StallInjector.schedule(s.stallOffsetsMs(), s.network().stallSeconds(), topo, timer,
                    () -> System.currentTimeMillis() - t0, events, stallError);
            try (stalls) {
                timer.schedule(meter::start, s.load().warmupSeconds(), TimeUnit.SECONDS);
                // the measured period ends with JMeter's duration: measure up to then, while every process lives
                List<ProcessCpu.Usage> measured = new CopyOnWriteArrayList<>();
                ScheduledFuture<?> cpuStop = timer.schedule(() -> measured.addAll(meter.stop()),
                        (s.load().warmupSeconds() + s.load().durationSeconds()) * 1000L - 200, TimeUnit.MILLISECONDS);
                ScheduledFuture<?> inject = scheduleFailover(r, topo, timer, t0, events, failoverError);
                awaitController(controller, engines, web, topo, dir);
                rc = controller.exitValue();
                Children.awaitOutput(controller);
                awaitTask(cpuStop, 10); // not done: JMeter ended early (it failed), no CPU figures
                cpu = List.copyOf(measured);
                String late = inject == null ? null : awaitTask(inject, 60);
                if (late != null) {
                    failoverError.add("the failover did not finish: " + late);
                }
            } finally {
                timer.shutdownNow();
                Children.stop(controller, 5);
                sampler.stop();
            }
            failIfBroken(web, failoverError, stallError);
        }
        if (rc != 0) {
            throw new AuroraExperiment.PhaseFailure("JMeter exited with code " + rc + " (log: " + dir.resolve("jmeter.log") + ")");
        }
        RunOutcome outcome = new RunOutcome(r.id(), r.file(), r.basedOn(), r.change(),
                pp.kind().adapter().displayName(), pp.kind().adapter().borrowTimeoutMs(pp.attributes()),
                new RunOutcome.Window(t0, t0 + s.load().warmupSeconds() * 1000L,
                        t0 + (s.load().warmupSeconds() + s.load().durationSeconds()) * 1000L),
                s.load().targetPerSecond(), s.screens().longScreenMaxMs(), cpu,
                new RunOutcome.Writer(new LinkedHashMap<>(events), s.network().failover() ? reconcile(topo, screens)
                        : null, counts == null ? null : counts.samples()), s.screens().shortScreen());
        JSON.writeValue(dir.resolve("outcome.json").toFile(), outcome);
        return checked(dir, outcome);
    }

    /** Writes what the profile configures against the cluster ({@code lint.txt}); a pool that cannot be built fails. */
    private static void lint(PoolProfile pp, Map<String, String> vars, Path dir)
            throws IOException, AuroraExperiment.PhaseFailure {
        try {
            Files.writeString(dir.resolve("lint.txt"), ProfileLint.text(ProfileLint.lint(pp, vars)));
        } catch (TestbedException e) {
            throw new AuroraExperiment.PhaseFailure("the pool could not be built: " + e.getMessage());
        }
    }

    /** @return why a scheduled task did not finish within its deadline, or null when it did */
    private static String awaitTask(ScheduledFuture<?> task, int seconds) throws InterruptedException {
        try {
            task.get(seconds, TimeUnit.SECONDS);
            return null;
        } catch (ExecutionException | TimeoutException e) {
            return String.valueOf(e.getMessage());
        }
    }

    /** Starts JMeter's controller, its progress lines on the console. */
    private Process startController(List<String> cmd, LoadRun r, Path dir) throws IOException {
        long start = System.nanoTime();
        return Children.start(cmd, Map.of(), dir.resolve("jmeter.out"), line -> {
            if (line.startsWith("summary +")) {
                long sec = (System.nanoTime() - start) / 1_000_000_000L;
                progress.detail("jmeter " + r.id(), sec + "/" + (s.load().warmupSeconds() + s.load().durationSeconds())
                        + " s, " + line.substring("summary +".length()).trim().replaceAll("\\s+", " "));
            }
        });
    }

    /** @throws AuroraExperiment.PhaseFailure when the webapp died, or the failover or a stall failed (one line) */
    private static void failIfBroken(WebappProcess web, List<String> failoverError, List<String> stallError)
            throws AuroraExperiment.PhaseFailure {
        if (!web.process().isAlive()) {
            throw new AuroraExperiment.PhaseFailure("the webapp exited with code " + web.process().exitValue()
                    + " during the load (log: " + web.log() + ")");
        }
        if (!failoverError.isEmpty()) {
            throw new AuroraExperiment.PhaseFailure("the failover failed: " + failoverError.get(0));
        }
        if (!stallError.isEmpty()) {
            throw new AuroraExperiment.PhaseFailure("the stall failed: " + stallError.get(0));
        }
    }

    /**
     * Reads back the run's files and checks that they are a result: requests in the measured period, load from its
     * start, failures within the error budget.
     *
     * @return the run's figures in brief
     * @throws AuroraExperiment.PhaseFailure when they are not a result (one line)
     */
    private String checked(Path dir, RunOutcome outcome) throws IOException, AuroraExperiment.PhaseFailure {
        RunFiles files = RunFiles.read(dir);
        RunStats st = files.stats();
        if (st.measuredRequests() == 0) {
            throw new AuroraExperiment.PhaseFailure("no request started in the measured period (results: "
                    + dir.resolve("results.csv") + ")");
        }
        long firstStart = files.samples().stream().mapToLong(JtlSample::startEpochMs).min().orElse(Long.MAX_VALUE);
        if (firstStart > outcome.measureFromEpochMs()) {
            throw new AuroraExperiment.PhaseFailure(String.format(Locale.ROOT, "the load began %.1f s after the run"
                    + " started, after the warm-up of %d s: the measured period would begin without load; give a"
                    + " longer --warmup", (firstStart - outcome.t0EpochMs()) / 1000.0, s.load().warmupSeconds()));
        }
        RunBudget budget = RunBudget.of(files);
        if (budget.exceeded(s.maxErrorPercent())) {
            throw new AuroraExperiment.PhaseFailure(budget.failure(s.maxErrorPercent()));
        }
        return st.line();
    }

    /**
     * Schedules the run's failover in the middle of the measured period; a control twin's the same moment marked,
     * nothing done to the writer.
     *
     * @return the scheduled injection, or null for a run without a failover
     */
    private ScheduledFuture<?> scheduleFailover(LoadRun r, FailoverTopology topo, ScheduledExecutorService timer,
            long t0, Map<String, Long> events, List<String> failoverError) {
        if (s.network().failover() && r.isControl()) {
            // the control twin: the same moment marked, nothing done to the writer
            return timer.schedule(() -> {
                events.put(RunOutcome.CONTROL_MARK, System.currentTimeMillis() - t0);
                progress.detail("failover", "control: no failover, the moment marked");
            }, s.load().warmupSeconds() + s.load().durationSeconds() / 2, TimeUnit.SECONDS);
        } else if (s.network().failover()) {
            return timer.schedule(() -> {
                try {
                    progress.detail("failover", InjectedFailover.describe(s.network().kind()));
                    InjectedFailover.inject(s.network().kind(), topo, () -> System.currentTimeMillis() - t0, events);
                } catch (Exception e) {
                    failoverError.add(Redact.rootMessage(e));
                }
            }, s.load().warmupSeconds() + s.load().durationSeconds() / 2, TimeUnit.SECONDS);
        }
        return null;
    }

    /**
     * Waits for JMeter's controller to end, watching every process the load needs once a second: a JMeter engine,
     * the webapp or a container of the cluster that dies ends the run at once with a line naming it (the controller
     * would wait for a dead engine until its own timeout).
     */
    private void awaitController(Process controller, JMeterEngines engines, WebappProcess web,
            FailoverTopology topo, Path dir) throws InterruptedException, AuroraExperiment.PhaseFailure {
        String gone = ChildWait.await(controller, s.load().warmupSeconds() + s.load().durationSeconds() + 300L, "JMeter did not end"
                + " within 300 s after the planned end (log: " + dir.resolve("jmeter.log") + ")", List.of(
                engines::deadEngine, ChildWait.process("the webapp", web.process(), web.log()),
                DatabaseWatch.of(topo.containerPids(), null)));
        if (gone != null) {
            throw new AuroraExperiment.PhaseFailure(gone + " during the load; JMeter was stopped");
        }
    }

    private static Ledger.Reconciliation reconcile(FailoverTopology topo, Path screens) throws IOException, AuroraExperiment.PhaseFailure {
        Ledger ledger = new Ledger();
        for (ScreenLog.Entry e : ScreenLog.read(screens)) {
            if (e.writeId() != null && !e.writeId().isEmpty()) {
                ledger.record(e.writeId(), e.writeOutcome());
            }
        }
        try (Connection b = topo.rootConnection(Instance.B); Statement use = b.createStatement()) {
            use.execute("USE " + topo.databaseName());
            return ledger.reconcile(b);
        } catch (SQLException e) {
            throw new AuroraExperiment.PhaseFailure("the ledger could not be checked against the new writer B: " + e.getMessage());
        }
    }
}
