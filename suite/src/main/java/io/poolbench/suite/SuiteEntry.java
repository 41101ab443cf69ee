package io.poolbench.suite;

import io.poolbench.suite.aurora.AuroraFindings;
import io.poolbench.suite.aurora.AuroraReport;
import io.poolbench.suite.aurora.AuroraResults;
import io.poolbench.suite.aurora.cli.AuroraCommand;
import io.poolbench.suite.aurora.cli.PlanShortScreen;
import io.poolbench.suite.aurora.FailoverAtLimit;
import io.poolbench.suite.borrowers.BorrowersCommand;
import io.poolbench.suite.check.CheckCommand;
import io.poolbench.suite.compare.CompareCommand;
import io.poolbench.suite.compare.CompareFindings;
import io.poolbench.suite.compare.CompareReport;
import io.poolbench.suite.concurrency.ConcurrencyCommand;
import io.poolbench.suite.concurrency.ConcurrencyReport;
import io.poolbench.suite.connect.ConnectCommand;
import io.poolbench.suite.connect.ConnectReport;
import io.poolbench.suite.plan.PlanCommand;
import io.poolbench.suite.poolsize.PoolSizeCommand;
import io.poolbench.suite.poolsize.PoolSizeReport;
import io.poolbench.suite.sharedconnection.SharedConnectionCommand;
import io.poolbench.suite.sharedconnection.SharedConnectionReport;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.stats.Claim;
import io.poolbench.toxiproxy.drill.DrillCommand;
import io.poolbench.toxiproxy.drill.DrillReport;
import io.poolbench.toxiproxy.drill.DrillSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * The registration of each scenario, one entry each and the only one: its id (and older ids), its package, the
 * picocli command that runs it on its own (added to {@code poolbench} from here, {@link #register}), the arguments at the suite's quick and full scales, where its Markdown report is, how its report is
 * rebuilt ({@code ./poolbench report}), whether it needs Docker, and the time it took here at the quick scale (the
 * progress line's estimate; measured on this 2-core machine, so a guide, not a promise).
 */
public enum SuiteEntry {
    /** JMH borrow/return per pool, then the webapp under JMeter's short/medium/long plan (the Aurora article's screens). */
    COMPARE("compare", List.of(), "compare", CompareCommand.class, null, "JMH + web load: HikariCP against DBCP2",
            "summary.md", false, 300, List.of("compare", "--duration", "15", "--rounds", "3", "--aa-twin"),
            List.of("compare", "--preset", "full"), (d, m) -> CompareReport.write(d, new Progress(System.out)),
            CompareFindings::claims),
    /** Elapsed time and borrow waits against pool size (a bb8 pool's 20 tasks). */
    POOL_SIZE("pool-size", List.of("seed000"), "poolsize", PoolSizeCommand.class, "sweep",
            "Pool size against elapsed time", "pool-size/summary.md", false, 80, List.of("sweep", "pool-size",
                    "--profiles", "hikari,dbcp2,tomcat-jdbc", "--sizes", "1,2,5,10,20", "--rounds", "3"),
            List.of("sweep", "pool-size", "--as-article"), (d, m) -> PoolSizeReport.write(d),
            PoolSizeReport::findings),
    /** JDBC pools against R2DBC at 10…300 users, with and without the index. */
    CONCURRENCY("concurrency", List.of("seed001"), "concurrency", ConcurrencyCommand.class, "sweep",
            "JDBC against R2DBC, with and without the index", "concurrency/summary.md", false, 220,
            List.of("sweep", "concurrency", "--profiles", "hikari,r2dbc", "--r2dbc-mode", "async", "--users", "300",
                    "--rounds", "3", "--step-seconds", "4", "--warmup-seconds", "2"),
            List.of("sweep", "concurrency", "--as-article"), (d, m) -> ConcurrencyReport.write(d),
            ConcurrencyReport::findings),
    /** One shared connection against pools and PgBouncer, without and under load. */
    SHARED_CONNECTION("shared", List.of("seed002"), "sharedconnection", SharedConnectionCommand.class, "sweep",
            "One shared connection, a pool, PgBouncer", "shared/summary.md", false, 95, List.of("sweep", "shared",
                    "--thread-counts", "10,100,500", "--threads-under-load", "10,50", "--rounds", "3"),
            List.of("sweep", "shared"), (d, m) -> SharedConnectionReport.write(d), SharedConnectionReport::findings),
    /** A new connection per transaction against pools, pgbench, PgBouncer, pgpool-II. */
    CONNECT("connect", List.of("seed003"), "connect", ConnectCommand.class, "sweep",
            "A connection per transaction against a pool", "connect/summary.md", false, 72, List.of("sweep",
                    "connect", "--profiles", "unpooled,hikari,dbcp2", "--rounds", "3", "--transactions", "50"),
            List.of("sweep", "connect", "--as-article"), (d, m) -> ConnectReport.write(d), ConnectReport::findings),
    /** The Aurora article's paced screens on MySQL behind Toxiproxy, its three resources, a planned failover in rounds. */
    AURORA("aurora", List.of("seed004"), "aurora", AuroraCommand.class, null,
            "HikariCP against DBCP in front of (stand-in) Aurora MySQL", AuroraResults.DIR + "/summary.md", true, 480,
            List.of("aurora", "--duration", "14", "--warmup", "10", "--rampup", "3", "--failover", "--rounds", "3",
                    "--aa-twin"),
            List.of("aurora", "--failover", "--rounds", "5", "--aa-twin"), (d, m) -> AuroraReport.write(d), AuroraFindings::claims),
    /**
     * The Aurora scenario's failover at each pool's limit: the knee search ({@code aurora --find-knee}), then each
     * failover kind at every profile's own knee and 1.25 × it, each a command of its own in a sub-directory. Full
     * preset only (hours); with {@code --only failover-at-limit} the quick preset runs its quick version: one round of
     * the knee search at +1 ms with 14-s cells, then the planned failover at the knee in one round.
     */
    FAILOVER_AT_LIMIT("failover-at-limit", List.of("seed004-limit"), "Failover at each pool's limit", 480,
            List.of(new SuiteStep(FailoverAtLimit.KNEES, List.of("aurora", "--find-knee", "--map-rtts", "1",
                    "--duration", "14", "--warmup", "8", "--rampup", "3")),
                    SuiteStep.atKnee("planned", "--rounds", "1", "--duration", "14", "--warmup", "10", "--rampup", "3")),
            List.of(new SuiteStep(FailoverAtLimit.KNEES, List.of("aurora", "--find-knee", "--map-rtts", "1",
                    "--rounds", "3", "--duration", "20", "--warmup", "10", "--rampup", "3")),
                    SuiteStep.atKnee("planned", "--rounds", "5", "--duration", "60", "--warmup", "20"),
                    SuiteStep.atKnee("unplanned", "--rounds", "5", "--duration", "60", "--warmup", "20"),
                    SuiteStep.atKnee("stale", "--rounds", "5", "--duration", "60", "--warmup", "20"))),
    /** The drills: added latency and an unplanned failover (quick; the planned failover is the Aurora scenario's). */
    DRILLS("drills", List.of(), "drill", DrillCommand.class, null, "Drills: latency and failover",
            "drills/summary.md", true, 100, List.of("drill", "latency", "unplanned", "--rounds", "1",
                    "--latency-steps", "0,5,50", "--latency-step", "3"), List.of("drill"),
            (dir, m) -> DrillReport.write(dir, m.settings(DrillSettings.class)),
            d -> List.of());

    /** The scenario's id in {@code --only}, {@code --skip}, the suite's manifest and its run folder. */
    public final String id;
    /** Older ids that still name it ({@code --only seed004}, a suite run directory written with them). */
    private final List<String> aliases;
    /** The package below {@code io.poolbench.suite} that holds the scenario's classes (the drills': toxiproxy's). */
    private final String packageName;
    /** The scenario's picocli command; null for a scenario that is a chain of another's commands. */
    private final Class<?> commandType;
    /** The command it is a subcommand of ({@code sweep}); null for one of {@code poolbench}'s own. */
    private final String parent;
    public final String title;
    public final String summary;
    final boolean needsDocker;
    final int quickSeconds;
    final List<SuiteStep> quickSteps;
    final List<SuiteStep> fullSteps;
    /** Whether the quick preset runs it only when named in {@code --only}. */
    final boolean fullOnly;
    final ReportWriter writer;
    /**
     * The findings the scenario puts on top of the suite's page, from its run directory: one sentence with its
     * figures (Markdown) each, marked solid or not; none when its results are missing (the Aurora scenario and the
     * drills carry theirs in their sections).
     */
    public final Function<Path, List<Claim>> findings;

    SuiteEntry(String id, List<String> aliases, String packageName, Class<?> commandType, String parent,
            String title, String summary, boolean needsDocker, int quickSeconds, List<String> quickArgs,
            List<String> fullArgs, ReportWriter writer, Function<Path, List<Claim>> findings) {
        this(id, aliases, packageName, commandType, parent, title, summary, needsDocker, quickSeconds,
                List.of(new SuiteStep(null, quickArgs)), List.of(new SuiteStep(null, fullArgs)), false, writer, findings);
    }

    /** A chain of the Aurora scenario's commands, each in its own sub-directory, its summary composed of theirs. */
    SuiteEntry(String id, List<String> aliases, String title, int quickSeconds, List<SuiteStep> quickSteps,
            List<SuiteStep> fullSteps) {
        this(id, aliases, "aurora", null, null, title, "summary.md", true, quickSeconds, quickSteps, fullSteps, true,
                (d, m) -> FailoverAtLimit.write(d), FailoverAtLimit::claims);
    }

    SuiteEntry(String id, List<String> aliases, String packageName, Class<?> commandType, String parent,
            String title, String summary, boolean needsDocker, int quickSeconds, List<SuiteStep> quickSteps,
            List<SuiteStep> fullSteps, boolean fullOnly, ReportWriter writer, Function<Path, List<Claim>> findings) {
        this.id = id;
        this.aliases = aliases;
        this.packageName = packageName;
        this.commandType = commandType;
        this.parent = parent;
        this.title = title;
        this.summary = summary;
        this.needsDocker = needsDocker;
        this.quickSeconds = quickSeconds;
        this.quickSteps = quickSteps;
        this.fullSteps = fullSteps;
        this.fullOnly = fullOnly;
        this.writer = writer;
        this.findings = findings;
    }

    /**
     * @param suiteRun a suite's run directory
     * @return this scenario's directory in it, named by its id
     */
    public Path dirIn(Path suiteRun) {
        return suiteRun.resolve(id);
    }

    /**
     * The commands that are no scenario of the suite, in the order {@code poolbench --help} lists them: the suite
     * ({@code run}), {@code report}, {@code lint}, {@code check}, {@code sweep} (the sweeps' parent), {@code plan},
     * {@code borrowers}, {@code ledger}.
     */
    private static final List<Class<?>> TOOLS = List.of(SuiteCommand.class, ReportCommand.class, LintCommand.class,
            CheckCommand.class, SweepCommand.class, PlanCommand.class, BorrowersCommand.class, LedgerCommand.class);

    /**
     * Adds every command to the command line: the tools ({@link #TOOLS}), then every scenario's command under its
     * parent. The one place a command of {@code poolbench} is registered.
     *
     * @param root {@code poolbench}'s command line, without subcommands
     * @return the same command line
     */
    static CommandLine register(CommandLine root) {
        TOOLS.forEach(root::addSubcommand);
        // plan --measure runs the request as the Aurora scenario's short screen: wired here, at the root
        ((PlanCommand) root.getSubcommands().get("plan").getCommand()).measureWith(new PlanShortScreen());
        for (SuiteEntry s : values()) {
            if (s.commandType != null) {
                (s.parent == null ? root : root.getSubcommands().get(s.parent)).addSubcommand(s.commandType);
            }
        }
        return root;
    }

    /**
     * @return the command as a manifest records it, e.g. {@code sweep pool-size}; null for a chain of another
     *     scenario's commands
     */
    String command() {
        if (commandType == null) {
            return null;
        }
        String name = commandType.getAnnotation(Command.class).name();
        return parent == null ? name : parent + " " + name;
    }

    /**
     * @param preset quick or full
     * @return the commands that run this scenario at that preset, in order
     */
    List<SuiteStep> steps(String preset) {
        return preset.equals("full") ? fullSteps : quickSteps;
    }

    /**
     * @return the package below {@code io.poolbench.suite} that holds the scenario's classes, named for what it
     *     measures (the failover at each pool's limit is a chain of the Aurora scenario's commands, in its package)
     */
    public String packageName() {
        return packageName;
    }

    /** @return whether the scenario is several commands, each in a sub-directory of its own */
    public boolean chained() {
        return quickSteps.get(0).sub() != null;
    }

    /**
     * Writes the summary of a scenario of several commands, composed of theirs ({@link #chained}); the others write
     * their own.
     *
     * @param dir the scenario's run directory
     * @throws IOException when the summary cannot be written
     */
    public void compose(Path dir) throws IOException {
        if (chained()) {
            writer.write(dir, null);
        }
    }

    /**
     * @param preset quick or full
     * @return the command lines as the suite's manifest records them: one command's arguments, or several joined
     *     by {@code && ./poolbench} with their {@code --out}
     */
    List<String> line(String preset) {
        List<String> out = new ArrayList<>();
        for (SuiteStep st : steps(preset)) {
            if (!out.isEmpty()) {
                out.addAll(List.of("&&", "./poolbench"));
            }
            out.addAll(st.args());
            if (st.sub() != null) {
                out.addAll(List.of("--out", SuiteStep.DIR + "/" + st.sub()));
            }
        }
        return out;
    }

    /**
     * @param id a scenario id, e.g. {@code concurrency}, or an older one, e.g. {@code seed001}
     * @return the scenario
     * @throws io.poolbench.testbed.TestbedException one line naming the ids when there is none
     */
    public static SuiteEntry of(String id) {
        for (SuiteEntry s : values()) {
            if (s.id.equals(id) || s.aliases.contains(id)) {
                return s;
            }
        }
        throw new TestbedException("unknown scenario '" + id + "': use "
                + String.join(", ", Arrays.stream(values()).map(x -> x.id).toList()));
    }

    /**
     * The scenarios a suite run runs, in the suite's order.
     *
     * @param preset quick or full
     * @param only the ids given with {@code --only}, or null for all
     * @param skip the ids given with {@code --skip}
     * @return every scenario of the preset (the full preset's own ones only when named at the quick one) that
     *     {@code --only} names, if given, and {@code --skip} does not
     * @throws TestbedException one line for an unknown id, or when nothing is left to run
     */
    static List<SuiteEntry> choose(String preset, List<String> only, List<String> skip) {
        List<SuiteEntry> named = only == null ? null : only.stream().map(SuiteEntry::of).toList();
        List<SuiteEntry> skipped = skip.stream().map(SuiteEntry::of).toList();
        List<SuiteEntry> chosen = new ArrayList<>();
        for (SuiteEntry s : values()) {
            boolean isNamed = named != null && named.contains(s);
            if ((named == null && (preset.equals("full") || !s.fullOnly) || isNamed) && !skipped.contains(s)) {
                chosen.add(s);
            }
        }
        if (chosen.isEmpty()) {
            throw new TestbedException("--only/--skip leave no scenario to run");
        }
        return chosen;
    }

    /**
     * @param command a manifest's command, e.g. {@code sweep concurrency}, or the command's alias it was recorded
     *     under ({@code seed004})
     * @return the scenario that records it, or null (the suite itself, or an unknown command)
     */
    static SuiteEntry ofCommand(String command) {
        for (SuiteEntry s : values()) {
            if (s.commandType != null && (command.equals(s.command()) || List.of(s.commandType.getAnnotation(
                    Command.class).aliases()).contains(command))) {
                return s;
            }
        }
        return null;
    }
}
