package io.poolbench.suite.seed002;

import io.poolbench.suite.process.Children;
import io.poolbench.suite.tools.PgBouncer;
import io.poolbench.suite.tools.PostgresBackend;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunDirOptions;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.poolbench.testbed.Cli;
import io.poolbench.testbed.DataSet;
import io.poolbench.testbed.Database;
import io.poolbench.testbed.DatabaseOptions;
import io.poolbench.testbed.PoolFill;
import io.poolbench.testbed.PoolProfile;
import io.poolbench.testbed.ProcessCpu;
import io.poolbench.testbed.ProfileDir;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.run.RunLog;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.testbed.TestbedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code poolbench sweep shared}: seed 002, one shared connection against pools, a connection per thread and
 * PgBouncer, with and without a background load, and the memory a connection costs (see {@link SharedConnectionTrial},
 * {@link ConnectionMemory}, {@link BackgroundLoad}; report: {@link Seed002Report}).
 */
@Command(name = "shared", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Seed 002: N threads, one simple query each, on one shared connection, on pools, on a new"
                + " connection per thread and through PgBouncer, without and with a CROSS JOIN background load in"
                + " its own JVM; client and server memory per connection; beside the article's figures. Embedded"
                + " PostgreSQL by default; PgBouncer is skipped with one line when not installed.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every phase ok", "1:a phase failed (the summary marks it)", "2:bad input",
            "130:interrupted (Ctrl-C)"})
public final class Seed002Command implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** Quick default pools. */
    static final List<String> QUICK_PROFILES = List.of("hikari", "dbcp2");

    @Option(names = "--threads", split = ",", paramLabel = "N",
            description = "Thread counts without load (default 10,50,100,500; --as-article: 10,50,100,200,300,400,500).")
    List<Integer> threads;

    @Option(names = "--threads-under-load", split = ",", paramLabel = "N",
            description = "Thread counts under the background load (default 10,30; --as-article: as --threads):"
                    + " there a trial on the shared connection takes about N × 0.2–0.4 s on 2 cores, and the quick"
                    + " default takes about 10 minutes, most of it under the load.")
    List<Integer> threadsUnderLoad;

    @Option(names = "--trials", paramLabel = "N",
            description = "Measured trials per variant and thread count (default 3; 30 with --as-article, the"
                    + " article's), after one unrecorded warm-up trial.")
    Integer trials;

    @Option(names = "--profiles", split = ",", paramLabel = "NAME|FILE",
            description = "Pools (default hikari,dbcp2; --as-article: every pooled profile).")
    List<String> profiles;

    @Option(names = "--pool-size", defaultValue = "20", paramLabel = "N",
            description = "Connections of every pool and PgBouncer's default_pool_size (default ${DEFAULT-VALUE}).")
    int poolSize;

    @Option(names = "--load", defaultValue = "both", paramLabel = "none|cross-join|both",
            description = "Background load conditions (default ${DEFAULT-VALUE}).")
    String load;

    @Option(names = "--load-threads", defaultValue = "150", paramLabel = "N",
            description = "Background load threads (default ${DEFAULT-VALUE}, the article's JMeter users).")
    int loadThreads;

    @Option(names = "--load-pool", defaultValue = "200", paramLabel = "N",
            description = "Background load pool size (default ${DEFAULT-VALUE}, the article's).")
    int loadPool;

    @Option(names = "--memory-connections", defaultValue = "10", paramLabel = "N",
            description = "Connections for the client memory table (default ${DEFAULT-VALUE}, the article's"
                    + " Table 1).")
    int memoryConnections;

    @Option(names = "--server-connections", split = ",", defaultValue = "10,100", paramLabel = "N",
            description = "Open connections for the server memory reading (default ${DEFAULT-VALUE}).")
    List<Integer> serverConnections;

    @Option(names = "--without", split = ",", paramLabel = "WHAT",
            description = "Leave out: pgbouncer, unpooled, memory.")
    List<String> without = new ArrayList<>();

    @Option(names = "--as-article", description = "The article's parameters: thread counts 10 … 500, 30 trials,"
            + " every pooled profile (hours on 2 cores: under the load the shared connection serialises 500 queries"
            + " of about 0.2 s per trial).")
    boolean asArticle;

    @Mixin
    RunDirOptions runDir;

    @Mixin
    DatabaseOptions db;

    @Spec
    CommandSpec spec;

    /**
     * Settings as the manifest records them.
     *
     * @param threads thread counts without load
     * @param threadsUnderLoad thread counts under the background load
     * @param trials measured trials per variant and count
     * @param profiles pool profile files
     * @param poolSize pool size
     * @param loads load conditions
     * @param loadThreads background threads
     * @param loadPool background pool size
     * @param memoryConnections connections for the client memory table
     * @param serverConnections open connections for the server memory reading
     * @param without left out
     * @param query the simple query
     * @param database database kind
     */
    record Settings(List<Integer> threads, List<Integer> threadsUnderLoad, int trials, List<String> profiles, int poolSize, List<String> loads,
            int loadThreads, int loadPool, int memoryConnections, List<Integer> serverConnections,
            List<String> without, String query, String database) {
    }

    @Override
    public Integer call() throws Exception {
        List<Integer> counts = threads != null ? threads : asArticle ? List.of(10, 50, 100, 200, 300, 400, 500)
                : List.of(10, 50, 100, 500);
        int n = trials != null ? trials : asArticle ? 30 : 3;
        List<Integer> loadedCounts = threadsUnderLoad != null ? threadsUnderLoad : asArticle || threads != null
                ? counts : List.of(10, 30);
        for (int c : loadedCounts) {
            Cli.range("--threads-under-load", c, 1, 2_000);
        }
        Cli.range("--trials", n, 1, 1_000);
        for (int c : counts) {
            Cli.range("--threads", c, 1, 2_000);
        }
        Cli.range("--pool-size", poolSize, 1, 1_000);
        Cli.range("--load-threads", loadThreads, 1, 1_000);
        Cli.range("--load-pool", loadPool, 1, 1_000);
        Cli.range("--memory-connections", memoryConnections, 1, 1_000);
        for (int c : serverConnections) {
            Cli.range("--server-connections", c, 1, 2_000);
        }
        List<String> loads = switch (load) {
            case "none" -> List.of("none");
            case "cross-join" -> List.of("cross-join");
            case "both" -> List.of("none", "cross-join");
            default -> throw new TestbedException("--load " + load + ": use none, cross-join or both");
        };
        for (String w : without) {
            if (!List.of("pgbouncer", "unpooled", "memory").contains(w)) {
                throw new TestbedException("--without " + w + ": unknown; use pgbouncer, unpooled or memory");
            }
        }
        db.validate();
        if ("mysql".equalsIgnoreCase(db.kind)) {
            throw new TestbedException("sweep shared measures PostgreSQL (its backends, PgBouncer): use --db embedded,"
                    + " or --db external with a jdbc:postgresql URL");
        }
        Path conf = ProfileDir.resolve(null);
        List<PoolProfile> pools = new ArrayList<>();
        for (String p : profiles != null ? profiles : asArticle ? ProfileDir.POOLED : QUICK_PROFILES) {
            PoolProfile pp = PoolProfile.load(PoolProfile.locate(p, conf));
            if (!pp.kind().adapter().pooled()) {
                throw new TestbedException("profile " + p + " is no pool: the connection-per-thread variant is"
                        + " built in (leave it out with --without unpooled)");
            }
            if (pools.stream().anyMatch(x -> x.name().equals(pp.name()))) {
                throw new TestbedException("two profiles are named " + pp.name() + ": give one file another name");
            }
            pools.add(pp);
        }
        String password = db.settings().password();
        boolean withBouncer = !without.contains("pgbouncer");
        if (withBouncer && password != null && !password.isEmpty()) {
            throw new TestbedException("the server needs a password (POOLBENCH_JDBC_PASSWORD): poolbench starts"
                    + " PgBouncer only in front of a server that trusts loopback connections; add --without pgbouncer");
        }
        List<String> notes = new ArrayList<>();
        Optional<PgBouncer> bouncer = withBouncer ? PgBouncer.create("transaction", poolSize) : Optional.empty();
        if (withBouncer && bouncer.isEmpty()) {
            notes.add("PgBouncer is not installed: its variant is skipped (install it: " + PgBouncer.INSTALL + ")");
        }
        List<String> variants = new ArrayList<>(List.of("shared"));
        if (!without.contains("unpooled")) {
            variants.add("unpooled");
        }
        pools.forEach(p -> variants.add(p.name()));
        if (bouncer.isPresent()) {
            variants.add("pgbouncer");
        }
        Settings settings = new Settings(counts, loadedCounts, n, pools.stream().map(p -> p.file().toString()).toList(), poolSize,
                loads, loadThreads, loadPool, memoryConnections, serverConnections, without, SharedConnectionTrial.SIMPLE_QUERY,
                db.kind);
        Path dir = runDir.prepare();
        notes.forEach(l -> System.out.println("poolbench sweep shared: " + l));
        try (RunLog log = RunLog.redirect(dir.resolve("poolbench.log"))) {
            RunRecord record = RunRecord.start(dir, "sweep shared", spec.commandLine().getParseResult()
                    .originalArgs(), settings, System.out);
            Progress progress = new Progress(System.out);
            RunRecord.Phase dbPhase = record.plan("database", "start the database, load the data set");
            RunRecord.Phase memPhase = without.contains("memory") ? null
                    : record.plan("memory", "client and server memory per connection");
            Map<String, RunRecord.Phase> loadPhases = new LinkedHashMap<>();
            Map<String, RunRecord.Phase> phases = new LinkedHashMap<>();
            for (String l : loads) {
                if (!l.equals("none")) {
                    loadPhases.put(l, record.plan("load:" + l, loadThreads + " threads over a pool of " + loadPool
                            + " running the CROSS JOIN, in its own JVM"));
                }
                for (String v : variants) {
                    phases.put(l + "/" + v, record.plan("shared:" + l + ":" + v, label(v, pools) + ", load " + l
                            + ": threads " + (l.equals("none") ? counts : loadedCounts) + ", 1 warm-up + " + n
                            + " trials each"));
                }
            }
            record.onInterrupt(() -> Seed002Report.writeQuietly(dir));
            Path data = Files.createDirectories(dir.resolve("shared"));
            Map<String, Object> environment = new LinkedHashMap<>();
            environment.put("notes", notes);
            int steps = 1 + (memPhase == null ? 0 : 1) + loadPhases.size() + loads.size();
            int step = 0;
            try {
                progress.phase(++step, steps, "database");
                if (!dbPhase.start()) {
                    return record.finish();
                }
                int maxThreads = java.util.stream.Stream.concat(counts.stream(), loadedCounts.stream())
                        .mapToInt(Integer::intValue).max().orElse(1);
                int maxConnections = Math.max(100, Math.max(maxThreads, serverConnections.stream()
                        .mapToInt(Integer::intValue).max().orElse(0)) + loadPool + poolSize * 2 + 50);
                try (Database database = db.settings().open(maxConnections)) {
                    DataSet set = db.dataSet();
                    set.ensureLoaded(database);
                    dbPhase.ok(database.describe() + ", " + set.orders() + " orders, " + set.products()
                            + " products");
                    environment.put("server", serverVersion(database));
                    environment.put("driver", org.postgresql.Driver.class.getPackage().getImplementationVersion());
                    environment.put("cores", Runtime.getRuntime().availableProcessors());
                    environment.put("java", System.getProperty("java.vm.name") + " "
                            + System.getProperty("java.runtime.version"));
                    environment.put("maxConnections", maxConnections);
                    JSON.writeValue(data.resolve("environment.json").toFile(), environment);
                    if (memPhase != null) {
                        progress.phase(++step, steps, "memory per connection");
                        if (!memPhase.start()) {
                            return record.finish();
                        }
                        try {
                            JSON.writeValue(data.resolve("memory.json").toFile(), memory(database, pools));
                            memPhase.ok("client and server memory read");
                        } catch (Exception e) {
                            memPhase.failed(Redact.rootMessage(e));
                        }
                    }
                    PostgresBackend backend = PostgresBackend.of(database);
                    try (PgBouncer b = bouncer.orElse(null)) {
                        if (b != null) {
                            b.start(backend.pooler(), data.resolve("pgbouncer"));
                            environment.put("PgBouncer", b.version());
                            JSON.writeValue(data.resolve("environment.json").toFile(), environment);
                        }
                        for (String l : loads) {
                            Process loadProcess = null;
                            LoadCounter counter = new LoadCounter();
                            try {
                                if (!l.equals("none")) {
                                    RunRecord.Phase lp = loadPhases.get(l);
                                    progress.phase(++step, steps, "background load");
                                    if (!lp.start()) {
                                        break;
                                    }
                                    try {
                                        loadProcess = startLoad(database, set, data, counter);
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
            } finally {
                record.finish();
            }
            int rc = record.finish();
            if (!record.interrupted()) {
                progress.print(Seed002Report.write(dir));
                progress.print((rc == 0 ? "poolbench sweep shared: " : "poolbench sweep shared: PROBLEM: ")
                        + record.outcomeLine());
            }
            return rc;
        }
    }

    /**
     * @param v variant id
     * @param pools the pools
     * @return how reports name the variant
     */
    static String label(String v, List<PoolProfile> pools) {
        return switch (v) {
            case "shared" -> "one shared connection";
            case "unpooled" -> "a new connection per thread";
            case "pgbouncer" -> "a new connection to PgBouncer per thread";
            default -> pools.stream().filter(p -> p.name().equals(v)).findFirst()
                    .map(p -> "borrow from " + p.kind().adapter().displayName()).orElse(v);
        };
    }

    /** The background load's totals, from its output lines. */
    static final class LoadCounter {
        private final AtomicLong queries = new AtomicLong();
        private final AtomicLong errors = new AtomicLong();

        void accept(String line) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 4 && f[0].equals("queries") && f[2].equals("errors")) {
                try {
                    queries.set(Long.parseLong(f[1]));
                    errors.set(Long.parseLong(f[3]));
                } catch (NumberFormatException ignored) {
                    // another line
                }
            }
        }

        long queries() {
            return queries.get();
        }

        long errors() {
            return errors.get();
        }
    }

    private Process startLoad(Database database, DataSet set, Path data, LoadCounter counter) throws Exception {
        List<String> cmd = List.of(Children.java(), "-Xmx1g", "-cp", System.getProperty("java.class.path"),
                BackgroundLoad.class.getName(), database.jdbcUrl(), database.user(), Integer.toString(loadThreads),
                Integer.toString(loadPool), Integer.toString(set.orders()));
        Map<String, String> env = new HashMap<>();
        if (database.password() != null && !database.password().isEmpty()) {
            env.put("POOLBENCH_JDBC_PASSWORD", database.password());
        }
        Process p = Children.start(cmd, env, data.resolve("load.log"), counter::accept);
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (counter.queries() == 0 && System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                Children.awaitOutput(p);
                throw new TestbedException("the background load exited with code " + p.exitValue() + " at start"
                        + " (log: " + data.resolve("load.log") + ")");
            }
            Thread.sleep(200);
        }
        if (counter.queries() == 0) {
            Children.stop(p, 5);
            throw new TestbedException("the background load finished no query in 60 s (log: "
                    + data.resolve("load.log") + ")");
        }
        // a few seconds for its pool and the server to settle
        Thread.sleep(3_000);
        return p;
    }

    /**
     * Runs every variant under one load condition, interleaved: per thread count one warm-up trial of each variant,
     * then {@code n} rounds in which every variant runs one trial, the order rotating each round, so a load that
     * drifts (the background JVM warms up, the server's caches fill) falls on every variant alike.
     *
     * @return false when the run was interrupted
     */
    private boolean runInterleaved(String loadName, List<String> variants, List<PoolProfile> pools,
            Map<String, RunRecord.Phase> phases, List<Integer> counts, int n, Database database, PgBouncer bouncer,
            Process loadProcess, LoadCounter counter, Path data, Progress progress) throws Exception {
        Map<String, SharedConnectionTrial.Client> clients = new LinkedHashMap<>();
        Map<String, DataSource> pooled = new LinkedHashMap<>();
        Map<String, Map<String, Object>> results = new LinkedHashMap<>();
        try {
            for (String v : variants) {
                RunRecord.Phase ph = phases.get(loadName + "/" + v);
                if (!ph.start()) {
                    return false;
                }
                long t0 = System.nanoTime();
                try {
                    clients.put(v, open(v, pools, database, bouncer, pooled));
                } catch (Exception e) {
                    ph.failed("setup: " + Redact.rootMessage(e));
                    continue;
                }
                Map<String, Object> j = new LinkedHashMap<>();
                j.put("variant", v);
                j.put("label", label(v, pools));
                j.put("load", loadName);
                j.put("setupMs", (System.nanoTime() - t0) / 1e6);
                j.put("trials", new LinkedHashMap<String, Object>());
                results.put(v, j);
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
                        errors.merge(v, tr.errors(), Integer::sum);
                        if (tr.firstError() != null) {
                            firstError.putIfAbsent(v, tr.firstError());
                        }
                    }
                }
                for (String v : live) {
                    Map<String, Object> cj = new LinkedHashMap<>();
                    cj.put("elapsedMs", ms.get(v));
                    cj.put("errors", errors.get(v));
                    if (firstError.containsKey(v)) {
                        cj.put("firstError", firstError.get(v));
                    }
                    @SuppressWarnings("unchecked")
                    Map<String, Object> trials = (Map<String, Object>) results.get(v).get("trials");
                    trials.put(Integer.toString(c), cj);
                    JSON.writeValue(data.resolve(loadName + "-" + v + ".json").toFile(), results.get(v));
                    progress.detail(v, String.format(Locale.ROOT, "%d threads: mean %.1f ms over %d trials%s", c,
                            io.poolbench.testbed.Figures.mean(ms.get(v)), n, errors.get(v) > 0 ? ", " + errors.get(v)
                                    + " failed queries" : ""));
                }
            }
            Map<String, Object> period = new LinkedHashMap<>();
            double wall = 0;
            Map<String, Double> cores = new LinkedHashMap<>();
            for (ProcessCpu.Usage u : cpu.stop()) {
                cores.put(u.name(), u.cores());
                wall = u.wallSeconds();
            }
            period.put("cpuCores", cores);
            period.put("wallS", wall);
            if (loadProcess != null) {
                period.put("loadQueriesPerSecond", wall > 0 ? (counter.queries() - q0) / wall : null);
                period.put("loadErrors", counter.errors());
            }
            JSON.writeValue(data.resolve(loadName + "-period.json").toFile(), period);
            for (String v : live) {
                phases.get(loadName + "/" + v).ok(counts.size() + " thread counts × " + n + " trials, interleaved");
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

    private SharedConnectionTrial.Client open(String v, List<PoolProfile> pools, Database database, PgBouncer bouncer,
            Map<String, DataSource> pooled) throws Exception {
        switch (v) {
            case "shared":
                return SharedConnectionTrial.shared(database.connect());
            case "unpooled":
                return SharedConnectionTrial.dataSource(newConnectionEach(database.jdbcUrl(), database.user(),
                        database.password()));
            case "pgbouncer":
                return SharedConnectionTrial.dataSource(newConnectionEach(bouncer.jdbcUrl(PostgresBackend.of(database)
                        .database()) + "?prepareThreshold=0", database.user(), ""));
            default:
                PoolProfile p = pools.stream().filter(x -> x.name().equals(v)).findFirst().orElseThrow();
                Map<String, String> overrides = new HashMap<>();
                for (String a : p.kind().adapter().sizeAttributes()) {
                    overrides.put(a, Integer.toString(poolSize));
                }
                DataSource ds = p.createDataSource(DatabaseOptions.vars(database), overrides);
                pooled.put(v, ds);
                PoolFill.fill(ds, poolSize);
                return SharedConnectionTrial.dataSource(ds);
        }
    }

    /** @return pgjdbc's own DataSource: every getConnection opens a new connection */
    private static DataSource newConnectionEach(String url, String user, String password) {
        org.postgresql.ds.PGSimpleDataSource ds = new org.postgresql.ds.PGSimpleDataSource();
        ds.setURL(url);
        ds.setUser(user);
        ds.setPassword(password == null ? "" : password);
        return ds;
    }

    private Map<String, Object> memory(Database database, List<PoolProfile> pools) throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        DataSource pool = null;
        PoolProfile first = pools.isEmpty() ? null : pools.get(0);
        try {
            if (first != null) {
                Map<String, String> overrides = new HashMap<>();
                for (String a : first.kind().adapter().sizeAttributes()) {
                    overrides.put(a, Integer.toString(memoryConnections));
                }
                pool = first.createDataSource(DatabaseOptions.vars(database), overrides);
                PoolFill.fill(pool, memoryConnections);
                m.put("pool", first.kind().adapter().displayName());
            }
            m.put("connections", memoryConnections);
            m.put("clientAllocatedBytes", ConnectionMemory.clientAllocations(database, pool, memoryConnections));
        } finally {
            if (pool != null) {
                PoolProfile.close(pool);
            }
        }
        m.put("retainedBytesPerConnection", ConnectionMemory.retainedBytesPerConnection(database, memoryConnections));
        Map<String, Object> server = new LinkedHashMap<>();
        if (database.serverPid().isPresent()) {
            for (int c : serverConnections) {
                server.put(Integer.toString(c), ConnectionMemory.serverBackends(database, c));
            }
        }
        m.put("serverBackends", server);
        return m;
    }

    private static String serverVersion(Database database) {
        try (Connection c = database.connect(); java.sql.Statement s = c.createStatement();
             java.sql.ResultSet r = s.executeQuery("SHOW server_version")) {
            r.next();
            return "PostgreSQL " + r.getString(1);
        } catch (java.sql.SQLException e) {
            return "PostgreSQL (version unknown)";
        }
    }
}
