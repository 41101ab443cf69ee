package io.poolbench.toxiproxy.drill;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Docker;
import io.poolbench.testbed.fault.Fault;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.options.ConfDirOption;
import io.poolbench.testbed.options.ImageOptions;
import io.poolbench.testbed.options.Profiles;
import io.poolbench.testbed.options.ProfilesOption;
import io.poolbench.testbed.options.RoundsOption;
import io.poolbench.testbed.run.ScenarioCommand;
import io.poolbench.toxiproxy.DrillCluster;
import io.poolbench.toxiproxy.ExternalCluster;
import io.poolbench.toxiproxy.Failovers;
import io.poolbench.toxiproxy.HostsFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code poolbench drill [latency|planned|unplanned|stale|all]...}: runs drills against Testcontainers MySQL
 * (writer + replica) behind Toxiproxy and writes {@code drills/summary.md}, {@code summary.json} and charts.
 */
@Command(name = "drill",
        description = "Latency, stall and failover drills (Docker): latency, planned, unplanned, stale, stall, or all.")
public final class DrillCommand extends ScenarioCommand {
    @Parameters(arity = "0..*", paramLabel = "DRILL", description = "latency, planned, unplanned, stale, stall, all (default all).")
    List<String> drills = new ArrayList<>();

    @Mixin
    ProfilesOption profiles;

    @Mixin
    RoundsOption rounds;

    @Option(names = "--rate", defaultValue = "100", paramLabel = "PER_S", description = "Requests per second (default ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--write-fraction", defaultValue = "0.2", description = "Share of writes (default ${DEFAULT-VALUE}).")
    double writeFraction;

    @Option(names = "--rows", defaultValue = "10000", paramLabel = "N", description = "Orders rows on the writer (default ${DEFAULT-VALUE}).")
    int rows;

    @Option(names = "--steady", defaultValue = "3", description = "Seconds of load before the injection (default ${DEFAULT-VALUE}).")
    int steady;

    @Option(names = "--after", defaultValue = "12", description = "Seconds of load after the injection (default ${DEFAULT-VALUE}).")
    int after;

    @Option(names = "--detect", defaultValue = "" + Failovers.DETECT_SECONDS, description = "Unplanned: seconds the writer is a black hole before promotion (default ${DEFAULT-VALUE}).")
    int detect;

    @Option(names = "--reboot", defaultValue = "" + Failovers.REBOOT_SECONDS, description = "Unplanned: seconds after the injection when the old writer reboots (default ${DEFAULT-VALUE}).")
    int reboot;

    @Option(names = "--stall", defaultValue = "5", paramLabel = "S", description = "Stall: seconds the writer's network"
            + " is held in both directions, then delivered, 1 to " + Fault.MAX_STALL_SECONDS + " (default ${DEFAULT-VALUE}).")
    int stall;

    @Option(names = "--flap-every", defaultValue = "" + Failovers.FLAP_EVERY_SECONDS, description = "Stale writer: seconds between endpoint flips (default ${DEFAULT-VALUE}).")
    int flapEvery;

    @Option(names = "--flap-for", defaultValue = "" + Failovers.FLAP_FOR_SECONDS, description = "Stale writer: seconds the endpoint flaps (default ${DEFAULT-VALUE}).")
    int flapFor;

    @Option(names = "--latency-steps", split = ",", defaultValue = "0,1,5,20,50", description = "Latency drill: added ms per step (default ${DEFAULT-VALUE}).")
    List<Integer> latencySteps;

    @Option(names = "--latency-step", defaultValue = "4", description = "Latency drill: seconds per step (default ${DEFAULT-VALUE}).")
    int latencyStep;

    @Option(names = "--jitter", defaultValue = "0", description = "Latency drill: jitter in ms (default ${DEFAULT-VALUE}).")
    int jitter;

    @Option(names = "--request-timeout", defaultValue = "60", description = "Client timeout per request, s (default ${DEFAULT-VALUE}).")
    int requestTimeout;

    @Mixin
    ImageOptions images;

    @Mixin
    ExternalOptions external;

    @Mixin
    ConfDirOption confDir = new ConfDirOption();

    /**
     * Standalone entry point (the suite's {@code poolbench drill} is the usual one). Needs the JVM flags
     * {@code -Djdk.net.hosts.file=FILE -Dsun.net.inetaddr.ttl=0}.
     *
     * @param args command line
     */
    public static void main(String[] args) {
        System.exit(Cli.execute(new DrillCommand(), "poolbench drill", args));
    }

    /** @return the default profiles */
    @Override
    protected Map<String, String> optionDefaults() {
        return Map.of("--profiles", "hikari,dbcp2");
    }

    @Override
    public Integer call() throws Exception {
        // a drill named twice (e.g. "latency all") runs once
        Set<FaultKind> list = new LinkedHashSet<>();
        for (String d : drills.isEmpty() ? List.of("all") : drills) {
            if (d.equalsIgnoreCase("all")) {
                list.addAll(Injections.DRILLS);
                continue;
            }
            list.add(FaultKind.parse("drill", d, Injections.DRILLS, true));
        }
        Path profileDir = confDir.resolve(null);
        DrillSettings checked = new DrillSettings(profiles.names(), profileDir, rounds.orElse(3), rate, writeFraction, rows, steady,
                after, detect, reboot, flapEvery, flapFor, stall, latencySteps, latencyStep, jitter, 0, requestTimeout,
                images.mysqlImage.image(), images.toxiproxyImage, null);
        Profiles.load(profiles.names(), profileDir, (p, pp) -> pp.check(DrillCluster.PROFILE_VARS));
        HostsFile.require();
        DrillCluster cluster = null;
        if (external.externalMode) {
            cluster = ExternalCluster.connect(external.settings());
        } else {
            if (!Docker.available()) {
                throw new TestbedException("the drills need Docker (Testcontainers MySQL + Toxiproxy) and no Docker"
                        + " engine answers: start dockerd (see .ci/run), or run them against your own Toxiproxy and"
                        + " MySQL writer/replica with --external (see ./poolbench drill --help and the README)");
            }
            images.resolve();
        }
        Path dir = runDir.prepare();
        return run(new DrillExperiment(checked.withOut(dir), new ArrayList<>(list), cluster), dir);
    }
}
