package io.poolbench.suite.sharedconnection;

import io.poolbench.suite.tools.PgBouncer;
import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.options.ErrorBudgetOption;
import io.poolbench.testbed.options.PoolSizeOption;
import io.poolbench.testbed.options.Profiles;
import io.poolbench.testbed.pool.PoolKind;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileDir;
import io.poolbench.testbed.run.ArticleScenarioCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code poolbench sweep shared}: the shared-connection scenario, one shared connection against pools, a connection per thread and
 * PgBouncer, with and without a background load, and the memory a connection costs (see {@link SharedConnectionTrial},
 * {@link ConnectionMemory}, {@link BackgroundLoad}; report: {@link SharedConnectionReport}).
 */
@Command(name = "shared",
        description = "Shared connection: N threads, one simple query each, on one shared connection, on pools, on a new"
                + " connection per thread and through PgBouncer, without and with a CROSS JOIN background load in"
                + " its own JVM; client and server memory per connection; beside the article's figures. Embedded"
                + " PostgreSQL by default; PgBouncer is skipped with one line when not installed. A round: one"
                + " measured trial of every variant at each thread count, after one unrecorded warm-up trial each."
                + " --as-article: the article's parameters, thread counts 10 … 500, 30 rounds (its trials), every pooled profile (hours on 2 cores: under the load the shared connection serialises 500 queries of about 0.2 s per trial).")
public final class SharedConnectionCommand extends ArticleScenarioCommand {
    /** Quick default pools. */
    static final List<String> QUICK_PROFILES = List.of("hikari", "dbcp2");

    @Option(names = "--thread-counts", split = ",", paramLabel = "N",
            description = "Thread counts without load (default 10,50,100,500; --as-article: 10,50,100,200,300,400,500).")
    List<Integer> threads;

    @Option(names = "--threads", split = ",", hidden = true, paramLabel = "N")
    void formerThreads(List<Integer> counts) {
        Cli.renamed("--threads", "--thread-counts", "counts; --threads elsewhere is a kind of thread");
        if (threads == null) {
            threads = counts;
        }
    }

    @Option(names = "--threads-under-load", split = ",", paramLabel = "N",
            description = "Thread counts under the background load (default 10,30; --as-article: as --thread-counts):"
                    + " there a trial on the shared connection takes about N × 0.2–0.4 s on 2 cores, and the quick"
                    + " default takes about 10 minutes, most of it under the load.")
    List<Integer> threadsUnderLoad;

    @Option(names = "--with-connecting", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Each round also runs a second trial that opens the variant first (the shared connection,"
                    + " or creating and filling the pool) and closes it after: the article's clock (default;"
                    + " --no-with-connecting: only trials whose clock starts with the threads, the variant open).")
    boolean withConnecting;

    @Mixin
    PoolSizeOption poolSize;

    @Option(names = "--load", defaultValue = "both", paramLabel = "none|cross-join|both",
            description = "Background load conditions (default ${DEFAULT-VALUE}).")
    String load;

    @Option(names = "--load-query", defaultValue = "rows", paramLabel = "rows|aggregate",
            description = "How the background load runs its CROSS JOIN: rows (its 100,000 rows sent to the client and"
                    + " read, as the article's JMeter threads ran it) or aggregate (summed in the server, one row"
                    + " back: the server's CPU alone). Default ${DEFAULT-VALUE}.")
    String loadQuery;

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

    @Mixin
    ErrorBudgetOption budget;

    @Option(names = "--without", split = ",", paramLabel = "TOOL",
            description = "Leave out: pgbouncer, unpooled, memory.")
    List<String> without = new ArrayList<>();

    /** @return the profiles compared by default */
    @Override
    protected List<String> defaultProfiles() {
        return QUICK_PROFILES;
    }

    @Override
    public Integer call() throws Exception {
        List<Integer> counts = threads != null ? threads : asArticle.on() ? List.of(10, 50, 100, 200, 300, 400, 500)
                : List.of(10, 50, 100, 500);
        int n = rounds.orElse(asArticle.on() ? 30 : 3);
        List<Integer> loadedCounts = threadsUnderLoad != null ? threadsUnderLoad : asArticle.on() || threads != null
                ? counts : List.of(10, 30);
        budget.percent(); // its range, before anything starts
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
        db.validatePostgres("sweep shared measures PostgreSQL (its backends, PgBouncer)");
        Path conf = ProfileDir.resolve(null);
        List<PoolProfile> pools = Profiles.load(profiles.given() ? profiles.names() : asArticle.on() ? PoolKind.pooledProfiles()
                : QUICK_PROFILES, conf, Profiles.pooled("the connection-per-thread variant is built in (leave it out"
                + " with --without unpooled)").and(Profiles.runsOn(db)));
        String password = db.settings().password();
        boolean withBouncer = !without.contains("pgbouncer");
        if (withBouncer && password != null && !password.isEmpty()) {
            throw new TestbedException("the server needs a password (POOLBENCH_JDBC_PASSWORD): poolbench starts"
                    + " PgBouncer only in front of a server that trusts loopback connections; add --without pgbouncer");
        }
        int size = poolSize.orElse(20);
        List<String> notes = new ArrayList<>();
        Optional<PgBouncer> bouncer = withBouncer ? PgBouncer.create("transaction", size) : Optional.empty();
        if (withBouncer && bouncer.isEmpty()) {
            notes.add("PgBouncer is not installed: its variant is skipped (install it: " + PgBouncer.INSTALL + ")");
        }
        SharedConnectionSettings settings = new SharedConnectionSettings(counts, loadedCounts, n, pools.stream().map(p -> p.file().toString()).toList(), size,
                loads, loadThreads, loadPool, memoryConnections, serverConnections, without, SharedConnectionTrial.SIMPLE_QUERY,
                db.kind, budget.percent(), loadQuery, withConnecting);
        return run(new SharedConnectionExperiment(settings, pools, notes, bouncer, db));
    }
}
