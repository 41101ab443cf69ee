package io.poolbench.suite.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.process.Artifacts;
import io.poolbench.suite.process.ChildWait;
import io.poolbench.suite.process.Children;
import io.poolbench.suite.process.CpuWindow;
import io.poolbench.suite.process.JMeterCommand;
import io.poolbench.suite.process.PoolSampler;
import io.poolbench.suite.process.WebappProcess;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.pool.PoolKind;
import io.poolbench.testbed.process.ProcessCpu;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileLint;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.Progress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/** Compare's web-load phase for one profile: the webapp with the profile under JMeter's plan. */
final class WebLoadPhase {
    private static final ObjectMapper JSON = ResultJson.MAPPER;

    private WebLoadPhase() {
    }

    /**
     * Runs the web load for one profile: its lint against this database (written first), the webapp in its own JVM
     * with the profile, JMeter's short/medium/long plan in another, the pool sampled twice a second. The webapp
     * and the database must live as long as the load: if either dies, JMeter is stopped within seconds and the phase
     * fails.
     *
     * @param art the built pieces
     * @param settings the load's settings
     * @param p the profile
     * @param round the round, from 1
     * @param vars the database's placeholder values
     * @param database the watch on the database ({@link io.poolbench.testbed.db.DatabaseWatch})
     * @param databasePid the database server's process on this machine, for its CPU; empty when elsewhere
     * @param out the run directory ({@code load/<profile>/r<round>/} receives every file, {@code load/<profile>/}
     *     the profile as it ran)
     * @param progress where progress lines go
     * @return the ok line: requests, errors, achieved rate
     * @throws CompareExperiment.PhaseFailure when the pool cannot be built, a process dies or the results fail
     *     the error budget (one line)
     * @throws IOException when a file cannot be written
     * @throws InterruptedException when interrupted
     */
    static String run(Artifacts art, CompareSettings settings, CompareSettings.ProfileRun p, int round,
            Map<String, String> vars, Supplier<String> database, OptionalLong databasePid, Path out, Progress progress)
            throws IOException, InterruptedException, CompareExperiment.PhaseFailure {
        PoolProfile pp = PoolProfile.load(Path.of(p.file()), p.resource());
        Path dir = Files.createDirectories(LoadDirectory.of(out, p.id(), round));
        writeLint(pp, p, vars, out);
        List<String> args = new ArrayList<>(List.of("--context-xml", pp.file().toAbsolutePath().toString(),
                "--resource", p.resource(), "--max-threads", Integer.toString(settings.webappMaxThreads()),
                "--db", "external", "--jdbc-url", vars.get("poolbench.jdbc.url"), "--no-load-data",
                "--rows", Integer.toString(settings.rows()),
                "--screen-log", dir.resolve(LoadRecord.REQUESTS).toAbsolutePath().toString()));
        if (settings.traceJdbc()) {
            args.addAll(List.of("--trace-jdbc", dir.resolve(LoadRecord.TRACE).toAbsolutePath().toString()));
        }
        Set<String> loaded = ConcurrentHashMap.newKeySet();
        WebappProcess web = WebappProcess.start(art.webappJar(), p.jarsFirst(), List.of("-Xms512m", "-Xmx512m"), args,
                Map.of("POOLBENCH_JDBC_USER", vars.get("poolbench.jdbc.user"),
                        "POOLBENCH_JDBC_PASSWORD", vars.get("poolbench.jdbc.password")), dir,
                line -> {
                    String v = PoolKind.versionIn(line);
                    if (v != null) {
                        loaded.add(v);
                    }
                    if (line.startsWith("poolbench-webapp:") || line.startsWith("WARNING profile")) {
                        progress.detail("webapp", line);
                    }
                });
        Process webapp = web.process();
        Process jmeter = null;
        PoolSampler sampler = null;
        CpuWindow cpu = null;
        Path results = dir.resolve("results.csv");
        String version;
        try {
            // the ready line, printed before the webapp writes its port, names the pool's version it loaded; its
            // reader thread may be a moment behind
            for (int i = 0; i < 250 && p.poolVersion() != null && loaded.isEmpty(); i++) {
                Thread.sleep(20);
            }
            version = p.checkLoaded(loaded, "the webapp");
            int port = web.port();
            progress.detail("webapp", p.id() + " (" + pp.kind() + ") serving on 127.0.0.1:" + port);
            sampler = new PoolSampler(port, dir.resolve("pool.csv"));
            sampler.start();
            Path dashboard = dir.resolve("dashboard");
            List<String> jm = jmeterCommand(art, settings, port, results, dir, dashboard);
            long t0 = System.nanoTime();
            ProcessCpu watched = new ProcessCpu().watch("webapp", webapp.pid());
            databasePid.ifPresent(pid -> watched.watch("database", pid));
            jmeter = Children.start(jm, Map.of(), dir.resolve("jmeter.out"), line -> {
                if (line.startsWith("summary +")) {
                    long sec = (System.nanoTime() - t0) / 1_000_000_000L;
                    progress.detail("jmeter " + p.id(), sec + "/" + settings.durationSeconds() + " s, "
                            + line.substring("summary +".length()).trim().replaceAll("\\s+", " "));
                }
            });
            cpu = CpuWindow.start(watched.watch("jmeter", jmeter.pid()), settings.rampupSeconds(),
                    settings.durationSeconds());
            // every wait has a deadline, and a dead webapp or database ends the load within seconds
            String gone = ChildWait.await(jmeter, settings.durationSeconds() + 120L, "JMeter did not end within 120 s"
                    + " after the load's planned end and was stopped (log: " + dir.resolve("jmeter.log") + ")",
                    List.of(ChildWait.process("the webapp", webapp, dir.resolve("webapp.log")), database));
            if (gone != null) {
                throw new CompareExperiment.PhaseFailure(gone + " at " + (System.nanoTime() - t0) / 1_000_000_000L
                        + " s of the " + settings.durationSeconds() + " s load; JMeter was stopped");
            }
            int rc = jmeter.exitValue();
            Children.awaitOutput(jmeter);
            JSON.writeValue(dir.resolve(LoadRecord.CPU).toFile(), cpu.stop());
            if (!webapp.isAlive()) {
                throw new CompareExperiment.PhaseFailure("the webapp exited with code " + webapp.exitValue()
                        + " at the end of the load (log: " + dir.resolve("webapp.log") + ")");
            }
            if (rc != 0) {
                throw new CompareExperiment.PhaseFailure("JMeter exited with code " + rc + " (log: " + dir.resolve("jmeter.log") + ")");
            }
        } finally {
            if (cpu != null) {
                cpu.stop();
            }
            if (sampler != null) {
                sampler.stop();
            }
            Children.stop(jmeter, 5);
            web.close();
        }
        return LoadVerdict.judge(results, settings.maxErrorPercent()) + version;
    }

    /**
     * Writes what the profile really configures, which heads the report: the lint of the pool built against this
     * database ({@code lint.txt}) and the profile's record ({@code profile.json}).
     *
     * @throws CompareExperiment.PhaseFailure when the pool cannot be built (one line)
     */
    private static void writeLint(PoolProfile pp, CompareSettings.ProfileRun p, Map<String, String> vars, Path out)
            throws IOException, CompareExperiment.PhaseFailure {
        ProfileLint.Result lint;
        try {
            lint = ProfileLint.lint(pp, vars);
        } catch (TestbedException e) {
            throw new CompareExperiment.PhaseFailure("the pool could not be built: " + e.getMessage());
        }
        Path profileDir = out.resolve("load").resolve(p.id());
        Files.writeString(profileDir.resolve("lint.txt"), ProfileLint.text(lint));
        CompareData.Profile profileJson = new CompareData.Profile(pp.name(), p.id(), pp.file().toString(),
                pp.kind().adapter().displayName(), pp.settingsForReport(), lint.effective(), lint.urlTimeouts(),
                lint.warnings(), pp.borrowValidation());
        JSON.writeValue(profileDir.resolve("profile.json").toFile(), profileJson);
    }

    /** @return JMeter's command for the short/medium/long plan against the webapp, with its HTML dashboard */
    private static List<String> jmeterCommand(Artifacts art, CompareSettings settings, int port, Path results,
            Path dir, Path dashboard) {
        DataSet data = DataSet.ofOrders(settings.rows());
        return JMeterCommand.of(art.jmeterJar(), art.plan(), results, dir.resolve("jmeter.log"), 512)
                .options("-e", "-o", dashboard.toAbsolutePath().toString())
                .property("host", "127.0.0.1").property("port", port)
                .property("duration", settings.durationSeconds()).property("rampup", settings.rampupSeconds())
                .property("short.threads", settings.shortThreads())
                .property("medium.threads", settings.mediumThreads())
                .property("long.threads", settings.longThreads()).property("thinkMs", settings.thinkMs())
                .property("rows", data.orders()).property("customers", data.customers()).build();
    }
}
