package io.poolbench.suite.connect;

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
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code poolbench sweep connect}: the connect scenario, a new connection per transaction against pools, from Java and with
 * real pgbench, directly and through PgBouncer and pgpool-II (see {@link ConnectPerTransaction}; report:
 * {@link ConnectReport}).
 */
@Command(name = "connect",
        description = "Connect: pgbench's select-only transaction with a new connection per transaction against"
                + " pooled connections: from Java (the unpooled profile and every pool), with real pgbench -S -C and"
                + " -S, and with pgbench through PgBouncer and pgpool-II, beside the article's figures. Embedded"
                + " PostgreSQL by default. pgbench, PgBouncer and pgpool-II are skipped with one line when not"
                + " installed."
                + " --as-article: the article's parameters, 5 rounds and its runs per variant (about 9 minutes here).")
public final class ConnectCommand extends ArticleScenarioCommand {
    /** Java clients by default: a connection per transaction, and every pool of the catalog. */
    static final List<String> DEFAULT_PROFILES = Stream.concat(Stream.of(PoolKind.UNPOOLED.profile()),
            PoolKind.pooledProfiles().stream()).toList();

    @Option(names = "--clients", defaultValue = "30", paramLabel = "N",
            description = "Clients, pgbench's -c (default ${DEFAULT-VALUE}, the article's).")
    int clients;

    @Option(names = "--transactions", defaultValue = "300", paramLabel = "N",
            description = "Transactions per client, pgbench's -t (default ${DEFAULT-VALUE}, the article's).")
    int transactions;

    @Option(names = "--scale", defaultValue = "25", paramLabel = "N",
            description = "pgbench's scale factor: 100,000 accounts per unit (default ${DEFAULT-VALUE}, the article's).")
    int scale;

    @Option(names = "--pgbench-threads", defaultValue = "1", paramLabel = "N",
            description = "pgbench's -j (default ${DEFAULT-VALUE}: the article's pgbench 8.4 had one thread).")
    int pgbenchThreads;

    @Mixin
    PoolSizeOption poolSize;

    @Option(names = "--pgpool-children", defaultValue = "128", paramLabel = "N",
            description = "pgpool-II's num_init_children (default ${DEFAULT-VALUE}, the article's).")
    int pgpoolChildren;

    @Mixin
    ErrorBudgetOption budget;

    @Option(names = "--without", split = ",", paramLabel = "TOOL",
            description = "Leave out: java, pgbench, pgbouncer, pgpool (e.g. --without pgpool).")
    List<String> without = new ArrayList<>();

    /** @return the profiles compared by default */
    @Override
    protected List<String> defaultProfiles() {
        return DEFAULT_PROFILES;
    }

    @Override
    public Integer call() throws Exception {
        int n = rounds.orElse(asArticle.on() ? 5 : 3);
        int size = poolSize.orElse(clients);
        budget.percent(); // its range, before anything starts
        for (String w : without) {
            if (!List.of("java", "pgbench", "pgbouncer", "pgpool").contains(w)) {
                throw new TestbedException("--without " + w + ": unknown; use java, pgbench, pgbouncer or pgpool");
            }
        }
        db.validatePostgres("sweep connect is pgbench's workload on PostgreSQL");
        String password = db.settings().password();
        if (password != null && !password.isEmpty() && !(without.contains("pgbouncer") && without.contains("pgpool"))) {
            throw new TestbedException("the server needs a password (POOLBENCH_JDBC_PASSWORD): poolbench starts"
                    + " PgBouncer and pgpool-II only in front of a server that trusts loopback connections (it writes"
                    + " passwords nowhere); add --without pgbouncer,pgpool");
        }
        Path conf = ProfileDir.resolve(null);
        List<ConnectExperiment.Variant> variants = new ArrayList<>();
        if (!without.contains("java")) {
            for (PoolProfile pp : Profiles.load(profiles.names(), conf,
                    Profiles.runsOn(db))) {
                variants.add(new ConnectExperiment.Variant("java-" + pp.name(), "java",
                        pp.kind().adapter().displayName(), true, pp));
            }
        }
        int warmup = Math.max(1, transactions / 10);
        // the settings check their ranges before the tools are looked for
        ConnectSettings settings = new ConnectSettings(variants.stream().map(v -> v.profile().file().toString())
                .toList(), clients, transactions, scale, n, warmup, pgbenchThreads, size, pgpoolChildren, without,
                db.kind, budget.percent());
        ConnectTools tools = ConnectTools.find(without, size, pgpoolChildren);
        variants.addAll(tools.pgbenchVariants());
        if (variants.isEmpty()) {
            throw new TestbedException("nothing to run: every client is left out or missing");
        }
        return run(new ConnectExperiment(settings, variants, tools, db));
    }
}
