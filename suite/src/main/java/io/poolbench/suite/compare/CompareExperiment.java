package io.poolbench.suite.compare;

import io.poolbench.suite.process.Artifacts;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.db.DatabaseWatch;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.run.AbstractScenario;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.testbed.run.Status;
import io.poolbench.testbed.stats.Rounds;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The main job: for the database given, (1) the JMH ConnectionCycle run for every profile, (2) for each profile the
 * webapp (its own JVM) under the JMeter plan (another JVM), sampling the pool's state twice a second, (3) the
 * report. Each step is a phase of the {@link RunRecord}: a phase whose process died, that produced no data, or
 * whose error rate passed {@code --max-error-percent} is failed, and the report shows it as failed, never as a
 * result. Each phase writes its raw results as soon as it ends and the report is rebuilt after each, so an
 * interrupted run keeps what finished. All children are stopped at the end, on failure, on Ctrl-C and (through
 * {@link io.poolbench.testbed.process.ParentWatch}) when this JVM is killed.
 */
public final class CompareExperiment extends AbstractScenario {
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
        progress.print("poolbench compare, preset " + settings.preset() + ", profiles "
                + settings.profiles().stream().map(CompareSettings.ProfileRun::id).toList() + ", " + settings.rounds()
                + (settings.rounds() == 1 ? " round" : " rounds") + ", run directory " + out);
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
                        + (System.nanoTime() - t0) / 1_000_000 + " ms" : ", data set already present") + ", "
                        + DataSet.indexNote(database));
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
        // with --skip-load one skipped load per profile says so; the rounds are not planned
        for (int r = 1; r <= (settings.skipLoad() ? 1 : settings.rounds()); r++) {
            for (CompareSettings.ProfileRun p : Rounds.order(settings.profiles(), r)) {
                Phase ph = record.plan(LoadDirectory.phaseId(p.id(), r), "webapp + JMeter, profile " + p.id()
                        + ", round " + r + " of " + settings.rounds());
                if (settings.skipLoad()) {
                    ph.skipped("--skip-load");
                }
                phases.put(ph.id(), ph);
            }
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
                    ph.ok(JmhPhase.run(art, settings, p, out, progress),
                            out.resolve("jmh").resolve(p.id()).resolve("jmh.json"));
                } catch (PhaseFailure | IOException e) {
                    ph.failed(e.getMessage());
                    if (!record.interrupted()) {
                        progress.detail("jmh", "FAILED: " + e.getMessage());
                    }
                }
                reportQuietly();
            }
        }
        if (!settings.skipLoad()) {
            DatabaseWatch watch = DatabaseWatch.of(db);
            for (int r = 1; r <= settings.rounds(); r++) {
                for (CompareSettings.ProfileRun p : Rounds.order(settings.profiles(), r)) {
                    if (!load(p, r, watch, db.serverPid(), vars)) {
                        return;
                    }
                }
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


    /**
     * Runs one profile's web load in one round.
     *
     * @return false when interrupted: nothing new starts
     */
    private boolean load(CompareSettings.ProfileRun p, int round, DatabaseWatch watch, OptionalLong databasePid,
            Map<String, String> vars) throws InterruptedException {
        Phase ph = phases.get(LoadDirectory.phaseId(p.id(), round));
        if (!ph.start()) {
            return false;
        }
        progress.phase(++phaseNo, phaseCount, "webapp + JMeter, profile " + p.id() + ", round " + round + " of "
                + settings.rounds());
        String gone = watch.get();
        if (gone != null) {
            ph.failed("not started: " + gone);
            progress.detail("load", "FAILED: not started: " + gone);
            return true;
        }
        try {
            Path loadDir = LoadDirectory.of(out, p.id(), round);
            // every CSV of the load (results, pool, requests, trace) and its CPU, checked by ./poolbench report
            ph.ok(WebLoadPhase.run(art, settings, p, round, vars, watch, databasePid, out, progress), loadDir,
                    loadDir.resolve("cpu.json"));
        } catch (PhaseFailure | TestbedException | IOException e) {
            ph.failed(e.getMessage());
            if (!record.interrupted()) {
                progress.detail("load", "FAILED: " + e.getMessage());
            }
        }
        reportQuietly();
        return true;
    }
}
