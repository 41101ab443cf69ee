package io.poolbench.suite.concurrency;

import io.poolbench.suite.process.Artifacts;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.options.ErrorBudgetOption;
import io.poolbench.testbed.options.MaxThreadsOption;
import io.poolbench.testbed.options.PoolSizeOption;
import io.poolbench.testbed.options.ThinkTimeOption;
import io.poolbench.testbed.profile.ProfileDir;
import io.poolbench.testbed.run.ArticleScenarioCommand;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code poolbench sweep concurrency}: the concurrency scenario. The webapp (Tomcat, 200 request threads) serves the paged range
 * query ({@code /medium}) from a pool of 20 (the article's maximum for both stacks), and JMeter's closed loop of N
 * users (k6's virtual users) loads it, one step per user count, for each JDBC pool and for R2DBC (r2dbc-pool over
 * r2dbc-postgresql: the request thread blocking on the reactive driver, and Servlet async), first with the index
 * on (customer_id, created_at), then with the index dropped (recreated at the end, also on failure). Each step's
 * first seconds are a warm-up excluded from every figure. See {@link StackSteps} for one step and
 * {@link ConcurrencyReport} for the report beside the article's tables.
 */
@Command(name = "concurrency",
        description = "Concurrency: JDBC pools against R2DBC at 10…300 concurrent users on the paged range query, with"
                + " and without its index, pool maximum 20, beside the article's tables. Embedded PostgreSQL by"
                + " default (R2DBC here is r2dbc-postgresql: PostgreSQL only). Quick default about 10 minutes;"
                + " --as-article: the article's 7 user counts and 60 s steps (about 70 minutes)."
                + " --as-article: the article's user counts and 60 s steps, 5 rounds.")
public final class ConcurrencyCommand extends ArticleScenarioCommand {
    /** The article's user counts (k6 virtual users). */
    static final List<Integer> ARTICLE_USERS = List.of(10, 50, 100, 150, 200, 250, 300);
    /** The quick default's subset: the rise (10, 50), the knee (100) and beyond Tomcat's 200 threads (300). */
    static final List<Integer> QUICK_USERS = List.of(10, 50, 100, 300);

    @Option(names = "--r2dbc-mode", defaultValue = "both", paramLabel = "blocking|async|both",
            description = "How a servlet uses R2DBC: blocking (the request thread waits, /medium), async (Servlet"
                    + " async, /medium-async) or both (default ${DEFAULT-VALUE}).")
    String r2dbcMode;

    @Option(names = "--users", split = ",", paramLabel = "N",
            description = "User counts, one step each (default 10,50,100,300; the article's 10,50,100,150,200,"
                    + "250,300 with --as-article).")
    List<Integer> users;

    @Option(names = "--step-seconds", paramLabel = "S",
            description = "Measured seconds per step (default 8; the article's 60 with --as-article).")
    Integer stepSeconds;

    @Option(names = "--warmup-seconds", paramLabel = "S",
            description = "Seconds at the start of each step excluded from the figures (default 3; 5 with"
                    + " --as-article).")
    Integer warmupSeconds;

    @Option(names = "--index", defaultValue = "both", paramLabel = "with|without|both",
            description = "Run with the index on orders (customer_id, created_at), without it, or both (default"
                    + " ${DEFAULT-VALUE}).")
    String index;

    @Mixin
    PoolSizeOption poolSize;

    @Mixin
    MaxThreadsOption tomcat;

    @Mixin
    ThinkTimeOption think;

    @Mixin
    ErrorBudgetOption budget;

    /** @return the profiles compared by default */
    @Override
    protected List<String> defaultProfiles() {
        return List.of("hikari", "dbcp2", "r2dbc");
    }

    @Override
    public Integer call() throws Exception {
        List<Integer> u = users != null ? users : asArticle.on() ? ARTICLE_USERS : QUICK_USERS;
        int step = stepSeconds != null ? stepSeconds : asArticle.on() ? 60 : 8;
        int warm = warmupSeconds != null ? warmupSeconds : asArticle.on() ? 5 : 3;
        List<String> indexes = switch (index) {
            case "with" -> List.of("with");
            case "without" -> List.of("without");
            case "both" -> List.of("with", "without");
            default -> throw new TestbedException("--index " + index + ": use with, without or both");
        };
        if (!List.of("blocking", "async", "both").contains(r2dbcMode)) {
            throw new TestbedException("--r2dbc-mode " + r2dbcMode + ": use blocking, async or both");
        }
        db.validatePostgres("sweep concurrency runs on PostgreSQL (the concurrency article's database, and the R2DBC driver here"
                + " is r2dbc-postgresql)");
        int size = poolSize.orElse(20);
        List<Stack> stacks = Stack.load(profiles.names(), r2dbcMode, size, ProfileDir.resolve(null));
        Artifacts art = Artifacts.locate(runDir.root);
        Path plan = art.jmeterPlan("concurrency.jmx");
        ConcurrencySettings settings = new ConcurrencySettings(stacks, u, step, warm, indexes, size, tomcat.maxThreads,
                think.thinkMs, budget.percent(), db.rows, db.kind, rounds.orElse(asArticle.on() ? 5 : 3));
        return run(new ConcurrencyExperiment(settings, art, plan, db));
    }
}
