package io.poolbench.toxiproxy.drill;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileDir;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.run.RunEnd;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.testbed.stats.Rounds;
import io.poolbench.toxiproxy.DrillCluster;
import io.poolbench.toxiproxy.DrillCluster.Instance;
import io.poolbench.toxiproxy.FailoverTopology;
import io.poolbench.toxiproxy.Ledger;
import io.poolbench.webapp.PoolbenchServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import javax.sql.DataSource;

/**
 * Runs the drills. Each run: a fresh topology (writer A, replica B, endpoint on A; the latency drill shares one),
 * the data set on A, the webapp in this JVM with the profile pointed at the writer endpoint, the open-loop load,
 * the injection, then the measurements; every run's samples, pool samples and metrics are written as soon as it
 * ends ({@code drills/<drill>/<profile>/run-N.*}).
 */
public final class DrillRunner {
    private static final ObjectMapper JSON = ResultJson.MAPPER;

    private final DrillSettings s;
    private final Consumer<String> log;
    private final DrillCluster external;
    private RunRecord record;
    private String phasePrefix = "";
    private boolean externalLoaded;

    /**
     * Drills on Testcontainers clusters, a fresh one per failover run.
     *
     * @param settings settings
     * @param log progress lines
     */
    public DrillRunner(DrillSettings settings, Consumer<String> log) {
        this(settings, log, null);
    }

    /**
     * Drills on a given cluster (external mode), prepared before every run.
     *
     * @param settings settings
     * @param log progress lines
     * @param external the cluster, or null for Testcontainers
     */
    public DrillRunner(DrillSettings settings, Consumer<String> log, DrillCluster external) {
        this.s = settings;
        this.log = log;
        this.external = external;
    }

    /**
     * Records every run as a phase ({@code <drill>:<profile>:<repetition>}) of a run record: ok with its summary
     * line, or failed with the reason, so that a run without result is marked, not left out silently.
     *
     * @param r the record, or null (the tests' default)
     * @return this
     */
    public DrillRunner recordTo(RunRecord r) {
        this.record = r;
        return this;
    }

    /**
     * Records every run as a phase whose id starts with {@code prefix} ({@code <prefix><drill>:<profile>:<round>}),
     * for a caller that runs the same drill more than once into one record (e.g. stalls of two lengths).
     *
     * @param r the record
     * @param prefix e.g. {@code stall-5s/}
     * @return this
     */
    public DrillRunner recordTo(RunRecord r, String prefix) {
        this.record = r;
        this.phasePrefix = prefix;
        return this;
    }

    /**
     * Runs the drills for every profile, {@code repeats} times each.
     *
     * @param drills drills in order
     * @return every run's result
     * @throws Exception when a run cannot be carried out (setup failures end with a {@link TestbedException})
     */
    public List<DrillResult> run(List<FaultKind> drills) throws Exception {
        List<PoolProfile> profiles = profiles();
        List<DrillResult> all = new ArrayList<>();
        Map<String, Phase> phases = plan(drills, profiles);
        int total = drills.size() * profiles.size() * s.repeats();
        int n = 0;
        for (FaultKind d : drills) {
            DrillCluster shared = null;
            try {
                for (int rep = 1; rep <= s.repeats(); rep++) {
                    for (PoolProfile p : Rounds.order(profiles, rep)) {
                        n++;
                        log.accept(String.format(Locale.ROOT, "run %d/%d: %s, profile %s, repetition %d", n, total,
                                d.id(), p.name(), rep));
                        Phase ph = phases.get(phasePrefix + d.id() + ":" + p.name() + ":" + rep);
                        if (ph != null) {
                            ph.start();
                        }
                        DrillCluster t = null;
                        try {
                            if (external != null) {
                                t = prepareExternal();
                            } else if (d == FaultKind.LATENCY) {
                                if (shared == null) {
                                    shared = prepare();
                                }
                                t = shared;
                            } else {
                                t = prepare();
                            }
                            DrillResult r = runOne(d, p, rep, t);
                            all.add(r);
                            log.accept("  " + DrillFiles.summaryLine(r));
                            if (ph != null) {
                                ph.ok(DrillFiles.summaryLine(r));
                            }
                        } catch (InterruptedException e) {
                            throw e;
                        } catch (Exception e) {
                            // one broken run does not cost the others; it is marked failed, not hidden
                            String why = e instanceof TestbedException ? e.getMessage() : e.toString();
                            String gone = t == null ? null : t.gone();
                            why = gone == null ? why : gone + " (" + Redact.oneLine(why) + ")";
                            // at Ctrl-C or SIGTERM the JVM's hooks stopped the containers under the run: interrupted
                            log.accept(RunEnd.shuttingDown() ? "  run stopped by the interruption, no result"
                                    : "  run FAILED, no result: " + Redact.oneLine(why) + " (details in the log)");
                            if (ph != null) {
                                ph.failed(why);
                            }
                            if (d == FaultKind.LATENCY && shared != null) {
                                shared.close();
                                shared = null;
                            }
                        } finally {
                            if (t != null && t != shared && t != external) {
                                t.close();
                            }
                        }
                        if (record != null && record.interrupted()) {
                            return all;
                        }
                    }
                }
            } finally {
                if (shared != null) {
                    shared.close();
                }
            }
        }
        return all;
    }

    /** @return the settings' profiles, loaded, each warning logged */
    private List<PoolProfile> profiles() {
        List<PoolProfile> profiles = new ArrayList<>();
        for (String p : s.profiles()) {
            PoolProfile pp = PoolProfile.load(ProfileDir.locate(p, s.confDir()));
            pp.warnings().forEach(w -> log.accept("WARNING " + w));
            profiles.add(pp);
        }
        return profiles;
    }

    /** @return a planned phase per drill, profile and repetition, keyed {@code drill:profile:repetition} */
    private Map<String, Phase> plan(List<FaultKind> drills, List<PoolProfile> profiles) {
        Map<String, Phase> phases = new LinkedHashMap<>();
        if (record != null) {
            for (FaultKind d : drills) {
                for (int rep = 1; rep <= s.repeats(); rep++) {
                    for (PoolProfile p : profiles) {
                        String id = phasePrefix + d.id() + ":" + p.name() + ":" + rep;
                        phases.put(id, record.plan(id, d.id() + " drill, profile " + p.name() + ", repetition " + rep));
                    }
                }
            }
        }
        return phases;
    }

    private DrillCluster prepareExternal() throws Exception {
        external.prepareRun();
        if (!externalLoaded) {
            DataSet.ofOrders(s.rows()).ensureLoaded(external.directA());
            external.installWriterCheck();
            externalLoaded = true;
        }
        external.awaitReplicaCaughtUp(60);
        return external;
    }

    private DrillCluster prepare() throws Exception {
        FailoverTopology t = FailoverTopology.start(s.mysqlImage(), s.toxiproxyImage());
        try {
            DataSet.ofOrders(s.rows()).ensureLoaded(t.directA());
            t.installWriterCheck();
            t.awaitReplicaCaughtUp(60);
            return t;
        } catch (Exception e) {
            t.close();
            throw e;
        }
    }

    private DrillResult runOne(FaultKind d, PoolProfile p, int rep, DrillCluster t) throws Exception {
        Path dir = s.out().resolve("drills").resolve(d.id()).resolve(p.name());
        Files.createDirectories(dir);
        DrillFiles.lintOnce(p, t, s.out());
        Injection scenario = Injections.of(d, s);
        for (Instance i : Instance.values()) {
            t.setLatency(i, s.rttMs(), 0); // the run's round trip, kept through every fault (0 removes it)
        }
        Ledger ledger = new Ledger();
        Map<String, Long> events = new LinkedHashMap<>();
        List<long[]> poolSamples = new ArrayList<>();
        String runId = d.id() + "-" + p.name() + "-" + rep + "-" + Long.toHexString(System.nanoTime());
        try (PoolbenchServer server = PoolbenchServer.start(new PoolbenchServer.Settings(p, t.profileVars(),
                DataSet.ofOrders(s.rows()), 0, 200, -1))) {
            DataSource ds = server.dataSource();
            OpenLoopLoad load = new OpenLoopLoad("http://127.0.0.1:" + server.port(), s.rate(), s.writeFraction(),
                    Duration.ofSeconds(s.requestTimeout()), 400, ledger, runId);
            PoolSampler sampler = new PoolSampler(ds, load);
            load.warmUp(300);
            load.start();
            sampler.start();
            List<OpenLoopLoad.Sample> samples;
            try {
                scenario.inject(t, load::nowMs, events);
            } finally {
                samples = load.stop(Duration.ofSeconds(Math.min(10, s.requestTimeout())));
                sampler.stop();
                poolSamples.addAll(sampler.samples);
            }
            Ledger.Reconciliation rec = null;
            if (scenario.failsOver()) {
                try (Connection c = t.rootConnection(Instance.B)) {
                    c.setCatalog(t.databaseName());
                    rec = ledger.reconcile(c);
                }
            }
            Map<String, Double> metrics = scenario.measuresOutage()
                    ? FailoverMetrics.of(samples, poolSamples, events,
                            p.kind().adapter().borrowTimeoutMs(p.attributes()), p.kind().adapter().minIdle(
                                    p.attributes()))
                    : LatencyMetrics.of(samples, events);
            Map<String, Long> outcomes = new TreeMap<>();
            samples.forEach(x -> outcomes.merge(x.outcome(), 1L, Long::sum));
            DrillResult r = new DrillResult(d.id(), p.name(), p.kind().adapter().displayName(), rep, events, metrics,
                    outcomes, rec);
            DrillFiles.writeSamples(dir.resolve("run-" + rep + ".csv"), samples);
            DrillFiles.writePool(dir.resolve("pool-" + rep + ".csv"), poolSamples);
            JSON.writeValue(dir.resolve("run-" + rep + ".json").toFile(), r);
            return r;
        }
    }
}
