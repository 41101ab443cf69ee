package io.poolbench.suite.sharedconnection;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.process.Children;
import io.poolbench.suite.tools.PgBouncer;
import io.poolbench.suite.tools.PostgresBackend;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.AbstractScenario;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.postgresql.Driver;

/**
 * The shared-connection scenario's experiment: the database, the client and server memory per connection, then per load condition
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
        List<String> loads = settings.loads();
        notes.forEach(l -> progress.print("poolbench sweep shared: " + l));
        Phase dbPhase = record.plan("database", "start the database, load the data set");
        Phase memPhase = settings.without().contains("memory") ? null
                : record.plan("memory", "client and server memory per connection");
        Map<String, Phase> loadPhases = new LinkedHashMap<>();
        Map<String, Phase> phases = new LinkedHashMap<>();
        plan(record, loadPhases, phases);
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
                memory(memPhase, database, data);
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
                            loadProcess = startLoad(lp, l, phases, database, set, data, counter);
                            if (loadProcess == null) {
                                continue;
                            }
                        }
                        progress.phase(++step, steps, "every variant, interleaved, load " + l);
                        List<Integer> cs = l.equals("none") ? counts : loadedCounts;
                        if (!new InterleavedTrials(settings, pools, variants, phases, database, b, data, progress)
                                .run(l, cs, loadProcess, counter)) {
                            break;
                        }
                    } finally {
                        Children.stop(loadProcess, 10);
                    }
                }
            }
        }
    }

    /** Plans a phase per background load, and one per load and variant. */
    private void plan(RunRecord record, Map<String, Phase> loadPhases, Map<String, Phase> phases) {
        for (String l : settings.loads()) {
            if (!l.equals("none")) {
                loadPhases.put(l, record.plan("load:" + l, settings.loadThreads() + " threads over a pool of "
                        + settings.loadPool() + " running the CROSS JOIN (" + settings.loadQuery()
                        + "), in its own JVM"));
            }
            for (String v : variants) {
                phases.put(l + "/" + v, record.plan("shared:" + l + ":" + v, ClientVariants.label(v, pools)
                        + ", load " + l + ": threads " + (l.equals("none") ? settings.threads()
                        : settings.threadsUnderLoad()) + ", 1 warm-up + " + settings.trials() + " trials each"
                        + (settings.withConnecting() ? ", each beside one that opens it first" : "")));
            }
        }
    }

    /** Reads the client's and the server's memory per connection into {@code memory.json}; ends its phase. */
    private void memory(Phase memPhase, Database database, Path data) throws IOException {
        try {
            JSON.writeValue(data.resolve("memory.json").toFile(), MemoryPerConnection.read(database, pools,
                    settings.memoryConnections(), settings.serverConnections()));
            memPhase.ok("client and server memory read");
        } catch (Exception e) {
            memPhase.failed(Redact.rootMessage(e));
        }
    }

    /**
     * Starts the background load in its own JVM and ends its phase.
     *
     * @return the load's process; null when it did not start (the variants' phases under it are then skipped)
     */
    private Process startLoad(Phase lp, String load, Map<String, Phase> phases, Database database, DataSet set,
            Path data, BackgroundLoadProcess.LoadCounter counter) throws IOException {
        try {
            Process p = BackgroundLoadProcess.start(database, set, settings.loadThreads(), settings.loadPool(),
                    settings.loadQuery(), data, counter);
            lp.ok("running, " + counter.queries() + " queries in its first seconds");
            return p;
        } catch (Exception e) {
            lp.failed(Redact.rootMessage(e));
            for (String v : variants) {
                phases.get(load + "/" + v).skipped("the background load did not start");
            }
            return null;
        }
    }
}
