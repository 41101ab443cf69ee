package io.poolbench.suite.check;

import io.poolbench.suite.versions.ArtifactVersions;
import io.poolbench.testbed.AtomicFile;
import io.poolbench.testbed.Cli;
import io.poolbench.testbed.PoolbenchCommand;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.fault.Durations;
import io.poolbench.testbed.fault.Fault;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.fault.Load;
import io.poolbench.testbed.fault.Network;
import io.poolbench.testbed.options.ImageOptions;
import io.poolbench.testbed.options.ProfileOptions;
import io.poolbench.testbed.options.RateOption;
import io.poolbench.testbed.options.RoundsOption;
import io.poolbench.testbed.options.RttOption;
import io.poolbench.testbed.options.SpringOptions;
import io.poolbench.testbed.profile.ProfileDir;
import io.poolbench.testbed.run.RunDirectory;
import io.poolbench.testbed.run.ScenarioRunner;
import io.poolbench.toxiproxy.Failovers;
import io.poolbench.toxiproxy.tcp.TcpFaultRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code poolbench check PATH...}: a user's own pool configuration, and what a stall of the writer, a planned and an
 * unplanned failover and a stale endpoint do to its requests, predicted from the settings alone
 * ({@link io.poolbench.testbed.fault.FaultChain}); no database, no Docker.
 */
@Command(name = "check",
        description = "Your own pool configuration's verdict: a context.xml, or a Spring Boot application.properties /"
                + " application.yml (bound by Spring Boot itself), built against a stub driver and read back, with the"
                + " pool's own warnings; then, per fault of the writer (stalls, planned and unplanned failover, a stale"
                + " endpoint), the longest a request can wait as a chain of the timeouts that apply, what fails as"
                + " which outcome, when the pool serves again, and what to change. Writes check.md and check.json.",
        exitCodeList = {"0:every predicted wait within --max-hang-s (or none given)", "1:--measure: a measured phase"
            + " failed (its report marks it)", PoolbenchCommand.EXIT_BAD_INPUT, "3:a predicted worst wait above"
            + " --max-hang-s (a wait without limit is above any)", PoolbenchCommand.EXIT_INTERRUPTED})
public final class CheckCommand extends PoolbenchCommand {
    @Parameters(arity = "1..*", paramLabel = "PATH|NAME", description = "context.xml files or profile names in"
            + " webapp/conf, or Spring Boot application.properties / application.yml files.")
    List<String> paths;

    @Mixin
    ProfileOptions profileOptions;

    @Mixin
    SpringOptions spring;

    @Option(names = "--stall", split = ",", defaultValue = "5,20,60", paramLabel = "S",
            description = "Stalls of the writer to predict, seconds, 1 to " + Fault.MAX_STALL_SECONDS
                    + " (default ${DEFAULT-VALUE}).")
    List<Integer> stalls;

    /** {@code --promote-s}'s default, s: Aurora's documentation puts an unplanned failover at typically under 30 s. */
    static final int DEFAULT_PROMOTE_SECONDS = 30;

    @Option(names = "--promote-s", defaultValue = "" + DEFAULT_PROMOTE_SECONDS, paramLabel = "S",
            description = "From an unplanned failure of the writer to a promoted writer, seconds, 1 to 600 (default"
                    + " ${DEFAULT-VALUE}).")
    int promoteSeconds;

    @Option(names = "--jvm-dns-ttl-s", defaultValue = "30", paramLabel = "S", description = "How long the service's"
            + " JVM caches a resolved name, seconds; -1 forever (default ${DEFAULT-VALUE}: the JDK's"
            + " networkaddress.cache.ttl without a security manager; -1 with one).")
    long jvmDnsTtlSeconds;

    @Mixin
    TcpOptions tcp;

    /** {@code --measure}'s arrival rate without {@code --rate} or {@code --measure-rate}, requests/s. */
    static final double DEFAULT_MEASURE_RATE = 50;
    /**
     * The highest {@code --measure} rate, requests/s: the open-loop load was measured at 400 on this 2-core machine
     * (8,012 requests in 20 s, 1.75 % more than 10 ms late before the stall: docs/lab/2026-11-28-load-at-rate.md).
     */
    static final double MEASURE_CEILING_PER_SECOND = 400;

    @Option(names = "--rate", paramLabel = "PER_S", description = "Your requests per second that borrow a"
            + " connection: the backlog a stall leaves, and how many connections a failover catches in use (without it,"
            + " a lone request).")
    Double ratePerSecond;

    /** {@code --request-hold-ms}'s default, ms. */
    static final double DEFAULT_REQUEST_HOLD_MS = 10;

    // no picocli default: one applied after parsing would overwrite the former name's value
    @Option(names = "--request-hold-ms", paramLabel = "MS", description = "How long a request holds its connection,"
            + " ms (default " + (int) DEFAULT_REQUEST_HOLD_MS + "; used with --rate).")
    Double holdMs;

    @Option(names = "--hold-ms", hidden = true, paramLabel = "MS")
    void formerHoldMs(double ms) {
        Cli.renamed("--hold-ms", "--request-hold-ms", "per request; plan's --query-ms is per query");
        if (holdMs == null) {
            holdMs = ms;
        }
    }

    /** @return {@code --request-hold-ms} (or its former name), else its default, ms */
    double holdMs() {
        return holdMs != null ? holdMs : DEFAULT_REQUEST_HOLD_MS;
    }

    @Mixin
    RttOption rtt;

    @Option(names = "--longest-query-ms", paramLabel = "MS", description = "Your longest normal query, ms: sizes"
            + " the socketTimeout to suggest.")
    Long longestQueryMs;

    @Option(names = "--query-ms", hidden = true, paramLabel = "MS")
    void formerQueryMs(long ms) {
        Cli.renamed("--query-ms", "--longest-query-ms", "your longest query; plan's --query-ms is each query's time");
        if (longestQueryMs == null) {
            longestQueryMs = ms;
        }
    }

    /** @return {@code --longest-query-ms} (or its former name), ms; 0 when not given */
    long longestQueryMs() {
        return longestQueryMs != null ? longestQueryMs : 0;
    }

    @Option(names = "--max-hang-s", paramLabel = "S", description = "Exit 3 when a predicted longest wait is above"
            + " this many seconds (for CI).")
    Long maxHangSeconds;

    @Option(names = "--out", defaultValue = "target/poolbench-report/check", paramLabel = "DIR",
            description = "Where check.md and check.json go (default ${DEFAULT-VALUE}; replaced each time); a"
                    + " --measure run goes into a new DIR/measure/<time>/.")
    Path out;

    @Option(names = "--measure", description = "Then carry out the stalls and the failovers on the stand-in"
            + " cluster (Docker: a MySQL-compatible writer and replica behind Toxiproxy, the webapp with your pool,"
            + " an open-loop load) in rounds, and print the measured figures beside the predictions. A Spring Boot"
            + " file's pool goes into the webapp as its JNDI factory's context.xml, written from the bound pool.")
    boolean measure;

    @Option(names = "--failovers", split = ",", defaultValue = "unplanned,planned,stale", paramLabel = "KIND",
            description = "--measure: the failovers the stand-in makes after the stalls (default ${DEFAULT-VALUE}).")
    List<String> failovers;

    @Mixin
    RoundsOption rounds;

    @Option(names = "--measure-rate", paramLabel = "PER_S", description = "--measure: the open-loop load's requests"
            + " per second (default: your --rate, else 50).")
    Double measureRate;

    @Mixin
    ImageOptions images;

    @Option(names = "--pool-version", split = ",", paramLabel = "V1,V2", hideParamSyntax = true,
            description = "Check the one configuration at two versions of its pool instead (e.g. 7.0.2,7.1.0 for"
                    + " HikariCP), each fetched by Maven Resolver from ~/.m2 or Maven Central and checked in a JVM of"
                    + " its own: every setting read back and every prediction side by side, the changed rows marked;"
                    + " versions.md and pool-<version>/check.md.")
    List<String> poolVersions = new ArrayList<>();

    @Option(names = "--driver-version", split = ",", paramLabel = "V1,V2", hideParamSyntax = true,
            description = "The same at two versions of its JDBC driver (e.g. 8.4.0,9.4.0 for Connector/J);"
                    + " driver-<version>/check.md.")
    List<String> driverVersions = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        List<CheckedPool> pools = new ArrayList<>();
        List<CheckResult> results;
        List<FaultKind> kernelFaults;
        List<FaultKind> standInFailovers;
        int code = 0;
        // one check at a time writes into --out, so that check.md and check.json are one run's and whole when its
        // last line names them; a --measure run's own copy goes into its run directory
        try (AtomicFile.Hold held = AtomicFile.hold(out, System.err::println)) {
            CheckReport.clear(out);
            checkNumbers();
            kernelFaults = tcp.kernelFaults(measure);
            standInFailovers = failovers.stream().map(f -> FaultKind.parse("--failovers", f, Failovers.KINDS,
                    false)).distinct().toList();
            Network net = Network.linux(jvmDnsTtlSeconds < 0 ? -1 : jvmDnsTtlSeconds * 1000L,
                    promoteSeconds * 1000L).withTcp(tcp.hostTimers()).withBack(tcp.oldWriterBackMs());
            Load load = new Load(ratePerSecond == null ? 0 : ratePerSecond, holdMs(), longestQueryMs());
            List<Fault> faults = new ArrayList<>();
            stalls.forEach(s -> faults.add(Fault.stall(s * 1000L)));
            faults.add(Fault.of(FaultKind.PLANNED_FAILOVER));
            faults.add(Fault.of(FaultKind.UNPLANNED_FAILOVER));
            faults.add(Fault.of(FaultKind.STALE_ENDPOINT));
            for (String p : paths) {
                pools.add(read(p));
            }
            if (!poolVersions.isEmpty() || !driverVersions.isEmpty()) {
                return versions(pools);
            }
            pools.stream().map(CheckedPool::builtWith).filter(w -> w != null).forEach(System.out::println);
            if (measure) {
                MeasureRun.check(images);
                if (!kernelFaults.isEmpty()) {
                    TcpFaultRunner.requireHost();
                }
            }
            results = pools.stream().map(p -> CheckResult.predict(p, net, load, faults, rtt.ms())).toList();
            System.out.print(CheckReport.write(out, results));
            for (CheckResult r : results) {
                code = Math.max(code, hangCode(r.pool().source(), r.worstWaitMs()));
            }
            if (!measure) {
                System.out.println("poolbench check: " + results.size() + " configuration(s); "
                        + out.resolve("check.md") + " and check.json");
            }
        }
        if (measure) {
            Path dir = RunDirectory.prepare(null, out.resolve("measure"), false);
            CheckReport.write(dir, results);
            System.out.println("poolbench check: " + results.size() + " configuration(s); " + dir.resolve("check.md")
                    + " and check.json (" + out.resolve("check.md") + " until the next check into " + out + ")");
            List<String> profiles = MeasureRun.profiles(pools, spring.springProfiles, spring.sets, dir);
            MeasureSettings ms = new MeasureSettings(profiles, rounds.orElse(3), measureRate(),
                    (int) Math.round(rtt.ms()), stalls, promoteSeconds, images.mysqlImage.image(),
                    images.toxiproxyImage, dir, kernelFaults, tcp.measureTimers(), tcp.tcpOnly, standInFailovers);
            int measured = ScenarioRunner.run(new CheckMeasureExperiment(ms, results), ms.out(),
                    spec.commandLine().getParseResult().originalArgs(), System.out);
            return measured != 0 ? measured : code;
        }
        return code;
    }

    /**
     * @return the measurement's arrival rate, requests/s: {@code --measure-rate}, else the service's {@code --rate},
     *     else {@link #DEFAULT_MEASURE_RATE}
     */
    double measureRate() {
        return measureRate != null ? measureRate : ratePerSecond != null ? ratePerSecond : DEFAULT_MEASURE_RATE;
    }

    /** Every number in range, one line naming the option otherwise, before anything is built. */
    private void checkNumbers() {
        Cli.rangeEach("--stall", stalls, 1, Fault.MAX_STALL_SECONDS);
        Cli.range("--promote-s", promoteSeconds, 1, 600);
        Cli.range("--jvm-dns-ttl-s", jvmDnsTtlSeconds, -1, 86_400);
        if (ratePerSecond != null) {
            RateOption.check(ratePerSecond);
        }
        Cli.range("--request-hold-ms", holdMs(), 0.001, 3_600_000);
        Cli.range("--longest-query-ms", longestQueryMs(), 0, 3_600_000);
        rtt.ms();
        tcp.check();
        if (maxHangSeconds != null) {
            Cli.range("--max-hang-s", maxHangSeconds, 0, 86_400);
        }
        if (measure) {
            if (measureRate() > MEASURE_CEILING_PER_SECOND) {
                throw new TestbedException("--measure: " + Figures.plain(measureRate()) + " requests/s is above the "
                        + Figures.plain(MEASURE_CEILING_PER_SECOND) + " requests/s the stand-in's load was measured"
                        + " at on this machine (docs/lab/2026-11-28-load-at-rate.md): give --measure-rate "
                        + Figures.plain(MEASURE_CEILING_PER_SECOND) + " or less");
            }
            Cli.range("--measure-rate", measureRate(), 0.1, MEASURE_CEILING_PER_SECOND);
            rounds.orElse(3);
        }
    }

    /** {@code --pool-version}, {@code --driver-version}: the one configuration at two versions, side by side. */
    private int versions(List<CheckedPool> pools) throws Exception {
        if (!poolVersions.isEmpty() && !driverVersions.isEmpty()) {
            throw new TestbedException("--pool-version and --driver-version: give one of them, so that one jar"
                    + " differs between the two checks");
        }
        String option = poolVersions.isEmpty() ? "--driver-version" : "--pool-version";
        CheckVersions.Which which = poolVersions.isEmpty() ? CheckVersions.Which.DRIVER : CheckVersions.Which.POOL;
        List<String> given = poolVersions.isEmpty() ? driverVersions : poolVersions;
        List<String> versions = ArtifactVersions.pair(option + " " + String.join(",", given), given,
                which == CheckVersions.Which.POOL ? "7.0.2,7.1.0" : "8.4.0,9.4.0");
        if (pools.size() != 1 || measure) {
            throw new TestbedException(option + " checks one configuration at two versions: give one PATH"
                    + (measure ? " and leave out --measure" : ""));
        }
        CheckedPool.Jar jar = which.of(pools.get(0));
        if (jar == null) {
            throw new TestbedException(option + ": " + pools.get(0).source() + " has no " + (which
                    == CheckVersions.Which.POOL ? "pool" : "driver") + " jar of the catalog to fetch another version"
                    + " of");
        }
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        CheckVersions.Comparison c = CheckVersions.run(which, jar.coordinates(), versions, args, out);
        System.out.print(c.markdown());
        int code = 0;
        for (CheckVersions.VersionCheck v : c.checks()) {
            code = Math.max(code, hangCode(pools.get(0).source() + " at " + v.version(), v.worstWaitMs()));
        }
        System.out.println("poolbench check: " + jar.coordinates() + " at " + String.join(" and ", versions) + "; "
                + out.resolve("versions.md"));
        return code;
    }

    /**
     * @param what the configuration (and version) the wait is predicted for
     * @param worstMs its longest predicted wait, ms; -1 without limit
     * @return 3 when it is above {@code --max-hang-s} (said in a line), else 0
     */
    private int hangCode(String what, long worstMs) {
        if (maxHangSeconds == null || (worstMs >= 0 && worstMs <= maxHangSeconds * 1000)) {
            return 0;
        }
        System.out.println("poolbench check: " + what + ": a predicted wait of " + Durations.text(worstMs)
                + " is above --max-hang-s " + maxHangSeconds);
        return 3;
    }

    private CheckedPool read(String p) {
        if (ProfileDir.isSpringFile(p)) {
            return CheckedPool.ofSpring(Path.of(p), spring.springProfiles, spring.sets);
        }
        return CheckedPool.of(profileOptions.load(p, null));
    }
}
