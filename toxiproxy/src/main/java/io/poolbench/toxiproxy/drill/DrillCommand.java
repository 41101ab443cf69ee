package io.poolbench.toxiproxy.drill;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.Docker;
import io.poolbench.testbed.MySqlBehindToxiproxy;
import io.poolbench.testbed.MySqlDatabase;
import io.poolbench.testbed.PoolProfile;
import io.poolbench.testbed.ProfileDir;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.run.RunDirectory;
import io.poolbench.testbed.run.ScenarioRunner;
import io.poolbench.toxiproxy.DrillCluster;
import io.poolbench.toxiproxy.ExternalCluster;
import io.poolbench.toxiproxy.FailoverTopology;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code poolbench drill [latency|planned|unplanned|stale|all]...}: runs drills against Testcontainers MySQL
 * (writer + replica) behind Toxiproxy and writes {@code drills/summary.md}, {@code summary.json} and charts.
 */
@Command(name = "drill", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Latency and failover drills (Docker): latency, planned, unplanned, stale, or all.")
public final class DrillCommand implements Callable<Integer> {
    @Parameters(arity = "0..*", paramLabel = "DRILL", description = "latency, planned, unplanned, stale, all (default all).")
    List<String> drills = new ArrayList<>();

    @Option(names = "--profiles", split = ",", defaultValue = "hikari,dbcp2", paramLabel = "NAME|FILE",
            description = "Pool profiles (default ${DEFAULT-VALUE}); e.g. seed004-hikari,seed004-dbcp2,hikari-tuned,dbcp2-tuned.")
    List<String> profiles;

    @Option(names = "--repeats", defaultValue = "3", description = "Runs per drill and profile (default ${DEFAULT-VALUE}).")
    int repeats;

    @Option(names = "--rate", defaultValue = "100", description = "Requests per second (default ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--write-fraction", defaultValue = "0.2", description = "Share of writes (default ${DEFAULT-VALUE}).")
    double writeFraction;

    @Option(names = "--rows", defaultValue = "10000", description = "Orders rows on the writer (default ${DEFAULT-VALUE}).")
    int rows;

    @Option(names = "--steady", defaultValue = "3", description = "Seconds of load before the injection (default ${DEFAULT-VALUE}).")
    int steady;

    @Option(names = "--after", defaultValue = "12", description = "Seconds of load after the injection (default ${DEFAULT-VALUE}).")
    int after;

    @Option(names = "--detect", defaultValue = "5", description = "Unplanned: seconds the writer is a black hole before promotion (default ${DEFAULT-VALUE}).")
    int detect;

    @Option(names = "--reboot", defaultValue = "10", description = "Unplanned: seconds after the injection when the old writer reboots (default ${DEFAULT-VALUE}).")
    int reboot;

    @Option(names = "--flap-every", defaultValue = "2", description = "Stale writer: seconds between endpoint flips (default ${DEFAULT-VALUE}).")
    int flapEvery;

    @Option(names = "--flap-for", defaultValue = "8", description = "Stale writer: seconds the endpoint flaps (default ${DEFAULT-VALUE}).")
    int flapFor;

    @Option(names = "--latency-steps", split = ",", defaultValue = "0,1,5,20,50", description = "Latency drill: added ms per step (default ${DEFAULT-VALUE}).")
    List<Integer> latencySteps;

    @Option(names = "--latency-step", defaultValue = "4", description = "Latency drill: seconds per step (default ${DEFAULT-VALUE}).")
    int latencyStep;

    @Option(names = "--jitter", defaultValue = "0", description = "Latency drill: jitter in ms (default ${DEFAULT-VALUE}).")
    int jitter;

    @Option(names = "--request-timeout", defaultValue = "60", description = "Client timeout per request, s (default ${DEFAULT-VALUE}).")
    int requestTimeout;

    @Option(names = "--mysql-image", defaultValue = "${env:POOLBENCH_MYSQL_IMAGE}", description = "MySQL image (default mysql:8.4 if present, else poolbench/mysql:local).")
    String mysqlImage;

    @Option(names = "--toxiproxy-image", defaultValue = "${env:POOLBENCH_TOXIPROXY_IMAGE}", description = "Toxiproxy image (default ghcr.io/shopify/toxiproxy:2.5.0 if present, else poolbench/toxiproxy:local).")
    String toxiproxyImage;

    @Option(names = "--external", description = "Use your own Toxiproxy and MySQL writer/replica instead of Docker"
            + " (needs the --toxiproxy-url ... options below; passwords from POOLBENCH_ADMIN_PASSWORD and"
            + " POOLBENCH_JDBC_PASSWORD).")
    boolean externalMode;

    @Option(names = "--toxiproxy-url", defaultValue = "http://127.0.0.1:8474", description = "External: Toxiproxy API (default ${DEFAULT-VALUE}).")
    String toxiproxyUrl;

    @Option(names = "--proxy-a", defaultValue = "poolbench-a", description = "External: proxy in front of writer A (default ${DEFAULT-VALUE}).")
    String proxyA;

    @Option(names = "--proxy-b", defaultValue = "poolbench-b", description = "External: proxy in front of replica B (default ${DEFAULT-VALUE}).")
    String proxyB;

    @Option(names = "--endpoint-a", description = "External: address:port where proxy A listens, e.g. 127.0.0.2:3306.")
    String endpointA;

    @Option(names = "--endpoint-b", description = "External: address:port where proxy B listens, same port, e.g. 127.0.0.3:3306.")
    String endpointB;

    @Option(names = "--admin-url-a", description = "External: JDBC URL straight to A (administration, not through the proxy).")
    String adminUrlA;

    @Option(names = "--admin-url-b", description = "External: JDBC URL straight to B.")
    String adminUrlB;

    @Option(names = "--admin-user", defaultValue = "root", description = "External: administrative user (default ${DEFAULT-VALUE}).")
    String adminUser;

    @Option(names = "--replication-host-a", description = "External: A's host:port as B sees it (default: from --admin-url-a).")
    String replicationHostA;

    @Option(names = "--replication-host-b", description = "External: B's host:port as A sees it (default: from --admin-url-b).")
    String replicationHostB;

    @Option(names = "--jdbc-user", defaultValue = "poolbench", description = "External: application user (default ${DEFAULT-VALUE}).")
    String appUser;

    @Option(names = "--database", defaultValue = "poolbench", description = "External: database (default ${DEFAULT-VALUE}).")
    String database;

    @Option(names = "--conf-dir", description = "Profile directory (default webapp/conf, ../webapp/conf, else the"
            + " profiles packaged in the jar).")
    Path confDir;

    @Option(names = "--out", paramLabel = "DIR", description = "Run directory, new or empty; results go to DIR/drills"
            + " (default: a new target/poolbench-report/<time>/, linked as target/poolbench-report/latest).")
    Path out;

    @Option(names = "--force", description = "Replace --out when it holds a previous run.")
    boolean force;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** Every numeric option in range, before anything starts. */
    private void validate() {
        Cli.range("--repeats", repeats, 1, 1_000);
        Cli.range("--rate", rate, 0.1, 100_000);
        Cli.range("--write-fraction", writeFraction, 0, 1);
        Cli.range("--rows", rows, 100, 10_000_000);
        Cli.range("--steady", steady, 1, 3_600);
        Cli.range("--after", after, 1, 3_600);
        Cli.range("--detect", detect, 1, 3_600);
        Cli.range("--reboot", reboot, detect, 3_600);
        Cli.range("--flap-every", flapEvery, 1, 3_600);
        Cli.range("--flap-for", flapFor, 1, 3_600);
        if (latencySteps.isEmpty()) {
            throw new TestbedException("--latency-steps is empty: give added latencies in ms, e.g. 0,1,5,20,50");
        }
        for (int ms : latencySteps) {
            Cli.range("--latency-steps (each)", ms, 0, 60_000);
        }
        Cli.range("--latency-step", latencyStep, 1, 3_600);
        Cli.range("--jitter", jitter, 0, 60_000);
        Cli.range("--request-timeout", requestTimeout, 1, 3_600);
    }

    private static String env(String name) {
        String v = System.getenv(name);
        return v == null ? "" : v;
    }

    /** host:port of a jdbc:mysql://host:port/db URL. */
    static String hostOf(String jdbcUrl) {
        String rest = jdbcUrl.replaceFirst("^jdbc:[a-z]+://", "");
        int slash = rest.indexOf('/');
        String hp = slash < 0 ? rest : rest.substring(0, slash);
        return hp.contains(":") ? hp : hp + ":3306";
    }

    /**
     * Standalone entry point (the suite's {@code poolbench drill} is the usual one). Needs the JVM flags
     * {@code -Djdk.net.hosts.file=FILE -Dsun.net.inetaddr.ttl=0}.
     *
     * @param args command line
     */
    public static void main(String[] args) {
        System.exit(Cli.execute(new DrillCommand(), "poolbench drill", args));
    }

    @Override
    public Integer call() throws Exception {
        // a drill named twice (e.g. "latency all") runs once
        Set<DrillRunner.Drill> list = new LinkedHashSet<>();
        for (String d : drills.isEmpty() ? List.of("all") : drills) {
            if (d.equalsIgnoreCase("all")) {
                list.addAll(List.of(DrillRunner.Drill.values()));
                continue;
            }
            try {
                list.add(DrillRunner.Drill.valueOf(d.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new TestbedException("unknown drill '" + d + "': use latency, planned, unplanned, stale or all");
            }
        }
        validate();
        confDir = ProfileDir.resolve(confDir);
        Set<String> names = new HashSet<>();
        for (String p : profiles) {
            PoolProfile pp = PoolProfile.load(
                    PoolProfile.locate(p, confDir));
            pp.check(DrillCluster.PROFILE_VARS);
            if (!names.add(pp.name())) {
                throw new TestbedException("two profiles are named " + pp.name() + " (" + profiles + "): the drills"
                        + " key results by file name, so give one file another name");
            }
        }
        FailoverTopology.requireHostsFile();
        DrillCluster cluster = null;
        if (externalMode) {
            for (String[] o : new String[][] {{"--endpoint-a", endpointA}, {"--endpoint-b", endpointB},
                    {"--admin-url-a", adminUrlA}, {"--admin-url-b", adminUrlB}}) {
                if (o[1] == null) {
                    throw new TestbedException("--external needs " + o[0] + " (see ./poolbench drill --help)");
                }
            }
            cluster = ExternalCluster.connect(new ExternalCluster.Settings(
                    toxiproxyUrl, proxyA, proxyB, endpointA, endpointB, adminUrlA, adminUrlB, adminUser,
                    env("POOLBENCH_ADMIN_PASSWORD"), replicationHostA != null ? replicationHostA : hostOf(adminUrlA),
                    replicationHostB != null ? replicationHostB : hostOf(adminUrlB), appUser,
                    env("POOLBENCH_JDBC_PASSWORD"), database));
        } else {
            if (!Docker.available()) {
                throw new TestbedException("the drills need Docker (Testcontainers MySQL + Toxiproxy) and no Docker"
                        + " engine answers: start dockerd (see .ci/run), or run them against your own Toxiproxy and"
                        + " MySQL writer/replica with --external (see ./poolbench drill --help and the README)");
            }
            MySqlBehindToxiproxy.resolveToxiproxyImage(toxiproxyImage);
            MySqlDatabase.resolveImage(mysqlImage);
        }
        Path dir = RunDirectory.prepare(out, Path.of("target/poolbench-report"), force);
        DrillSettings s = new DrillSettings(profiles, confDir, repeats, rate, writeFraction, rows, steady, after,
                detect, reboot, flapEvery, flapFor, latencySteps, latencyStep, jitter, requestTimeout, mysqlImage,
                toxiproxyImage, dir);
        return ScenarioRunner.run(new DrillExperiment(s, new ArrayList<>(list), cluster), dir,
                spec.commandLine().getParseResult().originalArgs(), System.out);
    }
}
