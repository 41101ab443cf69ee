package io.poolbench.suite.seed004;

import io.poolbench.suite.process.Artifacts;
import io.poolbench.testbed.Cli;
import io.poolbench.testbed.Docker;
import io.poolbench.testbed.MySqlBehindToxiproxy;
import io.poolbench.testbed.MySqlDatabase;
import io.poolbench.testbed.PoolProfile;
import io.poolbench.testbed.ProfileDir;
import io.poolbench.testbed.Profiles;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.pool.PoolAdapter;
import io.poolbench.testbed.run.RunDirOptions;
import io.poolbench.testbed.run.ScenarioRunner;
import io.poolbench.toxiproxy.DrillCluster;
import io.poolbench.toxiproxy.FailoverTopology;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code poolbench seed004}: seed 004's experiment (see {@link Seed004Experiment}) and its report. */
@Command(name = "seed004", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Seed 004 reproduced: the article's DBCP and HikariCP resources in one webapp in front of a"
                + " MySQL writer + replica behind Toxiproxy, loaded by seed004.jmx on two JMeter engines; the table"
                + " beside the article's. Needs Docker.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every run ok", "1:a run failed (the summary marks it; run.json says why)",
            "2:bad input or no Docker, one line on stderr; nothing started", "130:interrupted (Ctrl-C)"})
public final class Seed004Command implements Callable<Integer> {
    /** The article's three resources: DBCP as its factory name says (DBCP 1.4), as its attributes say (DBCP2), HikariCP. */
    static final List<String> ARTICLE_PROFILES = List.of("seed004-dbcp-verbatim", "seed004-dbcp2",
            "seed004-hikari-verbatim");

    @Option(names = "--profiles", split = ",", paramLabel = "NAME|FILE",
            description = "Pool profiles (default: the article's three, " + "seed004-dbcp-verbatim,seed004-dbcp2,"
                    + "seed004-hikari-verbatim).")
    List<String> profiles;

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

    @Option(names = "--users", defaultValue = "750", paramLabel = "N",
            description = "The article's JMeter threads over all its servers (default ${DEFAULT-VALUE}).")
    int users;

    @Option(names = "--rate-per-minute", defaultValue = "3000", paramLabel = "N",
            description = "The article's requests per minute over all its servers (default ${DEFAULT-VALUE}).")
    double ratePerMinute;

    @Option(names = "--share", defaultValue = "0.25", paramLabel = "F",
            description = "Share of that load this webapp gets (default ${DEFAULT-VALUE}: one of four servers).")
    double share;

    @Option(names = "--engines", defaultValue = "2", paramLabel = "N",
            description = "JMeter engines started on loopback (default ${DEFAULT-VALUE}, the article's two clients).")
    int engines;

    @Option(names = "--remote-engines", split = ",", paramLabel = "HOST:PORT",
            description = "Use JMeter engines started elsewhere (jmeter-server -Jserver.rmi.ssl.disable=true"
                    + " -Jengine=N) instead of local ones.")
    List<String> remoteEngines = new ArrayList<>();

    @Option(names = "--mix", defaultValue = "50,30", paramLabel = "SHORT,MEDIUM",
            description = "Per cent of requests for the short and medium screens; the long gets the rest (default"
                    + " ${DEFAULT-VALUE}; the article gives no mix).")
    String mix;

    @Option(names = "--borrow", defaultValue = "per-request", paramLabel = "per-request|per-query",
            description = "A screen borrows once per request or once per query (default ${DEFAULT-VALUE}).")
    String borrow;

    @Option(names = "--long-screen-max-ms", defaultValue = "8500", paramLabel = "MS",
            description = "Longest long screen alone, ms (default ${DEFAULT-VALUE}, the article's).")
    long longScreenMaxMs;

    @Option(names = "--rtt-ms", defaultValue = "1", paramLabel = "MS",
            description = "Round trip added between webapp and MySQL by Toxiproxy, ms (default ${DEFAULT-VALUE}).")
    int rttMs;

    @Option(names = "--jitter-ms", defaultValue = "1", paramLabel = "MS",
            description = "Jitter of that round trip, ms, uniform ± (default ${DEFAULT-VALUE}).")
    int jitterMs;

    @Option(names = "--failover", description = "Inject a planned failover in the middle of each measured period.")
    boolean failover;

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

    @Option(names = "--rows", defaultValue = "20000", paramLabel = "N",
            description = "Orders in the data set (default ${DEFAULT-VALUE}).")
    int rows;

    @Option(names = "--mysql-image", paramLabel = "IMAGE", defaultValue = "${env:POOLBENCH_MYSQL_IMAGE}",
            description = "MySQL image (default: the locally built poolbench/mysql:local).")
    String mysqlImage;

    @Option(names = "--toxiproxy-image", paramLabel = "IMAGE", defaultValue = "${env:POOLBENCH_TOXIPROXY_IMAGE}",
            description = "Toxiproxy image (default: the locally built poolbench/toxiproxy:local).")
    String toxiproxyImage;

    @Mixin
    RunDirOptions runDir;


    @Spec
    CommandSpec spec;

    /**
     * The one-setting changes of a profile, each {attribute, value} in the pool's own vocabulary.
     *
     * @param p the profile to vary
     * @return pool size, borrow timeout, validation on borrow: those the pool has and that change something
     */
    private List<String[]> variants(PoolProfile p) {
        PoolAdapter a = p.kind().adapter();
        Map<String, String> attrs = p.attributes();
        List<String[]> out = new ArrayList<>();
        String size = a.sizeAttributes().get(0);
        if (!Integer.toString(varyPoolSize).equals(attrs.get(size))) {
            out.add(new String[] {size, Integer.toString(varyPoolSize)});
        } else {
            System.out.println("poolbench seed004: --vary " + p.name() + ": " + size + " is already " + varyPoolSize
                    + ", no pool-size run");
        }
        String timeout = a.borrowTimeoutAttribute();
        if (timeout != null) {
            boolean bounded = a.borrowTimeoutMs(attrs) > 0;
            out.add(new String[] {timeout, bounded ? a.unboundedBorrowTimeout() : "10000"});
        }
        String validation = a.validationOnBorrowAttribute();
        if (validation != null && attrs.containsKey(validation)) {
            out.add(new String[] {validation, Boolean.toString(!Boolean.parseBoolean(attrs.get(validation)))});
        } else if (validation != null) {
            System.out.println("poolbench seed004: --vary " + p.name() + ": " + validation + " is not set (the pool's"
                    + " default applies), no validation run; set it in the profile to vary it");
        }
        return out;
    }

    @Override
    public Integer call() throws Exception {
        String[] m = mix.split(",", -1);
        if (m.length != 2) {
            throw new TestbedException("--mix " + mix + ": give the short and medium screens' per cents, together"
                    + " at most 100, e.g. 50,30");
        }
        int shortPct;
        int mediumPct;
        try {
            shortPct = Integer.parseInt(m[0].trim());
            mediumPct = Integer.parseInt(m[1].trim());
        } catch (NumberFormatException e) {
            throw new TestbedException("--mix " + mix + " is not two whole per cents, e.g. 50,30");
        }
        // every range checked before anything is looked up or started; the runs come next
        Seed004Settings checked = new Seed004Settings(List.of(), users, ratePerMinute, share, engines, remoteEngines,
                warmup, duration, Math.min(rampup, warmup), shortPct, mediumPct, borrow, longScreenMaxMs, rttMs,
                jitterMs, failover, rows, mysqlImage, toxiproxyImage);
        Cli.range("--rampup", rampup, 0, 3_600);
        Cli.range("--vary-pool-size", varyPoolSize, 1, 10_000);
        List<String[]> variants = new ArrayList<>();
        Artifacts art = Artifacts.locate(runDir.root);
        Path dirConf = ProfileDir.resolve(art.confDir());
        List<Seed004Settings.Run> runs = new ArrayList<>();
        for (PoolProfile pp : Profiles.load(profiles == null ? ARTICLE_PROFILES : profiles, dirConf, (p, pp) -> {
            pp.check(DrillCluster.PROFILE_VARS);
            if (!"mysql".equals(pp.urlScheme()) && pp.urlScheme() != null) {
                throw new TestbedException("profile " + p + " connects with a jdbc:" + pp.urlScheme() + " URL;"
                        + " seed 004 runs against MySQL: use a jdbc:mysql profile");
            }
        })) {
            runs.add(new Seed004Settings.Run(pp.name(), pp.file().toAbsolutePath().normalize().toString(), null,
                    null));
        }
        if (vary != null) {
            Seed004Settings.Run base = runs.stream().filter(r -> r.id().equals(vary)).findFirst().orElseThrow(
                    () -> new TestbedException("--vary " + vary + " is not one of the profiles run: "
                            + runs.stream().map(Seed004Settings.Run::id).toList()));
            variants = variants(PoolProfile.load(Path.of(base.file())));
        }
        if (!Docker.available()) {
            throw new TestbedException("seed004 needs Docker (Testcontainers MySQL + Toxiproxy) and no Docker engine"
                    + " answers: start dockerd (see .ci/run)");
        }
        MySqlBehindToxiproxy.resolveToxiproxyImage(toxiproxyImage);
        MySqlDatabase.resolveImage(mysqlImage);
        FailoverTopology.requireHostsFile();
        art.jmeterPlan("seed004.jmx");
        Seed004Settings s = checked.withRuns(runs);
        PoolProfile varied = vary == null ? null : PoolProfile.load(Path.of(runs.stream()
                .filter(r -> r.id().equals(vary)).findFirst().orElseThrow().file()));
        Path dir = runDir.prepare();
        return ScenarioRunner.run(new Seed004Experiment(s, art, varied, variants), dir,
                spec.commandLine().getParseResult().originalArgs(), System.out);
    }
}
