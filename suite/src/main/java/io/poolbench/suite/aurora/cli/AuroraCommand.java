package io.poolbench.suite.aurora.cli;

import io.poolbench.suite.aurora.AuroraExperiment;
import io.poolbench.suite.aurora.AuroraSettings;
import io.poolbench.suite.aurora.knee.KneeSearchSettings;
import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.suite.process.Artifacts;
import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Docker;
import io.poolbench.testbed.options.ErrorBudgetOption;
import io.poolbench.testbed.options.ImageOptions;
import io.poolbench.testbed.options.Profiles;
import io.poolbench.testbed.options.ProfilesOption;
import io.poolbench.testbed.options.RoundsOption;
import io.poolbench.testbed.options.RttOption;
import io.poolbench.testbed.options.TraceJdbcOption;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileDir;
import io.poolbench.testbed.run.ScenarioCommand;
import io.poolbench.toxiproxy.DrillCluster;
import io.poolbench.toxiproxy.HostsFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code poolbench aurora}: the Aurora experiment (see {@link AuroraExperiment}) and its report. */
@Command(name = "aurora", aliases = "seed004",
        description = "The Aurora article reproduced: its DBCP and HikariCP resources in one webapp in front of a"
                + " MySQL writer + replica behind Toxiproxy, loaded by aurora-screens.jmx on two JMeter engines; the table"
                + " beside the article's. Needs Docker. --rounds N (default 1 here: a run is minutes long) runs every"
                + " profile N times in rotated order; with --failover, the failed requests at the failover are then"
                + " compared within each round, with a 95 %% interval. --vary runs once, after the rounds. Also"
                + " called seed004; its results go to the run directory's screens/.")
public final class AuroraCommand extends ScenarioCommand {
    /** The article's three resources: DBCP as its factory name says (DBCP 1.4), as its attributes say (DBCP2), HikariCP. */
    static final List<String> ARTICLE_PROFILES = List.of("aurora-article-dbcp-verbatim", "aurora-article-dbcp2",
            "aurora-article-hikari-verbatim");

    @Mixin
    ProfilesOption profiles;

    @Option(names = "--duration", defaultValue = "120", paramLabel = "S",
            description = "Measured seconds per run, after the warm-up (default ${DEFAULT-VALUE}: about 10 minutes"
                    + " for the three profiles; the article ran 2700).")
    int duration;

    @Option(names = "--warmup", defaultValue = "30", paramLabel = "S",
            description = "Seconds of load excluded from every figure (default ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--rampup", defaultValue = "10", paramLabel = "S",
            description = "JMeter ramp-up of the threads, within the warm-up (default ${DEFAULT-VALUE}).")
    int rampup;

    @Mixin
    RttOption rtt;

    @Option(names = "--jitter-ms", defaultValue = "1", paramLabel = "MS",
            description = "Jitter of that round trip, ms, uniform ± (default ${DEFAULT-VALUE}).")
    int jitterMs;

    @Mixin
    ErrorBudgetOption budget;

    @Mixin
    RoundsOption rounds;

    @Mixin
    MapOptions map;

    @Mixin
    KneeOptions knee;

    @Mixin
    KneeSearchOptions kneeSearch;

    @Mixin
    FaultOptions faults;

    @Mixin
    TraceJdbcOption trace;

    @Mixin
    WebappJvmOptions jvm;

    @Option(names = "--vary", paramLabel = "PROFILE",
            description = "After the profiles, rerun this one (a name among --profiles) with one setting changed at a"
                    + " time: pool size to --vary-pool-size; the borrow timeout to unbounded when the profile sets one,"
                    + " else to 10000 ms (the article's maxWait); validation on borrow switched over. A change that"
                    + " would not change anything is left out with a line.")
    String vary;

    @Option(names = "--vary-pool-size", defaultValue = "300", paramLabel = "N",
            description = "Pool size of the --vary run that changes the pool size (default ${DEFAULT-VALUE}, the"
                    + " article's maxTotal).")
    int varyPoolSize;

    @Option(names = "--aa-twin", description = "Run the first profile a second time in every round as a variant of"
            + " its own (A/A, id <profile>~aa), compared with that profile only: the tool's own noise on the same"
            + " measures, the floor under the verdicts. Needs --rounds 2 or more; not with --map, --at-knee,"
            + " --find-knee or --vary.")
    boolean aaTwin;

    @Option(names = "--rows", defaultValue = "20000", paramLabel = "N",
            description = "Orders in the data set (default ${DEFAULT-VALUE}).")
    int rows;

    @Mixin
    ArticleLoadOptions load;

    @Mixin
    ImageOptions images;

    /** @return the default profiles */
    @Override
    protected Map<String, String> optionDefaults() {
        return Map.of("--profiles", String.join(",", ARTICLE_PROFILES));
    }

    @Override
    public Integer call() throws Exception {
        map.check(faults.injects(), vary);
        knee.check(map.map, vary);
        faults.check();
        jvm.check();
        List<String> notWithSearch = new ArrayList<>();
        if (faults.injects()) {
            notWithSearch.add("--failover/--stall");
        }
        if (vary != null) {
            notWithSearch.add("--vary");
        }
        if (knee.mapRun != null) {
            notWithSearch.add("--at-knee");
        }
        KneeSearchSettings search = kneeSearch.settings(map, notWithSearch);
        int[] pct = load.mix();
        // every range checked before anything is looked up or started; the runs come next
        AuroraSettings checked = new AuroraSettings(List.of(), rounds.orElse(1), budget.percent(),
                new AuroraSettings.Load(load.users, load.ratePerMinute, load.share, load.engines, load.remoteEngines,
                        warmup, duration, rampup),
                new AuroraSettings.ScreenSettings(pct[0], pct[1], load.borrow.pattern().label(),
                        load.longScreen.maxMs, load.shortScreen()),
                new AuroraSettings.Network(rtt.wholeMs(), jitterMs, faults.failsOver(), faults.failover,
                        faults.stallSeconds),
                new AuroraSettings.Database(rows, images.mysqlImage.image(), images.toxiproxyImage),
                new AuroraSettings.Webapp(trace.on(), jvm.args(), faults.recording()));
        Cli.range("--vary-pool-size", varyPoolSize, 1, 10_000);
        List<String[]> variants = new ArrayList<>();
        Artifacts art = Artifacts.locate(runDir.root);
        Path dirConf = ProfileDir.resolve(art.confDir());
        List<LoadRun> runs = new ArrayList<>();
        for (PoolProfile pp : Profiles.load(profiles.names(), dirConf, (p, pp) -> {
            pp.check(DrillCluster.PROFILE_VARS);
            if (!"mysql".equals(pp.urlScheme()) && pp.urlScheme() != null) {
                throw new TestbedException("profile " + p + " connects with a jdbc:" + pp.urlScheme() + " URL;"
                        + " the Aurora scenario runs against MySQL: use a jdbc:mysql profile");
            }
        })) {
            runs.add(new LoadRun(pp.name(), pp.file().toAbsolutePath().normalize().toString(), null,
                    null));
        }
        if (aaTwin) {
            if (rounds.orElse(1) < 2 || map.map || knee.mapRun != null || search != null || vary != null) {
                throw new TestbedException("--aa-twin compares the first profile with itself over rounds: give"
                        + " --rounds 2 or more, and leave out --map, --at-knee, --find-knee and --vary");
            }
            runs.add(runs.get(0).aaTwin());
        }
        if (vary != null) {
            LoadRun base = runs.stream().filter(r -> r.id().equals(vary)).findFirst().orElseThrow(
                    () -> new TestbedException("--vary " + vary + " is not one of the profiles run: "
                            + runs.stream().map(LoadRun::id).toList()));
            variants = SettingVariants.of(PoolProfile.load(Path.of(base.file())), varyPoolSize, System.out::println);
        }
        List<LoadRun> placed = knee.runs(runs, rtt.wholeMs(), load.borrow.pattern().label(),
                System.out::println);
        if (!Docker.available()) {
            throw new TestbedException("aurora needs Docker (Testcontainers MySQL + Toxiproxy) and no Docker engine"
                    + " answers: start dockerd (see .ci/run)");
        }
        images.resolve();
        HostsFile.require();
        art.jmeterPlan("aurora-screens.jmx");
        art.jmeterElementsJar();
        List<LoadRun> each = faults.withControls(jvm.withVariants(map.cells(placed, faults.failsOver(),
                vary)));
        if (search != null) {
            return run(new AuroraExperiment(checked, art, null, List.of(), search, runs));
        }
        AuroraSettings s = checked.withRuns(LoadRun.inRounds(each, checked.rounds()));
        PoolProfile varied = vary == null ? null : PoolProfile.load(Path.of(runs.stream()
                .filter(r -> r.id().equals(vary)).findFirst().orElseThrow().file()));
        return run(new AuroraExperiment(s, art, varied, variants, null, List.of()));
    }
}
