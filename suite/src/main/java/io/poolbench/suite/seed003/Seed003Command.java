package io.poolbench.suite.seed003;

import io.poolbench.suite.tools.PgBouncer;
import io.poolbench.suite.tools.Pgbench;
import io.poolbench.suite.tools.PgbenchTables;
import io.poolbench.suite.tools.PgpoolII;
import io.poolbench.suite.tools.PostgresBackend;
import io.poolbench.suite.tools.ServerPooler;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunDirOptions;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.poolbench.testbed.Cli;
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
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import javax.sql.DataSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code poolbench sweep connect}: seed 003, a new connection per transaction against pools, from Java and with
 * real pgbench, directly and through PgBouncer and pgpool-II (see {@link ConnectPerTransaction}; report:
 * {@link Seed003Report}).
 */
@Command(name = "connect", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Seed 003: pgbench's select-only transaction with a new connection per transaction against"
                + " pooled connections: from Java (the unpooled profile and every pool), with real pgbench -S -C and"
                + " -S, and with pgbench through PgBouncer and pgpool-II, beside the article's figures. Embedded"
                + " PostgreSQL by default. pgbench, PgBouncer and pgpool-II are skipped with one line when not"
                + " installed.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every variant ok", "1:a variant failed (the summary marks it)", "2:bad input",
            "130:interrupted (Ctrl-C)"})
public final class Seed003Command implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** Java clients by default: a connection per transaction, and every pool of the catalog. */
    static final List<String> DEFAULT_PROFILES = List.of("unpooled", "hikari", "dbcp2", "tomcat-dbcp",
            "tomcat-jdbc", "c3p0", "vibur", "druid", "agroal", "dbcp1");

    @Option(names = "--profiles", split = ",", paramLabel = "NAME|FILE",
            description = "Java clients: pool profiles, and unpooled for a new connection per transaction (default:"
                    + " unpooled and every pooled profile).")
    List<String> profiles;

    @Option(names = "--clients", defaultValue = "30", paramLabel = "N",
            description = "Clients, pgbench's -c (default ${DEFAULT-VALUE}, the article's).")
    int clients;

    @Option(names = "--transactions", defaultValue = "300", paramLabel = "N",
            description = "Transactions per client, pgbench's -t (default ${DEFAULT-VALUE}, the article's).")
    int transactions;

    @Option(names = "--scale", defaultValue = "25", paramLabel = "N",
            description = "pgbench's scale factor: 100,000 accounts per unit (default ${DEFAULT-VALUE}, the article's).")
    int scale;

    @Option(names = "--runs", paramLabel = "N", description = "Measured runs per variant (default 3; 5 with"
            + " --as-article, the article's).")
    Integer runs;

    @Option(names = "--pgbench-threads", defaultValue = "1", paramLabel = "N",
            description = "pgbench's -j (default ${DEFAULT-VALUE}: the article's pgbench 8.4 had one thread).")
    int pgbenchThreads;

    @Option(names = "--pool-size", paramLabel = "N", description = "Connections of every pool, Java's and"
            + " PgBouncer's default_pool_size (default: --clients, so nobody waits for a connection).")
    Integer poolSize;

    @Option(names = "--pgpool-children", defaultValue = "128", paramLabel = "N",
            description = "pgpool-II's num_init_children (default ${DEFAULT-VALUE}, the article's).")
    int pgpoolChildren;

    @Option(names = "--without", split = ",", paramLabel = "TOOL",
            description = "Leave out: java, pgbench, pgbouncer, pgpool (e.g. --without pgpool).")
    List<String> without = new ArrayList<>();

    @Option(names = "--as-article", description = "The article's parameters: 5 runs per variant (about 9 minutes"
            + " here).")
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
     * @param profiles Java clients' profile files
     * @param clients clients
     * @param transactions per client
     * @param scale pgbench scale
     * @param runs measured runs per variant
     * @param warmupTransactions per client in the one unrecorded warm-up run of each variant
     * @param pgbenchThreads pgbench -j
     * @param poolSize pool size of the Java pools and PgBouncer
     * @param pgpoolChildren pgpool-II num_init_children
     * @param without tools left out
     * @param database database kind
     */
    record Settings(List<String> profiles, int clients, int transactions, int scale, int runs,
            int warmupTransactions, int pgbenchThreads, int poolSize, int pgpoolChildren, List<String> without,
            String database) {
    }

    /**
     * One variant: who sends the transactions, along which route.
     *
     * @param id file-safe id, e.g. {@code java-hikari}, {@code pgbench-C-pgbouncer}
     * @param client {@code java} or {@code pgbench}
     * @param route {@code direct}, {@code PgBouncer}, {@code pgpool-II}, or the Java pool's name
     * @param reconnect a new connection per transaction (pgbench -C; Java: every getConnection)
     * @param profile the Java profile, or null
     */
    record Variant(String id, String client, String route, boolean reconnect, PoolProfile profile) {
    }

    @Override
    public Integer call() throws Exception {
        int n = runs != null ? runs : asArticle ? 5 : 3;
        Cli.range("--runs", n, 1, 100);
        Cli.range("--clients", clients, 1, 1_000);
        Cli.range("--transactions", transactions, 1, 10_000_000);
        Cli.range("--scale", scale, 1, 10_000);
        Cli.range("--pgbench-threads", pgbenchThreads, 1, clients);
        int size = poolSize != null ? poolSize : clients;
        Cli.range("--pool-size", size, 1, 1_000);
        Cli.range("--pgpool-children", pgpoolChildren, 1, 1_000);
        for (String w : without) {
            if (!List.of("java", "pgbench", "pgbouncer", "pgpool").contains(w)) {
                throw new TestbedException("--without " + w + ": unknown; use java, pgbench, pgbouncer or pgpool");
            }
        }
        db.validate();
        if ("mysql".equalsIgnoreCase(db.kind)) {
            throw new TestbedException("sweep connect is pgbench's workload on PostgreSQL: use --db embedded, or"
                    + " --db external with a jdbc:postgresql URL");
        }
        String password = db.settings().password();
        if (password != null && !password.isEmpty() && !(without.contains("pgbouncer") && without.contains("pgpool"))) {
            throw new TestbedException("the server needs a password (POOLBENCH_JDBC_PASSWORD): poolbench starts"
                    + " PgBouncer and pgpool-II only in front of a server that trusts loopback connections (it writes"
                    + " passwords nowhere); add --without pgbouncer,pgpool");
        }
        Path conf = ProfileDir.resolve(null);
        List<Variant> variants = new ArrayList<>();
        if (!without.contains("java")) {
            for (String p : profiles != null ? profiles : DEFAULT_PROFILES) {
                PoolProfile pp = PoolProfile.load(PoolProfile.locate(p, conf));
                if (pp.urlScheme() != null && !pp.urlScheme().equals("postgresql")) {
                    throw new TestbedException("profile " + p + " connects with a jdbc:" + pp.urlScheme() + " URL:"
                            + " sweep connect needs a profile that takes the database's URL or a PostgreSQL one");
                }
                if (variants.stream().anyMatch(v -> v.id().equals("java-" + pp.name()))) {
                    throw new TestbedException("two profiles are named " + pp.name() + ": give one file another name");
                }
                variants.add(new Variant("java-" + pp.name(), "java", pp.kind().adapter().displayName(), true, pp));
            }
        }
        List<String> notes = new ArrayList<>();
        Optional<Path> pgbench = without.contains("pgbench") ? Optional.empty() : Pgbench.find();
        if (!without.contains("pgbench") && pgbench.isEmpty()) {
            notes.add("pgbench is not installed: its runs are skipped (install it: apt-get install"
                    + " postgresql-client)");
        }
        Optional<PgBouncer> bouncer = pgbench.isEmpty() || without.contains("pgbouncer") ? Optional.empty()
                : PgBouncer.create("session", size);
        if (pgbench.isPresent() && !without.contains("pgbouncer") && bouncer.isEmpty()) {
            notes.add("PgBouncer is not installed: its runs are skipped (install it: " + PgBouncer.INSTALL + ")");
        }
        Optional<PgpoolII> pgpool = pgbench.isEmpty() || without.contains("pgpool") ? Optional.empty()
                : PgpoolII.create(pgpoolChildren);
        if (pgbench.isPresent() && !without.contains("pgpool") && pgpool.isEmpty()) {
            notes.add("pgpool-II is not installed: its runs are skipped (install it: " + PgpoolII.INSTALL + ")");
        }
        if (pgbench.isPresent()) {
            for (String route : routes(bouncer.isPresent(), pgpool.isPresent())) {
                for (boolean c : new boolean[] {true, false}) {
                    variants.add(new Variant("pgbench" + (c ? "-C-" : "-") + route.toLowerCase(Locale.ROOT)
                            .replace("-ii", ""), "pgbench", route, c, null));
                }
            }
        }
        if (variants.isEmpty()) {
            throw new TestbedException("nothing to run: every client is left out or missing");
        }
        int warmup = Math.max(1, transactions / 10);
        Settings settings = new Settings(variants.stream().filter(v -> v.profile() != null)
                .map(v -> v.profile().file().toString()).toList(), clients, transactions, scale, n, warmup,
                pgbenchThreads, size, pgpoolChildren, without, db.kind);
        Path dir = runDir.prepare();
        notes.forEach(l -> System.out.println("poolbench sweep connect: " + l));
        try (RunLog log = RunLog.redirect(dir.resolve("poolbench.log"))) {
            RunRecord record = RunRecord.start(dir, "sweep connect", spec.commandLine().getParseResult()
                    .originalArgs(), settings, System.out);
            Progress progress = new Progress(System.out);
            RunRecord.Phase dbPhase = record.plan("database", "start the database");
            RunRecord.Phase dataPhase = record.plan("data", "pgbench tables at scale " + scale);
            Map<String, RunRecord.Phase> phases = new LinkedHashMap<>();
            for (Variant v : variants) {
                phases.put(v.id(), record.plan("connect:" + v.id(), describe(v, settings) + ": 1 warm-up + " + n
                        + " runs"));
            }
            record.onInterrupt(() -> Seed003Report.writeQuietly(dir));
            Path data = Files.createDirectories(dir.resolve("connect"));
            Map<String, Object> environment = new LinkedHashMap<>();
            environment.put("notes", notes);
            try {
                int steps = variants.size() + 2;
                progress.phase(1, steps, "database");
                if (!dbPhase.start()) {
                    return record.finish();
                }
                int maxConnections = Math.max(100, 2 * clients + pgpoolChildren * 4 + 20);
                try (Database database = db.settings().open(maxConnections)) {
                    dbPhase.ok(database.describe());
                    progress.phase(2, steps, "pgbench tables, scale " + scale);
                    if (!dataPhase.start()) {
                        return record.finish();
                    }
                    try (Connection c = database.connect()) {
                        PgbenchTables.create(c, scale);
                        environment.putAll(serverFacts(c));
                    }
                    dataPhase.ok(PgbenchTables.ACCOUNTS_PER_SCALE * (long) scale + " accounts");
                    PostgresBackend backend = PostgresBackend.of(database);
                    environment.put("pgbench", pgbench.map(Pgbench::version).orElse("not run"));
                    environment.put("pgbenchThreads", pgbenchThreads);
                    environment.put("cores", Runtime.getRuntime().availableProcessors());
                    environment.put("java", System.getProperty("java.vm.name") + " "
                            + System.getProperty("java.runtime.version"));
                    JSON.writeValue(data.resolve("environment.json").toFile(), environment);
                    int step = 2;
                    ServerPooler running = null;
                    try {
                        for (Variant v : variants) {
                            progress.phase(++step, steps, describe(v, settings));
                            RunRecord.Phase ph = phases.get(v.id());
                            if (!ph.start()) {
                                break;
                            }
                            try {
                                if (v.client().equals("pgbench") && !v.route().equals("direct")) {
                                    ServerPooler want = v.route().equals("PgBouncer") ? bouncer.get() : pgpool.get();
                                    if (running != want) {
                                        if (running != null) {
                                            running.close();
                                            running = null;
                                        }
                                        want.start(backend.pooler(), dir.resolve("connect").resolve(
                                                v.route().toLowerCase(Locale.ROOT)));
                                        running = want;
                                        environment.put(v.route(), want.version());
                                        JSON.writeValue(data.resolve("environment.json").toFile(), environment);
                                    }
                                }
                                List<Map<String, Object>> rs = new ArrayList<>();
                                for (int r = 0; r <= n; r++) {
                                    Map<String, Object> one = runOnce(v, r == 0 ? warmup : transactions, database,
                                            backend, pgbench.orElse(null), running, dir);
                                    if (r > 0) {
                                        rs.add(one);
                                        progress.detail(v.id(), String.format(Locale.ROOT, "run %d of %d: %.1f tps"
                                                + " including connection set-up, %.1f excluding", r, n,
                                                (Double) one.get("tpsIncluding"), (Double) one.get("tpsExcluding")));
                                        writeVariant(data, v, settings, rs);
                                    }
                                }
                                ph.ok(n + " runs");
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                                break;
                            } catch (Exception e) {
                                ph.failed(Redact.rootMessage(e));
                            }
                        }
                    } finally {
                        if (running != null) {
                            running.close();
                        }
                    }
                }
            } finally {
                record.finish();
            }
            int rc = record.finish();
            if (!record.interrupted()) {
                progress.print(Seed003Report.write(dir));
                progress.print((rc == 0 ? "poolbench sweep connect: " : "poolbench sweep connect: PROBLEM: ")
                        + record.outcomeLine());
            }
            return rc;
        }
    }

    private static List<String> routes(boolean bouncer, boolean pgpool) {
        List<String> r = new ArrayList<>(List.of("direct"));
        if (bouncer) {
            r.add("PgBouncer");
        }
        if (pgpool) {
            r.add("pgpool-II");
        }
        return r;
    }

    /**
     * @param v a variant
     * @param s the settings
     * @return how the report names it, e.g. {@code pgbench -S -C -c 30 -j 1 -t 300 via PgBouncer}
     */
    static String describe(Variant v, Settings s) {
        if (v.client().equals("java")) {
            return "Java, " + s.clients() + " threads × " + s.transactions() + ", " + (v.profile().kind().adapter()
                    .pooled() ? "borrow from " + v.route() + " (pool size " + s.poolSize() + ")"
                    : "new connection each (" + v.route() + ")");
        }
        return Pgbench.describe(v.reconnect(), s.clients(), s.pgbenchThreads(), s.transactions())
                + (v.route().equals("direct") ? " direct" : " via " + v.route());
    }

    private Map<String, Object> runOnce(Variant v, int tx, Database database, PostgresBackend backend, Path pgbench,
            ServerPooler pooler, Path dir) throws Exception {
        ProcessCpu cpu = new ProcessCpu();
        database.serverPid().ifPresent(p -> cpu.watch("server", p));
        if (pooler != null && v.client().equals("pgbench") && !v.route().equals("direct")) {
            cpu.watch("pooler", pooler.pid());
        }
        if (v.client().equals("java")) {
            cpu.watch("client", ProcessHandle.current().pid());
        }
        Map<String, Object> r = new LinkedHashMap<>();
        cpu.start();
        if (v.client().equals("java")) {
            Map<String, String> overrides = new HashMap<>();
            int size = poolSize != null ? poolSize : clients;
            for (String a : v.profile().kind().adapter().sizeAttributes()) {
                overrides.put(a, Integer.toString(size));
            }
            DataSource ds = v.profile().createDataSource(DatabaseOptions.vars(database), overrides);
            ConnectPerTransaction.JavaRun jr;
            try {
                if (v.profile().kind().adapter().pooled()) {
                    // a service's pool is warm, as a pooler is after its first run: filled before the clock starts
                    PoolFill.fill(ds, size);
                }
                cpu.start();
                jr = ConnectPerTransaction.run(ds, clients, tx, scale);
            } finally {
                PoolProfile.close(ds);
            }
            if (jr.processed() == 0) {
                throw new TestbedException("no transaction succeeded: " + jr.firstError());
            }
            r.put("processed", jr.processed());
            r.put("failed", jr.failed());
            r.put("elapsedS", jr.elapsedS());
            r.put("tpsIncluding", jr.tpsIncluding());
            r.put("tpsExcluding", jr.tpsExcluding(clients));
            r.put("avgConnectMs", jr.avgConnectMs());
            r.put("derived", "");
            if (jr.firstError() != null) {
                r.put("firstError", jr.firstError());
            }
        } else {
            int port = v.route().equals("direct") ? backend.port() : pooler.port();
            Pgbench.Run pr = Pgbench.run(pgbench, backend.host(), port, backend.user(), backend.password(),
                    backend.database(), v.reconnect(), clients, pgbenchThreads, tx,
                    dir.resolve("connect").resolve("pgbench.log"));
            Pgbench.Result res = pr.result();
            if (res.processed() == 0) {
                throw new TestbedException("pgbench processed no transaction");
            }
            r.put("processed", res.processed());
            r.put("failed", res.failed());
            r.put("elapsedS", res.processed() / res.tpsIncluding());
            r.put("tpsIncluding", res.tpsIncluding());
            r.put("tpsExcluding", res.tpsExcluding());
            r.put("avgConnectMs", res.avgConnectMs());
            r.put("derived", res.derived());
            r.put("threads", res.threads());
            r.put("latencyAvgMs", res.latencyAvgMs());
            r.put("clientCpuS", pr.cpuSeconds());
            r.put("wallS", pr.wallSeconds());
        }
        Map<String, Double> cores = new LinkedHashMap<>();
        for (ProcessCpu.Usage u : cpu.stop()) {
            cores.put(u.name(), u.cores());
        }
        if (r.containsKey("clientCpuS")) {
            cores.put("client", (Double) r.get("clientCpuS") / (Double) r.get("wallS"));
        }
        r.put("cpuCores", cores);
        return r;
    }

    private static void writeVariant(Path data, Variant v, Settings s, List<Map<String, Object>> runs)
            throws java.io.IOException {
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("id", v.id());
        j.put("client", v.client());
        j.put("route", v.route());
        j.put("reconnect", v.reconnect());
        j.put("pooled", v.client().equals("java") ? v.profile().kind().adapter().pooled() : !v.route()
                .equals("direct"));
        j.put("describe", describe(v, s));
        j.put("runs", runs);
        JSON.writeValue(data.resolve(v.id() + ".json").toFile(), j);
    }

    /** What the report says of the server: version, authentication of loopback TCP connections. */
    private static Map<String, Object> serverFacts(Connection c) {
        Map<String, Object> f = new LinkedHashMap<>();
        try (Statement s = c.createStatement()) {
            try (ResultSet r = s.executeQuery("SHOW server_version")) {
                r.next();
                f.put("server", "PostgreSQL " + r.getString(1));
            }
            try (ResultSet r = s.executeQuery("SELECT auth_method FROM pg_hba_file_rules WHERE type = 'host' AND"
                    + " (address IS NULL OR address = '127.0.0.1' OR address = 'all' OR address = '0.0.0.0')"
                    + " AND 'all' = ANY(database) ORDER BY line_number LIMIT 1")) {
                f.put("auth", r.next() ? r.getString(1) : "unknown (no host rule for 127.0.0.1 found)");
            }
        } catch (java.sql.SQLException e) {
            f.putIfAbsent("server", "PostgreSQL (version unknown)");
            f.put("auth", "unknown (" + e.getMessage() + ")");
        }
        return f;
    }
}
