package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.knee.KneeSearchSettings;
import io.poolbench.suite.aurora.run.InjectedFailover;
import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.suite.aurora.waits.IntendedStart;
import io.poolbench.suite.process.Artifacts;
import io.poolbench.suite.process.JMeterEngines;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.run.AbstractScenario;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.toxiproxy.DrillCluster.Instance;
import io.poolbench.toxiproxy.FailoverTopology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Aurora article reproduced: HikariCP against DBCP in front of an Aurora-like MySQL cluster, under the article's load.
 *
 * <p>What the article ran: four Tomcat 8 servers whose resources name 300 connections (the DBCP resource's maxTotal
 * 300 is not read by its DBCP 1.4 factory: as printed it pools 8), Aurora MySQL (a writer and a reader) over a
 * real network, JMeter on two client machines with 750 threads paced to 3,000 requests/min for 45 minutes, over
 * the screens of an application; three screens measured (short, medium, long, the long one's SQL taking up to about
 * 8.5 s alone). DBCP's maxima were 21.6 to 24.6 s on every screen, HikariCP's 0.35 to 9.5 s.
 *
 * <p>What this models, scaled to one machine:
 * <ul>
 *   <li>the cluster: MySQL writer A and replica B (Testcontainers), each behind a Toxiproxy proxy that adds a round
 *       trip ({@code rttMs}, default 1 ms, with jitter) — the network between application and Aurora; the writer
 *       endpoint is a name that a failover moves (see {@link FailoverTopology});</li>
 *   <li>one webapp (its own JVM) is one of the article's four servers and receives its share of the load
 *       ({@code share}, default a quarter: 188 users, 12.5 requests/s), with the article's pool resources (the
 *       DBCP one in both readings: DBCP 1.4 as its factory name says, DBCP2 as its attribute names say; and
 *       HikariCP), read through {@code ./poolbench lint} before each run;</li>
 *   <li>the screens ({@link io.poolbench.testbed.load.ScreenModel}): several queries per request, each holding its
 *       connection for a server time, borrowing per request or per query; the long screen's time is per user;</li>
 *   <li>the load: {@code aurora-screens.jmx} on two JMeter engines (distributed mode, {@link JMeterEngines}) paced by
 *       a Poisson schedule (the plan's compiled timer, {@code jmeter-elements}) that keeps each request's
 *       intended start; the threads are users who wait for their answer, as the article's were, so the achieved rate is reported against the
 *       target and the latency from the intended start beside JMeter's own ({@link IntendedStart});</li>
 *   <li>optionally a failover in the middle of the measured period ({@link InjectedFailover}: planned, unplanned or
 *       with a stale endpoint) with the
 *       ledger of acknowledged writes checked against the new writer afterwards.</li>
 * </ul>
 * Measurement: the first {@code warmupSeconds} of each run are excluded from every statistic (samples that started
 * before); the CPU used by each process (webapp, JMeter engines and controller, database and Toxiproxy containers)
 * is measured over the measured period only. Each run writes into {@code screens/<run>/}: {@code lint.txt},
 * {@code results.csv} (JMeter), {@code screens.csv} (the webapp's own record, with borrow waits),
 * {@code pool.csv}, {@code outcome.json}; {@link AuroraReport} builds the tables beside the article's.
 */
public final class AuroraExperiment extends AbstractScenario {
    private AuroraSettings s;
    private final Artifacts art;
    private final PoolProfile varied;
    private final List<String[]> variants;
    private final Path plan;
    private Path out;
    private RunRecord record;
    private Progress progress;
    private volatile boolean reported;
    private final KneeSearchSettings search;
    private final List<LoadRun> searched;
    private FailoverTopology topo;
    private int roundTripMs;

    /**
     * @param s the checked settings
     * @param art the built pieces (webapp jar, JMeter, the plan)
     * @param varied the profile whose settings {@code --vary} changes one at a time, or null
     * @param variants the changes, {@code {attribute, value}} each (empty without {@code --vary})
     * @param search {@code --find-knee}: after the settings' runs, a knee search per profile, round trip and
     *     borrowing pattern ({@link KneeSearchRun}), its cells added to the settings' runs as they run; or null
     * @param searched the profiles to search, one run each at the settings' own load (empty without a search)
     */
    public AuroraExperiment(AuroraSettings s, Artifacts art, PoolProfile varied, List<String[]> variants,
            KneeSearchSettings search, List<LoadRun> searched) {
        super("aurora", s);
        this.search = search;
        this.searched = searched;
        this.s = s;
        this.art = art;
        this.varied = varied;
        this.variants = variants;
        this.plan = art.root().resolve("jmeter/src/test/jmeter/aurora-screens.jmx");
    }

    /**
     * The report, unless the run's own report phase wrote and printed it already.
     *
     * @param dir the run directory
     * @return the Markdown, or null when the report phase printed it
     * @throws IOException when the results cannot be read or the report written
     */
    @Override
    public String report(Path dir) throws IOException {
        if (!reported) {
            AuroraReport.write(dir);
        }
        return null;
    }

    @Override
    public void run(RunRecord record, Progress progress) throws IOException, InterruptedException {
        this.record = record;
        this.out = record.dir();
        this.progress = progress;
        if (!variants.isEmpty()) {
            // the changed copies live in the run directory: what ran is there to read
            Path vdir = Files.createDirectories(out.resolve(AuroraResults.DIR).resolve("variants"));
            List<LoadRun> more = new ArrayList<>();
            for (String[] v : variants) {
                String id = varied.name() + "+" + v[0] + "=" + v[1];
                Path f = vdir.resolve(id + ".xml");
                varied.withAttribute(v[0], v[1], f);
                more.add(new LoadRun(id, f.toAbsolutePath().toString(), varied.name(), v[0] + "=" + v[1]));
            }
            s = s.withRuns(more);
            record.settings(s);
        }
        progress.print("poolbench aurora: " + s.runs().size() + " run(s) of " + (s.load().warmupSeconds()
                + s.load().durationSeconds()) + " s, " + s.load().webappUsers() + " users on " + s.load().engineCount() + " engine(s),"
                + " target " + String.format(Locale.ROOT, "%.2f", s.load().targetPerSecond()) + " requests/s; run"
                + " directory " + out);
        runAll();
    }

    /**
     * Runs every run of the settings, each a phase of the record ({@code run:<id>}), then the report.
     *
     * @throws IOException when the run directory cannot be written
     * @throws InterruptedException when interrupted (the record says what finished)
     */
    private void runAll() throws IOException, InterruptedException {
        Map<String, Phase> phases = new LinkedHashMap<>();
        Phase cluster = record.plan("cluster", "MySQL writer + replica behind Toxiproxy ("
                + s.network().rttMs() + " ms round trip), data set, writer check");
        for (LoadRun r : s.runs()) {
            phases.put(r.id(), record.plan(AuroraResults.runPhaseId(r.id()), describe(r)));
        }
        Phase knees = search == null ? null : record.plan("knee-search", "the knee of " + searched.size()
                + " profile(s) at +" + search.rttsMs() + " ms, " + search.borrows() + " borrowing: cells chosen as"
                + " the search goes, each its own phase");
        Phase report = record.plan("report", "tables beside the article's, charts");
        int total = phases.size() + (knees == null ? 2 : 3);
        int no = 0;
        JMeterEngines engines = null;
        try {
            progress.phase(++no, total, "cluster");
            if (!cluster.start()) {
                return;
            }
            try {
                topo = startCluster();
                roundTripMs = s.network().rttMs();
                cluster.ok("MySQL " + (topo.mariadb() ? "(MariaDB stand-in)" : "") + " A + B, "
                        + s.network().rttMs() + " ± " + s.network().jitterMs() + " ms added round trip");
            } catch (TestbedException e) {
                cluster.failed(e.getMessage());
                return;
            }
            engines = startEngines();
            for (LoadRun r : s.runs()) {
                Phase ph = phases.get(r.id());
                progress.phase(++no, total, "run " + r.id());
                if (!ph.start()) {
                    break;
                }
                runOne(r, ph, engines);
            }
            if (knees != null) {
                progress.phase(++no, total, "knee search");
                JMeterEngines e = engines;
                KneeSearchRun.run(knees, search, s, searched, cell -> runCell(cell, e), out, progress::print);
            }
        } finally {
            if (engines != null) {
                engines.close();
            }
            if (topo != null) {
                topo.close();
            }
        }
        progress.phase(++no, total, "report");
        if (report.start()) {
            try {
                String md = AuroraReport.write(out);
                report.ok(AuroraResults.DIR + "/summary.md");
                reported = true;
                progress.print(md);
            } catch (IOException | RuntimeException e) {
                report.failed("the report could not be written: " + Redact.rootMessage(e));
            }
        }
    }

    /** A knee search's cell: its phase planned now, its run added to the settings' runs. */
    private Path runCell(LoadRun cell, JMeterEngines engines) throws InterruptedException {
        Phase ph = record.plan(AuroraResults.runPhaseId(cell.id()), describe(cell));
        s = s.withRuns(List.of(cell));
        record.settings(s);
        if (!ph.start()) {
            throw new InterruptedException("interrupted before " + cell.id());
        }
        return runOne(cell, ph, engines) ? out.resolve(AuroraResults.DIR).resolve(cell.id()) : null;
    }

    private String describe(LoadRun r) {
        return (r.change() == null ? "profile " + r.file() : r.basedOn() + " with " + r.change()) + ": "
                + (s.load().warmupSeconds() + s.load().durationSeconds()) + " s of load"
                + (!s.network().failover() ? "" : r.isControl() ? " without the failover (control)"
                : " with " + InjectedFailover.describe(s.network().kind()));
    }

    /** Runs one run, its phase started by the caller: a fresh cluster after a failover, the run's round trip. */
    private boolean runOne(LoadRun r, Phase ph, JMeterEngines engines) throws InterruptedException {
        try {
            AuroraSettings rs = s.forRun(r);
            if (s.network().failover() && topo.writerTarget() != Instance.A) {
                // a failover leaves B the writer: every failover run starts from a fresh cluster
                topo.close();
                topo = null;
                topo = startCluster();
                roundTripMs = s.network().rttMs();
            }
            if (rs.network().rttMs() != roundTripMs) {
                topo.setLatency(Instance.A, rs.network().rttMs(), rs.network().jitterMs());
                topo.setLatency(Instance.B, rs.network().rttMs(), rs.network().jitterMs());
                roundTripMs = rs.network().rttMs();
            }
            Path runDir = out.resolve(AuroraResults.DIR).resolve(r.id());
            // every CSV of the run (results, screens, pool, trace) and its outcome, checked by report
            ph.ok(new ScreensRun(rs, art, plan, out, progress).run(r, topo, engines), runDir,
                    runDir.resolve("outcome.json"));
            return true;
        } catch (PhaseFailure | TestbedException e) {
            ph.failed(e.getMessage());
        } catch (IOException e) {
            ph.failed("I/O: " + Redact.rootMessage(e));
        }
        return false;
    }

    private FailoverTopology startCluster() {
        progress.detail("cluster", "starting MySQL A + B and Toxiproxy (Testcontainers)");
        FailoverTopology t = FailoverTopology.start(s.database().mysqlImage(), s.database().toxiproxyImage());
        try {
            DataSet.ofOrders(s.database().rows()).ensureLoaded(t.directA());
            t.installWriterCheck();
            t.awaitReplicaCaughtUp(60);
            t.setLatency(Instance.A, s.network().rttMs(), s.network().jitterMs());
            t.setLatency(Instance.B, s.network().rttMs(), s.network().jitterMs());
            return t;
        } catch (Exception e) {
            t.close();
            throw e instanceof TestbedException te ? te
                    : new TestbedException("the cluster did not get ready: " + Redact.rootMessage(e), e);
        }
    }

    private JMeterEngines startEngines() throws IOException, InterruptedException {
        Path logs = out.resolve(AuroraResults.DIR);
        Files.createDirectories(logs);
        if (!s.load().remoteEngines().isEmpty()) {
            return JMeterEngines.remote(art.jmeterJar(), art.jmeterElementsJar(), s.load().remoteEngines());
        }
        progress.detail("jmeter", "starting " + s.load().engines() + " engines (jmeter-server) on loopback");
        return JMeterEngines.startLocal(art.jmeterJar(), art.jmeterElementsJar(), s.load().engines(), logs, 512, Map.of());
    }

    /** A run that ended without its data; the message is the reason, one line. */
    static final class PhaseFailure extends Exception {
        private static final long serialVersionUID = 1L;

        PhaseFailure(String message) {
            super(message);
        }
    }

}
