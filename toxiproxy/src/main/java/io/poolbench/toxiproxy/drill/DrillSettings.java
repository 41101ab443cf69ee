package io.poolbench.toxiproxy.drill;

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
 * @param latencySteps latency drill: added round-trip latency of each step, ms
 * @param latencyStep latency drill: seconds each step is held
 * @param jitterMs latency drill: jitter, ms
 * @param requestTimeout client timeout per request
 * @param mysqlImage MySQL image or null
 * @param toxiproxyImage Toxiproxy image or null
 * @param out output directory
 */
public record DrillSettings(List<String> profiles, Path confDir, int repeats, double rate, double writeFraction,
        int rows, int steady, int after, int detect, int reboot, int flapEvery, int flapFor,
        List<Integer> latencySteps, int latencyStep, int jitterMs, int requestTimeout, String mysqlImage,
        String toxiproxyImage, Path out) {
}
