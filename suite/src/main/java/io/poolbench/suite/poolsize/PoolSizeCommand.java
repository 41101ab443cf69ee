package io.poolbench.suite.poolsize;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.options.Profiles;
import io.poolbench.testbed.pool.PoolKind;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileDir;
import io.poolbench.testbed.run.ArticleScenarioCommand;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code poolbench sweep pool-size}: the pool-size scenario's staircase for the pools of the catalog (see {@link PoolSizeExperiment}). */
@Command(name = "pool-size",
        description = "Pool size: tasks that each hold a connection for a while, elapsed time against the pool size,"
                + " per pool, beside the ideal staircase and the article's bb8 figures. Embedded PostgreSQL by"
                + " default."
                + " --as-article: the article's parameters, every pooled profile, 5 rounds (about 12 minutes here).")
public final class PoolSizeCommand extends ArticleScenarioCommand {
    /** Quick default: six pools of the catalog. */
    static final List<String> QUICK_PROFILES = List.of("hikari", "dbcp2", "tomcat-jdbc", "c3p0", "vibur", "agroal");

    @Option(names = "--sizes", split = ",", defaultValue = "1,2,3,4,5,6,7,8,9,10,20", paramLabel = "N",
            description = "Pool sizes (default ${DEFAULT-VALUE}, the article's).")
    List<Integer> sizes;

    @Option(names = "--tasks", defaultValue = "20", paramLabel = "N", description = "Tasks (default ${DEFAULT-VALUE}).")
    int tasks;

    /** {@code --task-ms}'s default, ms. */
    static final long DEFAULT_TASK_MS = 200;

    // no picocli default: one applied after parsing would overwrite the former name's value
    @Option(names = "--task-ms", paramLabel = "MS",
            description = "How long each task holds its connection, ms (default " + DEFAULT_TASK_MS + ").")
    Long holdMs;

    @Option(names = "--hold-ms", hidden = true, paramLabel = "MS")
    void formerHoldMs(long ms) {
        Cli.renamed("--hold-ms", "--task-ms", "per task");
        if (holdMs == null) {
            holdMs = ms;
        }
    }

    @Option(names = "--threads", paramLabel = "KIND",
            description = "Which threads run the tasks: platform, virtual or both (default: both on JDK 21 and later, platform on older JDKs,"
                    + " which have no virtual threads).")
    String threadKinds;

    /** @return the profiles compared by default */
    @Override
    protected List<String> defaultProfiles() {
        return QUICK_PROFILES;
    }

    @Override
    public Integer call() throws Exception {
        int n = rounds.orElse(asArticle.on() ? 5 : 3);
        boolean virtualAvailable = Runtime.version().feature() >= 21;
        List<String> kinds = switch (threadKinds == null ? (virtualAvailable ? "both" : "platform") : threadKinds) {
            case "platform" -> List.of("platform");
            case "virtual" -> List.of("virtual");
            case "both" -> List.of("platform", "virtual");
            default -> throw new TestbedException("--threads " + threadKinds + ": use platform, virtual or both");
        };
        if (kinds.contains("virtual") && !virtualAvailable) {
            throw new TestbedException("--threads " + threadKinds + ": virtual threads need JDK 21 or later and this"
                    + " is JDK " + Runtime.version().feature() + "; run on a newer one (e.g."
                    + " POOLBENCH_JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java ./poolbench sweep pool-size) or use"
                    + " --threads platform");
        }
        db.validate();
        Path conf = ProfileDir.resolve(null);
        List<PoolProfile> pps = Profiles.load(profiles.given() ? profiles.names() : asArticle.on() ? PoolKind.pooledProfiles()
                : QUICK_PROFILES, conf, Profiles.pooled("a pool size means nothing to it")
                .and(Profiles.runsOn(db)));
        PoolSizeSettings settings = new PoolSizeSettings(pps.stream().map(p -> p.file().toString()).toList(), sizes,
                n, tasks, holdMs != null ? holdMs : DEFAULT_TASK_MS, db.kind, kinds);
        boolean platformOnlyNote = threadKinds == null && !virtualAvailable;
        return run(new PoolSizeExperiment(settings, pps, db, platformOnlyNote));
    }
}
