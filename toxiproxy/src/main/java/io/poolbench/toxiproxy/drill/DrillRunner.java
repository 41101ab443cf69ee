package io.poolbench.toxiproxy.drill;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.poolbench.testbed.DataSet;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.PoolProfile;
import io.poolbench.testbed.PoolStats;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.RunRecord;
import io.poolbench.testbed.TestbedException;
import io.poolbench.toxiproxy.DrillCluster;
import io.poolbench.toxiproxy.DrillCluster.Instance;
import io.poolbench.toxiproxy.FailoverTopology;
import io.poolbench.toxiproxy.Ledger;
import io.poolbench.webapp.PoolbenchServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
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
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import javax.sql.DataSource;

/**
 * Runs the drills. Each run: a fresh topology (writer A, replica B, endpoint on A; the latency drill shares one),
 * the data set on A, the webapp in this JVM with the profile pointed at the writer endpoint, the open-loop load,
 * the injection, then the measurements; every run's samples, pool samples and metrics are written as soon as it
 * ends ({@code drills/<drill>/<profile>/run-N.*}).
 */
public final class DrillRunner {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The drills. */
    public enum Drill {
        /** Added round-trip latency in steps under steady load. */
        LATENCY,
        /** Aurora-style planned failover: A read-only, B caught up and promoted, endpoint moved, A rebooted. */
        PLANNED,
        /** A black-holed; after the detection time B promoted and the endpoint moved; A rebooted later. */
        UNPLANNED,
        /** Planned promotion, but the endpoint flaps between the read-only old writer and B for a while. */
        STALE;

        /** @return lower-case name used in paths and on the command line */
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * What one run measured.
     *
     * @param drill drill id
     * @param profile profile name
     * @param pool the pool's name, e.g. {@code HikariCP}
     * @param run 1-based run number
     * @param events event name → ms since the load started (injection, promotion, endpoint moves, reboot)
     * @param metrics metric name → value (units in the name: _s seconds after the injection, _ms, count)
     * @param outcomes outcome → requests
     * @param reconciliation the write ledger against the writer at the end (null for the latency drill)
     */
    public record RunResult(String drill, String profile, String pool, int run, Map<String, Long> events,
            Map<String, Double> metrics, Map<String, Long> outcomes, Ledger.Reconciliation reconciliation) {
    }

    private final DrillSettings s;
    private final Consumer<String> log;
    private final DrillCluster external;
    private RunRecord record;
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
     * Runs the drills for every profile, {@code repeats} times each.
     *
     * @param drills drills in order
     * @return every run's result
     * @throws Exception when a run cannot be carried out (setup failures end with a {@link TestbedException})
     */
    public List<RunResult> run(List<Drill> drills) throws Exception {
        List<PoolProfile> profiles = new ArrayList<>();
        for (String p : s.profiles()) {
            PoolProfile pp = PoolProfile.load(PoolProfile.locate(p, s.confDir()));
            pp.warnings().forEach(w -> log.accept("WARNING " + w));
            profiles.add(pp);
        }
        List<RunResult> all = new ArrayList<>();
        Map<String, RunRecord.Phase> phases = new LinkedHashMap<>();
        if (record != null) {
            for (Drill d : drills) {
                for (int rep = 1; rep <= s.repeats(); rep++) {
                    for (PoolProfile p : profiles) {
                        String id = d.id() + ":" + p.name() + ":" + rep;
                        phases.put(id, record.plan(id, d.id() + " drill, profile " + p.name() + ", repetition " + rep));
                    }
                }
            }
        }
        int total = drills.size() * profiles.size() * s.repeats();
        int n = 0;
        for (Drill d : drills) {
            DrillCluster shared = null;
            try {
                for (int rep = 1; rep <= s.repeats(); rep++) {
                    for (PoolProfile p : profiles) {
                        n++;
                        log.accept(String.format(Locale.ROOT, "run %d/%d: %s, profile %s, repetition %d", n, total,
                                d.id(), p.name(), rep));
                        RunRecord.Phase ph = phases.get(d.id() + ":" + p.name() + ":" + rep);
                        if (ph != null) {
                            ph.start();
                        }
                        DrillCluster t = null;
                        try {
                            if (external != null) {
                                t = prepareExternal();
                            } else if (d == Drill.LATENCY) {
                                if (shared == null) {
                                    shared = prepare();
                                }
                                t = shared;
                            } else {
                                t = prepare();
                            }
                            RunResult r = runOne(d, p, rep, t);
                            all.add(r);
                            log.accept("  " + summaryLine(r));
                            if (ph != null) {
                                ph.ok(summaryLine(r));
                            }
                        } catch (InterruptedException e) {
                            throw e;
                        } catch (Exception e) {
                            // one broken run does not cost the others; it is marked failed, not hidden
                            String why = e instanceof TestbedException ? e.getMessage() : e.toString();
                            log.accept("  run FAILED, no result: " + Redact.oneLine(why) + " (details in the log)");
                            if (ph != null) {
                                ph.failed(why);
                            }
                            if (d == Drill.LATENCY && shared != null) {
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

    private static Map<String, String> vars(DrillCluster t) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("poolbench.jdbc.url", t.writerJdbcUrl());
        v.put("poolbench.jdbc.user", t.user());
        v.put("poolbench.jdbc.password", t.password());
        v.put("poolbench.mysql.endpoint", t.writerEndpoint());
        v.put("poolbench.mysql.database", t.databaseName());
        return v;
    }

    /** Pool timeout in ms from the profile (its adapter's borrowTimeoutMs); -1 = unbounded. */
    static long poolTimeoutMs(PoolProfile p) {
        return p.kind().adapter().borrowTimeoutMs(p.attributes());
    }

    /** Minimum idle from the profile (its adapter's minIdle). */
    static int minIdle(PoolProfile p) {
        return p.kind().adapter().minIdle(p.attributes());
    }

    /**
     * Writes {@code drills/lint/<profile>.txt} once per profile: what the profile really configures, read back from
     * a pool built against this cluster's writer (the lines {@code ./poolbench lint} prints; they head the report).
     */
    private void lintOnce(PoolProfile p, DrillCluster t) throws IOException {
        Path f = s.out().resolve("drills").resolve("lint").resolve(p.name() + ".txt");
        if (Files.isRegularFile(f)) {
            return;
        }
        Files.createDirectories(f.getParent());
        String text;
        try {
            text = io.poolbench.testbed.ProfileLint.text(io.poolbench.testbed.ProfileLint.lint(p, vars(t)));
        } catch (RuntimeException e) {
            text = "== " + p.file() + ": lint failed: " + io.poolbench.testbed.Redact.rootMessage(e) + "\n";
        }
        Files.writeString(f, text);
    }

    private RunResult runOne(Drill d, PoolProfile p, int rep, DrillCluster t) throws Exception {
        Path dir = s.out().resolve("drills").resolve(d.id()).resolve(p.name());
        Files.createDirectories(dir);
        lintOnce(p, t);
        Ledger ledger = new Ledger();
        Map<String, Long> events = new LinkedHashMap<>();
        List<long[]> poolSamples = new ArrayList<>();
        String runId = d.id() + "-" + p.name() + "-" + rep + "-" + Long.toHexString(System.nanoTime());
        try (PoolbenchServer server = PoolbenchServer.start(new PoolbenchServer.Settings(p, vars(t),
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
                switch (d) {
                    case LATENCY:
                        latency(t, load, events);
                        break;
                    case PLANNED:
                        planned(t, load, events);
                        break;
                    case UNPLANNED:
                        unplanned(t, load, events);
                        break;
                    case STALE:
                        stale(t, load, events);
                        break;
                    default:
                        throw new IllegalStateException(d.toString());
                }
            } finally {
                samples = load.stop(Duration.ofSeconds(Math.min(10, s.requestTimeout())));
                sampler.stop();
                poolSamples.addAll(sampler.samples);
                if (d == Drill.LATENCY) {
                    t.setLatency(Instance.A, 0, 0);
                }
            }
            Ledger.Reconciliation rec = null;
            if (d != Drill.LATENCY) {
                try (Connection c = t.rootConnection(Instance.B)) {
                    c.setCatalog(t.databaseName());
                    rec = ledger.reconcile(c);
                }
            }
            Map<String, Double> metrics = d == Drill.LATENCY ? latencyMetrics(samples, events)
                    : failoverMetrics(samples, poolSamples, events, p);
            Map<String, Long> outcomes = new TreeMap<>();
            samples.forEach(x -> outcomes.merge(x.outcome(), 1L, Long::sum));
            RunResult r = new RunResult(d.id(), p.name(), p.kind().adapter().displayName(), rep, events, metrics,
                    outcomes, rec);
            writeSamples(dir.resolve("run-" + rep + ".csv"), samples);
            writePool(dir.resolve("pool-" + rep + ".csv"), poolSamples);
            JSON.writeValue(dir.resolve("run-" + rep + ".json").toFile(), r);
            return r;
        }
    }

    private void latency(DrillCluster t, OpenLoopLoad load, Map<String, Long> events) throws Exception {
        for (int ms : s.latencySteps()) {
            t.setLatency(Instance.A, ms, s.jitterMs());
            events.put("step-" + ms + "ms", load.nowMs());
            sleep(s.latencyStep());
        }
        events.put("end", load.nowMs());
        t.setLatency(Instance.A, 0, 0);
    }

    private void planned(DrillCluster t, OpenLoopLoad load, Map<String, Long> events) throws Exception {
        sleep(s.steady());
        io.poolbench.toxiproxy.PlannedFailover.inject(t, load::nowMs, events);
        sleep(s.after());
    }

    private void unplanned(DrillCluster t, OpenLoopLoad load, Map<String, Long> events) throws Exception {
        sleep(s.steady());
        events.put("injection", load.nowMs());
        t.freeze(Instance.A);
        long rebootAt = System.nanoTime() + s.reboot() * 1_000_000_000L;
        sleep(s.detect());
        // A is gone (A cannot be asked how far it got): B gets a moment to apply what it received, then is
        // promoted; what A committed but B never received is lost, as with asynchronous replication
        Thread.sleep(500);
        t.promoteB();
        events.put("promoted", load.nowMs());
        t.pointWriterEndpointAt(Instance.B);
        events.put("endpoint-moved", load.nowMs());
        long left = (rebootAt - System.nanoTime()) / 1_000_000;
        if (left > 0) {
            Thread.sleep(left);
        }
        // the old writer reboots: its connections are reset, it comes back read-only
        t.cutConnections(Instance.A);
        t.unfreeze(Instance.A);
        t.setReadOnly(Instance.A);
        events.put("old-writer-rebooted", load.nowMs());
        long end = events.get("injection") + (s.detect() + s.after()) * 1000L;
        long rest = end - load.nowMs();
        if (rest > 0) {
            Thread.sleep(rest);
        }
    }

    private void stale(DrillCluster t, OpenLoopLoad load, Map<String, Long> events) throws Exception {
        sleep(s.steady());
        events.put("injection", load.nowMs());
        t.setReadOnly(Instance.A);
        t.awaitReplicaCaughtUp(30);
        t.promoteB();
        events.put("promoted", load.nowMs());
        long until = System.nanoTime() + s.flapFor() * 1_000_000_000L;
        Instance target = Instance.B;
        int flips = 0;
        while (System.nanoTime() < until) {
            t.pointWriterEndpointAt(target);
            events.put("endpoint-" + target.name().toLowerCase(Locale.ROOT) + "-" + (++flips), load.nowMs());
            target = target == Instance.A ? Instance.B : Instance.A;
            sleep(s.flapEvery());
        }
        t.pointWriterEndpointAt(Instance.B);
        events.put("endpoint-moved", load.nowMs());
        sleep(Math.max(1, s.after() - s.flapFor()));
    }

    private static void sleep(int seconds) throws InterruptedException {
        Thread.sleep(seconds * 1000L);
    }

    // ---- measurements ----

    static Map<String, Double> failoverMetrics(List<OpenLoopLoad.Sample> samples, List<long[]> pool,
            Map<String, Long> events, PoolProfile p) {
        Map<String, Double> m = new LinkedHashMap<>();
        long inj = events.getOrDefault("injection", 0L);
        long moved = events.getOrDefault("endpoint-moved", inj);
        Double firstErr = null;
        Double lastErr = null;
        long failed = 0;
        long readOnly = 0;
        long blocked = 0;
        long timeout = poolTimeoutMs(p);
        long threshold = timeout > 0 ? timeout : 30_000;
        Double firstWrite = null;
        List<Long> rts = new ArrayList<>();
        for (OpenLoopLoad.Sample x : samples) {
            if (x.endMs() >= 0) {
                rts.add(x.responseMs());
            }
            boolean ok = x.outcome().equals("ok");
            if (!ok) {
                failed++;
                double at = ((x.endMs() >= 0 ? x.endMs() : Long.MAX_VALUE / 2) - inj) / 1000.0;
                if (x.endMs() >= 0) {
                    firstErr = firstErr == null ? at : Math.min(firstErr, at);
                    lastErr = lastErr == null ? at : Math.max(lastErr, at);
                }
            }
            if (x.outcome().equals("read-only")) {
                readOnly++;
            }
            if (x.outcome().equals("pool-timeout") || x.borrowUs() > threshold * 1000) {
                blocked++;
            }
            if (ok && x.endpoint().equals("write") && x.startMs() >= moved) {
                double at = (x.endMs() - inj) / 1000.0;
                firstWrite = firstWrite == null ? at : Math.min(firstWrite, at);
            }
        }
        // back to health: after the first write on the new writer (connections reach it), the first sample with
        // nobody waiting, a spare connection and at least minIdle connections
        int min = minIdle(p);
        Double backToMin = null;
        if (firstWrite != null) {
            long from = inj + (long) (firstWrite * 1000);
            for (long[] ps : pool) {
                if (ps[0] >= from && ps[3] <= 0 && ps[2] >= 1 && ps[4] >= min) {
                    backToMin = (ps[0] - inj) / 1000.0;
                    break;
                }
            }
        }
        m.put("requests", (double) samples.size());
        m.put("failed", (double) failed);
        m.put("first_error_s", firstErr);
        m.put("last_error_s", lastErr);
        m.put("first_write_on_new_writer_s", firstWrite);
        m.put("pool_back_to_min_idle_s", backToMin);
        m.put("read_only_errors", (double) readOnly);
        m.put("blocked_over_pool_timeout", (double) blocked);
        m.put("pool_timeout_ms", (double) timeout);
        m.put("max_response_ms", rts.isEmpty() ? null : (double) rts.stream().mapToLong(Long::longValue).max().orElse(0));
        m.put("p99_response_ms", Figures.nearestRank(rts, 0.99));
        return m;
    }

    static Map<String, Double> latencyMetrics(List<OpenLoopLoad.Sample> samples, Map<String, Long> events) {
        Map<String, Double> m = new LinkedHashMap<>();
        List<Map.Entry<String, Long>> steps = new ArrayList<>(events.entrySet());
        for (int i = 0; i < steps.size(); i++) {
            String name = steps.get(i).getKey();
            if (!name.startsWith("step-")) {
                continue;
            }
            long from = steps.get(i).getValue();
            long to = i + 1 < steps.size() ? steps.get(i + 1).getValue() : Long.MAX_VALUE;
            List<Long> rt = new ArrayList<>();
            List<Long> borrow = new ArrayList<>();
            long ok = 0;
            long err = 0;
            for (OpenLoopLoad.Sample x : samples) {
                if (x.intendedMs() < from || x.intendedMs() >= to) {
                    continue;
                }
                if (x.endMs() >= 0) {
                    rt.add(x.responseMs());
                }
                if (x.borrowUs() >= 0) {
                    borrow.add(x.borrowUs() / 1000);
                }
                if (x.outcome().equals("ok")) {
                    ok++;
                } else {
                    err++;
                }
            }
            String k = name.substring("step-".length());
            double secs = (Math.min(to, events.getOrDefault("end", to)) - from) / 1000.0;
            m.put(k + ".throughput_rps", secs > 0 ? ok / secs : null);
            m.put(k + ".p50_ms", Figures.nearestRank(rt, 0.50));
            m.put(k + ".p99_ms", Figures.nearestRank(rt, 0.99));
            m.put(k + ".max_ms", rt.isEmpty() ? null : (double) rt.stream().mapToLong(Long::longValue).max().orElse(0));
            m.put(k + ".borrow_p99_ms", Figures.nearestRank(borrow, 0.99));
            m.put(k + ".borrow_max_ms", borrow.isEmpty() ? null
                    : (double) borrow.stream().mapToLong(Long::longValue).max().orElse(0));
            m.put(k + ".errors", (double) err);
        }
        return m;
    }

    static String summaryLine(RunResult r) {
        StringBuilder sb = new StringBuilder();
        sb.append(r.outcomes());
        if (r.reconciliation() != null) {
            sb.append(" acked writes ").append(r.reconciliation().acknowledged()).append(", lost ")
                    .append(r.reconciliation().lost());
        }
        r.metrics().forEach((k, v) -> {
            if (k.endsWith("_s") && v != null) {
                sb.append(", ").append(k).append(' ').append(String.format(Locale.ROOT, "%.2f", v));
            }
        });
        return sb.toString();
    }

    private static void writeSamples(Path f, List<OpenLoopLoad.Sample> samples) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(f, StandardCharsets.UTF_8))) {
            w.println("intendedMs,startMs,endMs,endpoint,status,outcome,borrowUs,responseMs");
            for (OpenLoopLoad.Sample x : samples) {
                w.println(x.intendedMs() + "," + x.startMs() + "," + x.endMs() + "," + x.endpoint() + ","
                        + x.status() + "," + x.outcome() + "," + x.borrowUs() + "," + x.responseMs());
            }
        }
    }

    private static void writePool(Path f, List<long[]> pool) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(f, StandardCharsets.UTF_8))) {
            w.println("ms,active,idle,waiting,total");
            for (long[] p : pool) {
                w.println(p[0] + "," + p[1] + "," + p[2] + "," + p[3] + "," + p[4]);
            }
        }
    }

    /** Samples the pool's own metrics every 100 ms: ms since load start, active, idle, waiting, total. */
    private static final class PoolSampler {
        final ConcurrentLinkedQueue<long[]> samples = new ConcurrentLinkedQueue<>();
        private final DataSource ds;
        private final OpenLoopLoad clock;
        private volatile boolean running = true;
        private final Thread thread;

        PoolSampler(DataSource ds, OpenLoopLoad clock) {
            this.ds = ds;
            this.clock = clock;
            this.thread = new Thread(this::loop, "drill-pool-sampler");
            thread.setDaemon(true);
        }

        void start() {
            thread.start();
        }

        private void loop() {
            while (running) {
                try {
                    PoolStats st = PoolStats.of(ds);
                    samples.add(new long[] {clock.nowMs(), st.active(), st.idle(), st.waiting(), st.total()});
                } catch (RuntimeException e) {
                    // the pool is closing
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        void stop() throws InterruptedException {
            running = false;
            thread.join(2_000);
        }
    }
}
