package io.poolbench.suite.sharedconnection;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.process.Children;
import io.poolbench.suite.tools.PgBouncer;
import io.poolbench.suite.tools.PostgresBackend;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.load.ErrorBudget;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.process.ProcessCpu;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.AbstractScenario;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.postgresql.Driver;

/**
 * Seed 002's experiment: the database, the client and server memory per connection, then per load condition
 * (none, then the CROSS JOIN load in its own JVM) every variant (one shared connection, a connection per thread,
 * each pool, PgBouncer) interleaved trial by trial at each thread count. What the article measured and what we
 * measure are in {@link SharedConnectionTrial}'s header.
 */
public final class SharedConnectionExperiment extends AbstractScenario {
    private static final ObjectMapper JSON = ResultJson.MAPPER;
    private final SharedConnectionSettings settings;
    private final List<PoolProfile> pools;
    private final List<String> variants;
    private final List<String> notes;
    private final Optional<PgBouncer> bouncer;
    private final DatabaseOptions db;

    /**
     * @param settings the checked settings
     * @param pools the pool profiles, names unique
     * @param notes one line each for a tool that is missing (said once at the start)
     * @param bouncer PgBouncer, when it runs
     * @param db where the database comes from
     */
    SharedConnectionExperiment(SharedConnectionSettings settings, List<PoolProfile> pools, List<String> notes,
            Optional<PgBouncer> bouncer, DatabaseOptions db) {
        super("sweep shared", settings, SharedConnectionReport::write);
        this.settings = settings;
        this.pools = pools;
        // the order within a round: shared, unpooled, the pools' names, pgbouncer
        this.variants = new ArrayList<>(List.of("shared"));
        if (!settings.without().contains("unpooled")) {
            variants.add("unpooled");
        }
        pools.forEach(p -> variants.add(p.name()));
        if (bouncer.isPresent()) {
            variants.add("pgbouncer");
        }
        this.notes = notes;
        this.bouncer = bouncer;
        this.db = db;
    }

    @Override
    public void run(RunRecord record, Progress progress) throws Exception {
        Path dir = record.dir();
        List<Integer> counts = settings.threads();
        List<Integer> loadedCounts = settings.threadsUnderLoad();
        int n = settings.trials();
        List<String> loads = settings.loads();
        notes.forEach(l -> progress.print("poolbench sweep shared: " + l));
        Phase dbPhase = record.plan("database", "start the database, load the data set");
        Phase memPhase = settings.without().contains("memory") ? null
                : record.plan("memory", "client and server memory per connection");
        Map<String, Phase> loadPhases = new LinkedHashMap<>();
        Map<String, Phase> phases = new LinkedHashMap<>();
        for (String l : loads) {
            if (!l.equals("none")) {
                loadPhases.put(l, record.plan("load:" + l, settings.loadThreads() + " threads over a pool of "
                        + settings.loadPool() + " running the CROSS JOIN (" + settings.loadQueryOrDefault()
                        + "), in its own JVM"));
            }
            for (String v : variants) {
                phases.put(l + "/" + v, record.plan("shared:" + l + ":" + v, ClientVariants.label(v, pools) + ", load "
                        + l + ": threads " + (l.equals("none") ? counts : loadedCounts) + ", 1 warm-up + " + n
                        + " trials each" + (settings.withConnecting() ? ", each beside one that opens it first" : "")));
            }
        }
        Path data = Files.createDirectories(dir.resolve("shared"));
        int steps = 1 + (memPhase == null ? 0 : 1) + loadPhases.size() + loads.size();
        int step = 0;
        progress.phase(++step, steps, "database");
        if (!dbPhase.start()) {
            return;
        }
        int maxThreads = Stream.concat(counts.stream(), loadedCounts.stream())
                .mapToInt(Integer::intValue).max().orElse(1);
        int maxConnections = Math.max(100, Math.max(maxThreads, settings.serverConnections().stream()
                .mapToInt(Integer::intValue).max().orElse(0)) + settings.loadPool() + settings.poolSize() * 2 + 50);
        try (Database database = db.settings().open(maxConnections)) {
            DataSet set = db.dataSet();
            set.ensureLoaded(database);
            dbPhase.ok(database.describe() + ", " + set.orders() + " orders, " + set.products()
                    + " products");
            SharedConnectionData.Environment environment = new SharedConnectionData.Environment(notes, PostgresBackend.serverVersion(database),
                    Driver.class.getPackage().getImplementationVersion(), Runtime.getRuntime().availableProcessors(),
                    System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                    maxConnections, null);
            JSON.writeValue(data.resolve("environment.json").toFile(), environment);
            if (memPhase != null) {
                progress.phase(++step, steps, "memory per connection");
                if (!memPhase.start()) {
                    return;
                }
                try {
                    JSON.writeValue(data.resolve("memory.json").toFile(), MemoryPerConnection.read(database, pools,
                            settings.memoryConnections(), settings.serverConnections()));
                    memPhase.ok("client and server memory read");
                } catch (Exception e) {
                    memPhase.failed(Redact.rootMessage(e));
                }
            }
            PostgresBackend backend = PostgresBackend.of(database);
            try (PgBouncer b = bouncer.orElse(null)) {
                if (b != null) {
                    b.start(backend.pooler(), data.resolve("pgbouncer"));
                    environment = environment.withPgBouncer(b.version());
                    JSON.writeValue(data.resolve("environment.json").toFile(), environment);
                }
                for (String l : loads) {
                    Process loadProcess = null;
                    BackgroundLoadProcess.LoadCounter counter = new BackgroundLoadProcess.LoadCounter();
                    try {
                        if (!l.equals("none")) {
                            Phase lp = loadPhases.get(l);
                            progress.phase(++step, steps, "background load");
                            if (!lp.start()) {
                                break;
                            }
                            try {
                                loadProcess = BackgroundLoadProcess.start(database, set, settings.loadThreads(),
                                        settings.loadPool(), settings.loadQueryOrDefault(), data, counter);
                                lp.ok("running, " + counter.queries() + " queries in its first seconds");
                            } catch (Exception e) {
                                lp.failed(Redact.rootMessage(e));
                                for (String v : variants) {
                                    phases.get(l + "/" + v).skipped("the background load did not start");
                                }
                                continue;
                            }
                        }
                        progress.phase(++step, steps, "every variant, interleaved, load " + l);
                        List<Integer> cs = l.equals("none") ? counts : loadedCounts;
                        if (!runInterleaved(l, variants, pools, phases, cs, n, database, b, loadProcess,
                                counter, data, progress)) {
                            break;
                        }
                    } finally {
                        Children.stop(loadProcess, 10);
                    }
                }
            }
        }
    }

    /**
     * Runs every variant under one load condition, interleaved: per thread count one warm-up trial of each variant,
     * then {@code n} rounds in which every variant runs one trial, the order rotating each round, so a load that
     * drifts (the background JVM warms up, the server's caches fill) falls on every variant alike.
     *
     * @return false when the run was interrupted
     */
    private boolean runInterleaved(String loadName, List<String> variants, List<PoolProfile> pools,
            Map<String, Phase> phases, List<Integer> counts, int n, Database database, PgBouncer bouncer,
            Process loadProcess, BackgroundLoadProcess.LoadCounter counter, Path data, Progress progress) throws Exception {
        Map<String, SharedConnectionTrial.Client> clients = new LinkedHashMap<>();
        Map<String, DataSource> pooled = new LinkedHashMap<>();
        Map<String, SharedConnectionData.Trials> results = new LinkedHashMap<>();
        try {
            for (String v : variants) {
                Phase ph = phases.get(loadName + "/" + v);
                if (!ph.start()) {
                    return false;
                }
                long t0 = System.nanoTime();
                try {
                    clients.put(v, ClientVariants.open(v, pools, settings.poolSize(), database, bouncer, pooled));
                } catch (Exception e) {
                    ph.failed("setup: " + Redact.rootMessage(e));
                    continue;
                }
                results.put(v, new SharedConnectionData.Trials(v, ClientVariants.label(v, pools), loadName,
                        (System.nanoTime() - t0) / 1e6,
                        new LinkedHashMap<>()));
            }
            ProcessCpu cpu = new ProcessCpu().watch("client", ProcessHandle.current().pid());
            database.serverPid().ifPresent(p -> cpu.watch("server", p));
            if (loadProcess != null) {
                cpu.watch("load", loadProcess.pid());
            }
            if (bouncer != null && clients.containsKey("pgbouncer")) {
                cpu.watch("pgbouncer", bouncer.pid());
            }
            long q0 = counter.queries();
            cpu.start();
            List<String> live = new ArrayList<>(clients.keySet());
            for (int c : counts) {
                Map<String, List<Double>> ms = new LinkedHashMap<>();
                Map<String, List<Double>> withConnecting = new LinkedHashMap<>();
                Map<String, Integer> errors = new LinkedHashMap<>();
                Map<String, String> firstError = new LinkedHashMap<>();
                for (int round = -1; round < n; round++) {
                    for (int k = 0; k < live.size(); k++) {
                        String v = live.get(Math.floorMod(k + round, live.size()));
                        if (loadProcess != null && !loadProcess.isAlive()) {
                            throw new TestbedException("the background load exited with code "
                                    + loadProcess.exitValue() + " (log: " + data.resolve("load.log") + ")");
                        }
                        SharedConnectionTrial.Trial tr = SharedConnectionTrial.trial(clients.get(v), c);
                        if (round < 0) {
                            continue;
                        }
                        ms.computeIfAbsent(v, x -> new ArrayList<>()).add(tr.elapsedMs());
                        if (settings.withConnecting()) {
                            SharedConnectionTrial.Trial cold = ClientVariants.withConnecting(v, pools, settings.poolSize(),
                                    database, bouncer, c);
                            withConnecting.computeIfAbsent(v, x -> new ArrayList<>()).add(cold.elapsedMs());
                            errors.merge(v, cold.errors(), Integer::sum);
                        }
                        errors.merge(v, tr.errors(), Integer::sum);
                        if (tr.firstError() != null) {
                            firstError.putIfAbsent(v, tr.firstError());
                        }
                    }
                }
                for (String v : live) {
                    results.get(v).trials().put(Integer.toString(c), new SharedConnectionData.Trial(ms.get(v), errors.get(v),
                            firstError.get(v), withConnecting.get(v)));
                    JSON.writeValue(data.resolve(loadName + "-" + v + ".json").toFile(), results.get(v));
                    progress.detail(v, String.format(Locale.ROOT, "%d threads: mean %.1f ms over %d trials%s", c,
                            Figures.mean(ms.get(v)), n, errors.get(v) > 0 ? ", " + errors.get(v)
                                    + " failed queries" : ""));
                }
            }
            double wall = 0;
            Map<String, Double> cores = new LinkedHashMap<>();
            for (ProcessCpu.Usage u : cpu.stop()) {
                cores.put(u.name(), u.cores());
                wall = u.wallSeconds();
            }
            // the load reports its totals once a second: over a shorter period its rate is not measured (null, left
            // out of the report), never a measured 0
            SharedConnectionData.Period period = new SharedConnectionData.Period(cores, wall, loadProcess != null && wall >= 2
                    ? (counter.queries() - q0) / wall : null, loadProcess != null ? counter.errors() : null);
            JSON.writeValue(data.resolve(loadName + "-period.json").toFile(), period);
            for (String v : live) {
                // the budget: every trial of a thread count c sends c queries
                long queries = 0;
                long failed = 0;
                String first = null;
                for (int c : counts) {
                    SharedConnectionData.Trial t = results.get(v).trials().get(Integer.toString(c));
                    queries += (long) c * n * (settings.withConnecting() ? 2 : 1);
                    failed += t.errors();
                    first = first != null ? first : t.firstError();
                }
                String over = ErrorBudget.exceeded(failed, queries, "queries", settings.maxErrorPercent());
                if (over != null) {
                    phases.get(loadName + "/" + v).failed(over + "; the first error: " + first);
                } else {
                    phases.get(loadName + "/" + v).ok(counts.size() + " thread counts × " + n + " trials,"
                            + " interleaved", data.resolve(loadName + "-" + v + ".json"));
                }
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            for (String v : clients.keySet()) {
                phases.get(loadName + "/" + v).failed(Redact.rootMessage(e));
            }
            return true;
        } finally {
            clients.values().forEach(SharedConnectionTrial.Client::close);
            pooled.values().forEach(PoolProfile::close);
        }
    }

}
