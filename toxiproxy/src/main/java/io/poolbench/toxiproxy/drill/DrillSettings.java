package io.poolbench.toxiproxy.drill;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.fault.Fault;
import io.poolbench.testbed.options.RateOption;
import io.poolbench.testbed.options.RoundsOption;
import io.poolbench.testbed.options.RttOption;
import java.nio.file.Path;
import java.util.List;

/**
 * Settings of a drill run; every duration is in seconds.
 *
 * @param profiles profile names or paths
 * @param confDir profile directory
 * @param repeats runs per drill and profile (the report gives median / p95 / max over them)
 * @param rate requests per second of the open-loop load
 * @param writeFraction share of writes in the load
 * @param rows orders rows loaded into the writer
 * @param steady load before the injection
 * @param after load after the injection
 * @param detect unplanned failover: how long the writer is a black hole before B is promoted and the endpoint moves
 * @param reboot unplanned failover: when (after the injection) the old writer reboots, cutting the connections
 *     still hanging on it
 * @param flapEvery stale writer: seconds between endpoint flips while it flaps
 * @param flapFor stale writer: how long the endpoint flaps between the old and the new writer
 * @param stall stall drill: how long the writer's network is held, s
 * @param latencySteps latency drill: added round-trip latency of each step, ms
 * @param latencyStep latency drill: seconds each step is held
 * @param jitterMs latency drill: jitter, ms
 * @param rttMs the round trip added to every instance's proxy for the whole run, ms (whole: Toxiproxy's latency
 *     toxic); 0 for the stand-in's own (loopback)
 * @param requestTimeout client timeout per request
 * @param mysqlImage MySQL image or null
 * @param toxiproxyImage Toxiproxy image or null
 * @param out output directory
 */
public record DrillSettings(List<String> profiles, Path confDir, int repeats, double rate, double writeFraction,
        int rows, int steady, int after, int detect, int reboot, int flapEvery, int flapFor, int stall,
        List<Integer> latencySteps, int latencyStep, int jitterMs, int rttMs, int requestTimeout, String mysqlImage,
        String toxiproxyImage, Path out) {

    /**
     * Every number in range, before anything starts; each failure is one line naming the option.
     *
     * @throws TestbedException e.g. {@code --rate 0 is out of range: allowed above 0 .. 1000000 requests/s …}
     */
    public DrillSettings {
        RoundsOption.check(repeats);
        RateOption.check(rate);
        Cli.range("--write-fraction", writeFraction, 0, 1);
        DataSet.checkOrders(rows);
        Cli.range("--steady", steady, 1, 3_600);
        Cli.range("--after", after, 1, 3_600);
        Cli.range("--detect", detect, 1, 3_600);
        Cli.range("--reboot", reboot, detect, 3_600);
        Cli.range("--flap-every", flapEvery, 1, 3_600);
        Cli.range("--flap-for", flapFor, 1, 3_600);
        Cli.range("--stall", stall, 1, Fault.MAX_STALL_SECONDS);
        if (latencySteps.isEmpty()) {
            throw new TestbedException("--latency-steps is empty: give added latencies in ms, e.g. 0,1,5,20,50");
        }
        Cli.rangeEach("--latency-steps", latencySteps, 0, 60_000);
        Cli.range("--latency-step", latencyStep, 1, 3_600);
        Cli.range("--jitter", jitterMs, 0, 60_000);
        Cli.range("--rtt-ms", rttMs, 0, RttOption.MAX_MS);
        Cli.range("--request-timeout", requestTimeout, 1, 3_600);
        latencySteps = List.copyOf(latencySteps);
        profiles = List.copyOf(profiles);
    }

    /**
     * @param dir the run directory, once prepared
     * @return these settings with it
     */
    public DrillSettings withOut(Path dir) {
        return new DrillSettings(profiles, confDir, repeats, rate, writeFraction, rows, steady, after, detect, reboot,
                flapEvery, flapFor, stall, latencySteps, latencyStep, jitterMs, rttMs, requestTimeout, mysqlImage, toxiproxyImage,
                dir);
    }

    /**
     * @param seconds the stall drill's stall, s
     * @return these settings with it
     */
    public DrillSettings withStall(int seconds) {
        return new DrillSettings(profiles, confDir, repeats, rate, writeFraction, rows, steady, after, detect, reboot,
                flapEvery, flapFor, seconds, latencySteps, latencyStep, jitterMs, rttMs, requestTimeout, mysqlImage,
                toxiproxyImage, out);
    }
}
