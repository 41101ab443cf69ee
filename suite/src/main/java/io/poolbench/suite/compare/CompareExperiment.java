package io.poolbench.suite.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.poolbench.suite.process.Artifacts;
import io.poolbench.suite.process.Children;
import io.poolbench.suite.process.JMeterCommand;
import io.poolbench.suite.process.JtlSummary;
import io.poolbench.suite.process.PoolSampler;
import io.poolbench.suite.process.WebappProcess;
import io.poolbench.testbed.DataSet;
import io.poolbench.testbed.Database;
import io.poolbench.testbed.DatabaseOptions;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.JmhSummary;
import io.poolbench.testbed.PoolProfile;
import io.poolbench.testbed.ProfileLint;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.run.AbstractScenario;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.testbed.run.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The main job: for the database given, (1) the JMH ConnectionCycle run for every profile, (2) for each profile the
 * webapp (its own JVM) under the JMeter plan (another JVM), sampling the pool's state twice a second, (3) the
 * report. Each step is a phase of the {@link RunRecord}: a phase whose process died, that produced no data, or
 * whose error rate passed {@code --max-error-percent} is failed, and the report shows it as failed, never as a
 * result. Each phase writes its raw results as soon as it ends and the report is rebuilt after each, so an
 * interrupted run keeps what finished. All children are stopped at the end, on failure, on Ctrl-C and (through
 * {@link io.poolbench.testbed.ParentWatch}) when this JVM is killed.
 */
public final class CompareExperiment extends AbstractScenario {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private final Artifacts art;
    private CompareSettings settings;
    private final DatabaseOptions db;
    private RunRecord record;
    private Path out;
    private Progress progress;
    private final Map<String, Phase> phases = new LinkedHashMap<>();
    private int phaseCount;
    private int phaseNo;

    /**
     * @param art the built pieces (JMH jar, webapp jar, JMeter)
     * @param settings the checked settings
     * @param db where the database comes from; null with --skip-load (no phase needs one)
     */
    CompareExperiment(Artifacts art, CompareSettings settings, DatabaseOptions db) {
        super("compare", settings);
        this.art = art;
        this.settings = settings;
        this.db = db;
    }

    @Override
    public String consoleName() {
        return "poolbench";
    }

    @Override
    public String report(Path dir) throws IOException {
        return CompareReport.write(dir, progress != null ? progress : new Progress(System.out));
    }

    @Override
    public void run(RunRecord record, Progress progress) throws Exception {
        this.record = record;
        this.out = record.dir();
        this.progress = progress;
        progress.print("poolbench main job, preset " + settings.preset() + ", profiles "
                + settings.profiles().stream().map(CompareSettings.ProfileRun::id).toList() + ", run directory "
                + out);
        plan();
        try {
            if (db == null) {
                run(null, Map.of());
                return;
            }
            Phase dbPhase = databasePhase();
            if (!dbPhase.start()) {
                return;
            }
            DataSet data = db.dataSet();
            progress.detail("database", "starting " + db.kind + " and loading " + data.orders() + " orders"
                    + " (skipped when already loaded)");
            Database database;
            try {
                database = db.settings().open();
            } catch (TestbedException e) {
                // an unreachable database is bad input: one line, exit 2; the manifest says the same
                dbPhase.failed(e.getMessage());
                throw e;
            }
            try (database) {
                long t0 = System.nanoTime();
                boolean loaded = data.ensureLoaded(database);
                database.prepareForProfiles();
                dbPhase.ok(database.describe() + (loaded ? ", " + data.orders() + " orders loaded in "
                        + (System.nanoTime() - t0) / 1_000_000 + " ms" : ", data set already present"));
                progress.detail("database", database.describe());
                settings = settings.withDatabase(database.describe());
                record.settings(settings);
                run(database, DatabaseOptions.vars(database));
            }
        } catch (TestbedException e) {
            throw e;
        } catch (Exception e) {
            if (!record.interrupted()) {
                failRunning(e);
            }
        }
    }

    /** Plans every phase (written to the manifest as pending or skipped). */
    void plan() {
        if (!settings.skipLoad()) {
            phases.put("database", record.plan("database", "start the database and load the data set"));
        }
        for (CompareSettings.ProfileRun p : settings.profiles()) {
            Phase ph = record.plan("jmh:" + p.id(), "JMH " + String.join(" ", settings.jmhArgs())
                    + ", profile " + p.id() + " (stub driver)");
            if (settings.skipJmh()) {
                ph.skipped("--skip-jmh");
            } else if (!p.onStub()) {
                ph.skipped("no pool: the driver's own DataSource cannot run on the stub driver");
            }
            phases.put(ph.id(), ph);
        }
        for (CompareSettings.ProfileRun p : settings.profiles()) {
            Phase ph = record.plan("load:" + p.id(), "webapp + JMeter, profile " + p.id());
            if (settings.skipLoad()) {
                ph.skipped("--skip-load");
            }
            phases.put(ph.id(), ph);
        }
        phases.put("report", record.plan("report", "summary.md, summary.json, charts"));
        phaseCount = (int) phases.values().stream().filter(p -> p.status() == Status.PENDING).count();
    }

    /** @return the database phase (planned unless --skip-load) */
    Phase databasePhase() {
        phaseNo++;
        progress.phase(phaseNo, phaseCount, "database");
        return phases.get("database");
    }

    /**
     * Runs every phase.
     *
     * @param db the database (data set already loaded), or null with --skip-load
     * @param vars placeholder values for the profiles
     * @throws IOException when results cannot be written
     * @throws InterruptedException when interrupted
     */
    void run(Database db, Map<String, String> vars) throws IOException, InterruptedException {
        if (!settings.skipJmh()) {
            for (CompareSettings.ProfileRun p : settings.profiles()) {
                Phase ph = phases.get("jmh:" + p.id());
                if (ph.status() == Status.SKIPPED) {
                    continue;
                }
                if (!ph.start()) {
                    return; // interrupted: nothing new starts
                }
                progress.phase(++phaseNo, phaseCount, "JMH ConnectionCycle (stub driver), profile " + p.id());
                try {
                    ph.ok(runJmh(p));
                } catch (PhaseFailure e) {
                    ph.failed(e.getMessage());
                    if (!record.interrupted()) {
                        progress.detail("jmh", "FAILED: " + e.getMessage());
                    }
                }
                reportQuietly();
            }
        }
        if (!settings.skipLoad()) {
            for (CompareSettings.ProfileRun p : settings.profiles()) {
                Phase ph = phases.get("load:" + p.id());
                if (!ph.start()) {
                    return;
                }
                progress.phase(++phaseNo, phaseCount, "webapp + JMeter, profile " + p.id());
                try {
                    ph.ok(runLoad(p, vars));
                } catch (PhaseFailure | TestbedException e) {
                    ph.failed(e.getMessage());
                    if (!record.interrupted()) {
                        progress.detail("load", "FAILED: " + e.getMessage());
                    }
                }
                reportQuietly();
            }
        }
        Phase rep = phases.get("report");
        if (!rep.start()) {
            return;
        }
        progress.phase(++phaseNo, phaseCount, "report");
        if (reportQuietly() != null) {
            rep.ok("summary.md, summary.json, charts/");
        } else {
            rep.failed("the report could not be written; see the line above");
        }
    }

    /**
     * Marks the running phase failed after an unexpected error.
     *
     * @param e the error
     */
    void failRunning(Exception e) {
        boolean any = false;
        for (Phase p : phases.values()) {
            if (p.status() == Status.RUNNING) {
                p.failed(e instanceof TestbedException ? e.getMessage() : e.toString());
                progress.detail(p.id(), "FAILED: " + e);
                any = true;
            }
        }
        if (!any) {
            progress.print("poolbench: the run stopped between phases: " + e);
        }
    }

    /**
     * Rebuilds the report from the run directory; prints one line instead of throwing.
     *
     * @return the Markdown summary, or null when it could not be written
     */
    String reportQuietly() {
        try {
            return CompareReport.write(out, progress);
        } catch (IOException | RuntimeException e) {
            progress.detail("report", "not written: " + e.getMessage());
            return null;
        }
    }

    /** A phase that ended without its data; the message is the reason, one line. */
    static final class PhaseFailure extends Exception {
        private static final long serialVersionUID = 1L;

        PhaseFailure(String message) {
            super(message);
        }
    }

    private String runJmh(CompareSettings.ProfileRun p) throws IOException, InterruptedException, PhaseFailure {
        Path dir = out.resolve("jmh").resolve(p.id());
        Files.createDirectories(dir);
        Path json = dir.resolve("jmh.json");
        List<String> cmd = new ArrayList<>(List.of(Children.java(), "-jar", art.benchmarksJar().toString()));
        cmd.addAll(settings.jmhArgs());
        cmd.addAll(List.of("-p", "profile=" + p.file(), "-foe", "true",
                "-jvmArgsAppend", "-Xms1g -Xmx1g -Dpoolbench.conf=" + art.confDir().toAbsolutePath(),
                "-rf", "json", "-rff", json.toAbsolutePath().toString()));
        Process proc = Children.start(cmd, Map.of(), dir.resolve("jmh.log"), line -> {
            if (line.startsWith("# Run progress") || line.startsWith("# Benchmark:")
                    || line.startsWith("WARNING profile")) {
                progress.detail("jmh", line.replace("# ", ""));
            }
        });
        int rc = proc.waitFor();
        Children.awaitOutput(proc);
        if (rc != 0) {
            throw new PhaseFailure("JMH exited with code " + rc + ": " + jmhError(dir.resolve("jmh.log"))
                    + " (log: " + dir.resolve("jmh.log") + ")");
        }
        List<JmhSummary.Result> results;
        try {
            results = Files.isRegularFile(json) && Files.size(json) > 0 ? JmhSummary.read(json) : List.of();
        } catch (IOException e) {
            throw new PhaseFailure("JMH results unreadable: " + e.getMessage());
        }
        if (results.isEmpty()) {
            throw new PhaseFailure("JMH produced no results (log: " + dir.resolve("jmh.log") + ")");
        }
        return results.size() + " JMH results";
    }

    /** The first exception line JMH printed for a failed benchmark, or a pointer to the log. */
    static String jmhError(Path log) {
        try {
            for (String l : Files.readAllLines(log)) {
                String t = l.trim();
                if (t.matches("^([a-zA-Z_$][\\w$]*\\.)+[A-Z][\\w$]*(Exception|Error)(: .*)?$")
                        || t.startsWith("No matching benchmarks") || t.startsWith("Error parsing command line")) {
                    return t;
                }
            }
        } catch (IOException e) {
            // the pointer to the log below is all there is
        }
        return "see the log";
    }

    private String runLoad(CompareSettings.ProfileRun p, Map<String, String> vars)
            throws IOException, InterruptedException, PhaseFailure {
        PoolProfile pp = PoolProfile.load(Path.of(p.file()), p.resource());
        Path dir = out.resolve("load").resolve(p.id());
        Files.createDirectories(dir);
        // what the profile really configures heads the report: the lint of the pool built against this database
        ProfileLint.Result lint;
        try {
            lint = ProfileLint.lint(pp, vars);
        } catch (TestbedException e) {
            throw new PhaseFailure("the pool could not be built: " + e.getMessage());
        }
        Files.writeString(dir.resolve("lint.txt"), ProfileLint.text(lint));
        CompareData.Profile profileJson = new CompareData.Profile(pp.name(), p.id(), pp.file().toString(),
                pp.kind().adapter().displayName(), pp.settingsForReport(), lint.effective(), lint.urlTimeouts(),
                lint.warnings(), pp.borrowValidation());
        JSON.writeValue(dir.resolve("profile.json").toFile(), profileJson);
        WebappProcess web = WebappProcess.start(art.webappJar(), List.of("-Xms512m", "-Xmx512m"),
                List.of("--context-xml", pp.file().toAbsolutePath().toString(), "--resource", p.resource(),
                        "--max-threads", Integer.toString(settings.webappMaxThreads()),
                        "--db", "external", "--jdbc-url", vars.get("poolbench.jdbc.url"), "--no-load-data",
                        "--rows", Integer.toString(settings.rows())),
                Map.of("POOLBENCH_JDBC_USER", vars.get("poolbench.jdbc.user"),
                        "POOLBENCH_JDBC_PASSWORD", vars.get("poolbench.jdbc.password")), dir,
                line -> {
                    if (line.startsWith("poolbench-webapp:") || line.startsWith("WARNING profile")) {
                        progress.detail("webapp", line);
                    }
                });
        Process webapp = web.process();
        Process jmeter = null;
        PoolSampler sampler = null;
        Path results = dir.resolve("results.csv");
        long[] webappDiedAtMs = {-1};
        try {
            int port = web.port();
            progress.detail("webapp", p.id() + " (" + pp.kind() + ") serving on 127.0.0.1:" + port);
            sampler = new PoolSampler(port, dir.resolve("pool.csv"));
            sampler.start();
            Path dashboard = dir.resolve("dashboard");
            DataSet data = DataSet.ofOrders(settings.rows());
            List<String> jm = JMeterCommand.of(art.jmeterJar(), art.plan(), results, dir.resolve("jmeter.log"), 512)
                    .options("-e", "-o", dashboard.toAbsolutePath().toString())
                    .property("host", "127.0.0.1").property("port", port)
                    .property("duration", settings.durationSeconds()).property("rampup", settings.rampupSeconds())
                    .property("short.threads", settings.shortThreads())
                    .property("medium.threads", settings.mediumThreads())
                    .property("long.threads", settings.longThreads()).property("thinkMs", settings.thinkMs())
                    .property("rows", data.orders()).property("customers", data.customers()).build();
            long t0 = System.nanoTime();
            Process jm0 = Children.start(jm, Map.of(), dir.resolve("jmeter.out"), line -> {
                if (line.startsWith("summary +")) {
                    long sec = (System.nanoTime() - t0) / 1_000_000_000L;
                    progress.detail("jmeter " + p.id(), sec + "/" + settings.durationSeconds() + " s, "
                            + line.substring("summary +".length()).trim().replaceAll("\\s+", " "));
                }
            });
            jmeter = jm0;
            // the webapp must live as long as the load: if it dies, the load's numbers are not the pool's
            webapp.onExit().thenRun(() -> {
                if (jm0.isAlive()) {
                    webappDiedAtMs[0] = (System.nanoTime() - t0) / 1_000_000;
                    Children.stop(jm0, 5);
                }
            });
            int rc = jmeter.waitFor();
            Children.awaitOutput(jmeter);
            if (webappDiedAtMs[0] >= 0 || !webapp.isAlive()) {
                throw new PhaseFailure("the webapp exited with code " + webapp.waitFor() + " at "
                        + Math.max(0, webappDiedAtMs[0]) / 1000 + " s of the " + settings.durationSeconds()
                        + " s load; JMeter was stopped (log: " + dir.resolve("webapp.log") + ")");
            }
            if (rc != 0) {
                throw new PhaseFailure("JMeter exited with code " + rc + " (log: " + dir.resolve("jmeter.log") + ")");
            }
        } finally {
            if (sampler != null) {
                sampler.stop();
            }
            Children.stop(jmeter, 5);
            web.close();
        }
        return judge(results, settings.maxErrorPercent());
    }

    /**
     * Whether a load produced a result: samples exist and the share of failed requests is within the limit.
     *
     * @param results the JTL
     * @param maxErrorPercent limit, %
     * @return the ok line: requests, errors, achieved rate
     * @throws PhaseFailure when there are no samples, the file is unreadable or the error share is too high
     */
    static String judge(Path results, double maxErrorPercent) throws PhaseFailure {
        JtlSummary.LabelStats all;
        try {
            all = Files.isRegularFile(results) ? JtlSummary.read(results).get("all") : null;
        } catch (IOException e) {
            throw new PhaseFailure("JMeter's results are unreadable: " + e.getMessage());
        }
        if (all == null || all.requests() == 0) {
            throw new PhaseFailure("JMeter recorded no samples (" + results + ")");
        }
        double pct = 100.0 * all.errors() / all.requests();
        if (pct > maxErrorPercent) {
            throw new PhaseFailure(String.format(Locale.ROOT, "%,d of %,d requests failed (%.1f %% > --max-error-percent"
                    + " %s): the numbers would describe errors, not the pool; errors by response code: %s",
                    all.errors(), all.requests(), pct, Figures.sig3(maxErrorPercent), all.errorsByCode()));
        }
        return String.format(Locale.ROOT, "%,d requests, %,d errors, %.1f req/s", all.requests(), all.errors(),
                all.throughput());
    }
}
