package io.poolbench.suite.connect;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.tools.PgBouncer;
import io.poolbench.suite.tools.Pgbench;
import io.poolbench.suite.tools.PgbenchTables;
import io.poolbench.suite.tools.PgpoolII;
import io.poolbench.suite.tools.PostgresBackend;
import io.poolbench.suite.tools.ServerPooler;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.AbstractScenario;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.testbed.run.Status;
import io.poolbench.testbed.stats.Rounds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The connect scenario's experiment: the database, pgbench's tables, then every variant (a Java client on a profile, pgbench
 * directly, through PgBouncer or pgpool-II, with and without a new connection per transaction) one warm-up and
 * {@code runs} measured runs each, in rounds of rotating order (round 0 the warm-ups), written to
 * {@code connect/<variant>.json} as they come. The article, what it
 * measured and what we measure are in {@link ConnectPerTransaction}'s header.
 */
public final class ConnectExperiment extends AbstractScenario {
    private static final ObjectMapper JSON = ResultJson.MAPPER;
    private final ConnectSettings settings;
    private final List<Variant> variants;
    private final List<String> notes;
    private final Optional<Path> pgbench;
    private final Optional<PgBouncer> bouncer;
    private final Optional<PgpoolII> pgpool;
    private final DatabaseOptions db;

    /**
     * One variant: who sends the transactions, along which route.
     *
     * @param id file-safe id, e.g. {@code java-hikari}, {@code pgbench-C-pgbouncer}
     * @param client {@code java} or {@code pgbench}
     * @param route {@code direct}, {@code PgBouncer}, {@code pgpool-II}, or the Java pool's name
     * @param reconnect a new connection per transaction (pgbench -C; Java: every getConnection)
     * @param profile the Java profile, or null
     */
    public record Variant(String id, String client, String route, boolean reconnect, PoolProfile profile) {
    }

    /**
     * @param settings the checked settings
     * @param variants what runs, in order
     * @param tools pgbench and the poolers as found (and the notes on those missing)
     * @param db where the database comes from
     */
    ConnectExperiment(ConnectSettings settings, List<Variant> variants, ConnectTools tools, DatabaseOptions db) {
        super("sweep connect", settings, ConnectReport::write);
        this.settings = settings;
        this.variants = variants;
        this.notes = tools.notes();
        this.pgbench = tools.pgbench();
        this.bouncer = tools.bouncer();
        this.pgpool = tools.pgpool();
        this.db = db;
    }

    @Override
    public void run(RunRecord record, Progress progress) throws Exception {
        Path dir = record.dir();
        int n = settings.runs();
        int warmup = settings.warmupTransactions();
        int scale = settings.scale();
        notes.forEach(l -> progress.print("poolbench sweep connect: " + l));
        Phase dbPhase = record.plan("database", "start the database");
        Phase dataPhase = record.plan("data", "pgbench tables at scale " + scale);
        Map<String, Phase> phases = new LinkedHashMap<>();
        variants.forEach(v -> phases.put(v.id(), record.plan("connect:" + v.id(), describe(v, settings)
                + ": 1 warm-up + " + n + " runs")));
        Path data = Files.createDirectories(dir.resolve("connect"));
        int steps = variants.size() + 2;
        progress.phase(1, steps, "database");
        if (!dbPhase.start()) {
            return;
        }
        int maxConnections = Math.max(100, 2 * settings.clients() + settings.pgpoolChildren() * 4 + 20);
        try (Database database = db.settings().open(maxConnections)) {
            dbPhase.ok(database.describe());
            progress.phase(2, steps, "pgbench tables, scale " + scale);
            if (!dataPhase.start()) {
                return;
            }
            ConnectData.Environment environment = loadTables(database, dataPhase, data);
            PostgresBackend backend = PostgresBackend.of(database);
            // rounds: round 0 is every variant's warm-up, then each round runs every variant once, the order
            // rotated from round to round, so the drift of the machine falls on all alike and variants compare
            // within a round; a pooler, once started, stays up to the end (as the article's pgpool-II did)
            Map<String, ServerPooler> started = new LinkedHashMap<>();
            Map<String, List<ConnectData.Run>> runs = new LinkedHashMap<>();
            VariantRun variantRun = new VariantRun(settings);
            int step = 2;
            try {
                rounds:
                for (int r = 0; r <= n; r++) {
                    for (Variant v : Rounds.order(variants, Math.max(1, r))) {
                        Phase ph = phases.get(v.id());
                        if (r == 0) {
                            progress.phase(++step, steps, describe(v, settings));
                            if (!ph.start()) {
                                break rounds;
                            }
                            runs.put(v.id(), new ArrayList<>());
                        } else if (ph.status() != Status.RUNNING) {
                            continue; // failed in an earlier round: the rest of its rounds are not run
                        }
                        try {
                            boolean fresh = !started.containsKey(v.route());
                            ServerPooler pooler = pooler(v, started, backend, dir);
                            if (pooler != null && fresh) {
                                environment = environment.withPooler(v.route(), pooler.version());
                                JSON.writeValue(data.resolve("environment.json").toFile(), environment);
                            }
                            ConnectData.Run one = variantRun.once(v, r == 0 ? warmup
                                    : settings.transactions(), database, backend, pgbench.orElse(null), pooler, dir);
                            if (r > 0) {
                                keep(v, r, one, runs.get(v.id()), ph, data, progress);
                            }
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            break rounds;
                        } catch (Exception e) {
                            ph.failed(Redact.rootMessage(e));
                        }
                    }
                }
                endPhases(phases, data);
            } finally {
                started.values().forEach(ServerPooler::close);
            }
        }
    }

    /**
     * Keeps a measured round: its line, the variant's data file written anew; after the last round the variant's
     * phase ends ok, whatever happens to the others.
     */
    private void keep(Variant v, int round, ConnectData.Run one, List<ConnectData.Run> rounds, Phase ph, Path data,
            Progress progress) throws IOException {
        rounds.add(one);
        progress.detail(v.id(), String.format(Locale.ROOT, "round %d of %d: %.1f tps including connection set-up,"
                + " %.1f excluding", round, settings.runs(), one.tpsIncluding(), one.tpsExcluding()));
        writeVariant(data, v, settings, rounds);
        if (round == settings.runs()) {
            ph.ok(round + " runs", data.resolve(v.id() + ".json"));
        }
    }

    /**
     * Ends each variant's phase still running after the rounds (none, when every round ran): ok, with its data
     * file; nothing once interrupted. A variant's phase ends ok as soon as its last round is written.
     */
    private void endPhases(Map<String, Phase> phases, Path data) throws IOException {
        for (Variant v : variants) {
            Phase ph = phases.get(v.id());
            if (ph.status() == Status.RUNNING && !Thread.currentThread().isInterrupted()) {
                ph.ok(settings.runs() + " runs", data.resolve(v.id() + ".json"));
            }
        }
    }

    /**
     * Creates pgbench's tables at the settings' scale, ends the data phase, and writes what the run ran on
     * ({@code environment.json}).
     *
     * @return the environment, the poolers' versions to be added as they start
     */
    private ConnectData.Environment loadTables(Database database, Phase dataPhase, Path data)
            throws SQLException, IOException {
        String auth;
        try (Connection c = database.connect()) {
            PgbenchTables.create(c, settings.scale());
            auth = PostgresBackend.loopbackAuth(c);
        }
        dataPhase.ok(PgbenchTables.ACCOUNTS_PER_SCALE * (long) settings.scale() + " accounts");
        ConnectData.Environment environment = new ConnectData.Environment(notes,
                PostgresBackend.serverVersion(database), auth,
                pgbench.map(Pgbench::version).orElse("not run"), settings.pgbenchThreads(),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version"), null, null);
        JSON.writeValue(data.resolve("environment.json").toFile(), environment);
        return environment;
    }

    /**
     * @return the pooler the variant goes through, started at its first use (null for Java and direct pgbench)
     */
    private ServerPooler pooler(Variant v, Map<String, ServerPooler> started, PostgresBackend backend, Path dir)
            throws IOException, InterruptedException {
        if (!v.client().equals("pgbench") || v.route().equals("direct")) {
            return null;
        }
        ServerPooler p = started.get(v.route());
        if (p == null) {
            p = v.route().equals("PgBouncer") ? bouncer.get() : pgpool.get();
            p.start(backend.pooler(), dir.resolve("connect").resolve(v.route().toLowerCase(Locale.ROOT)));
            started.put(v.route(), p);
        }
        return p;
    }

    /**
     * @param v a variant
     * @param s the settings
     * @return how the report names it, e.g. {@code pgbench -S -C -c 30 -j 1 -t 300 via PgBouncer}
     */
    static String describe(Variant v, ConnectSettings s) {
        if (v.client().equals("java")) {
            return "Java, " + s.clients() + " threads × " + s.transactions() + ", " + (v.profile().kind().adapter()
                    .pooled() ? "borrow from " + v.route() + " (pool size " + s.poolSize() + ")"
                    : "new connection each (" + v.route() + ")");
        }
        return Pgbench.describe(v.reconnect(), s.clients(), s.pgbenchThreads(), s.transactions())
                + (v.route().equals("direct") ? " direct" : " via " + v.route());
    }

    private static void writeVariant(Path data, Variant v, ConnectSettings s, List<ConnectData.Run> runs)
            throws IOException {
        boolean pooled = v.client().equals("java") ? v.profile().kind().adapter().pooled() : !v.route()
                .equals("direct");
        JSON.writeValue(data.resolve(v.id() + ".json").toFile(), new ConnectData.Variant(v.id(), v.client(),
                v.route(), v.reconnect(), pooled, describe(v, s), runs, ConnectData.ROUNDS));
    }

}
