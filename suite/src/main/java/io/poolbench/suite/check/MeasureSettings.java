package io.poolbench.suite.check;

import io.poolbench.testbed.db.MySqlDatabase;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.fault.TcpTimers;
import io.poolbench.toxiproxy.Failovers;
import io.poolbench.toxiproxy.drill.DrillSettings;
import io.poolbench.toxiproxy.tcp.KernelFaults;
import io.poolbench.toxiproxy.tcp.TcpFaultSettings;
import io.poolbench.toxiproxy.tcp.TcpWait;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code check --measure} runs on the stand-in cluster (MariaDB writer and replica behind Toxiproxy, the webapp
 * with the user's pool, an open-loop load): every stall and an unplanned failover, per configuration, in rounds.
 *
 * @param profiles the context.xml files
 * @param rounds rounds; each runs every configuration once per fault, in an order that rotates
 * @param ratePerSecond the open-loop load's arrival rate, requests/s
 * @param rttMs the round trip the stand-in adds to every instance's proxy ({@code --rtt-ms}, rounded to whole ms:
 *     Toxiproxy's latency toxic), ms
 * @param stallSeconds the stalls, s
 * @param promoteSeconds unplanned failover: from the writer's silence to the replica's promotion, s
 * @param mysqlImage the MySQL image, or null for the default
 * @param toxiproxyImage the Toxiproxy image, or null for the default
 * @param out the run directory
 * @param tcpFaults the faults at the TCP level to run after the stand-in's ({@code --tcp-faults}), empty for none
 * @param tcpTimers the client namespace's TCP timers for those ({@code --measure-tcp-*})
 * @param tcpOnly true to run only the TCP-level faults, not the stand-in's stalls and failovers ({@code --tcp-only})
 * @param failovers the stand-in's failovers, in order ({@code --failovers})
 */
public record MeasureSettings(List<String> profiles, int rounds, double ratePerSecond, int rttMs, List<Integer> stallSeconds,
        int promoteSeconds, String mysqlImage, String toxiproxyImage, Path out, List<FaultKind> tcpFaults,
        TcpTimers tcpTimers, boolean tcpOnly, List<FaultKind> failovers) {
    /** The TCP-level faults' directory and phase prefix. */
    static final String TCP = "tcp";
    /** {@link FaultKind#REBOOT}: from the drop to the old address's resets, ms. */
    static final long TCP_REBOOT_AFTER_MS = 5_000;
    /** {@link FaultKind#DNS_FLIP}: the client JVM's DNS cache, ms (a third of the JVM's default 30 s). */
    static final long TCP_JVM_DNS_TTL_MS = 10_000;

    /**
     * @return the TCP-level faults' settings: the same profiles, rounds and image, the timers given, 20 requests/s
     */
    TcpFaultSettings tcp() {
        return new TcpFaultSettings(profiles, tcpFaults, rounds, tcpTimers, TCP_REBOOT_AFTER_MS, TCP_JVM_DNS_TTL_MS, 20,
                3_000, MySqlDatabase.resolveImage(mysqlImage), out.resolve(TCP));
    }

    /** The stale endpoint: how long the name flaps between the old writer and the new, s (the drills' default). */
    static final int FLAP_FOR_SECONDS = Failovers.FLAP_FOR_SECONDS;
    /** Load before each fault, s. */
    static final int STEADY_SECONDS = 5;
    /** Load after each fault, s. */
    static final int AFTER_SECONDS = 10;
    /**
     * From the writer's silence to its reboot, which cuts the connections still hanging on it: the promotion plus
     * this, s. Without it a query without socketTimeout would hang until the client's kernel ends it; the stand-in's bound is said
     * beside every prediction it changes.
     */
    static final int REBOOT_AFTER_PROMOTION_SECONDS = 15;
    /** The load generator's own timeout per request, s: longer than any wait the faults are predicted to cause here. */
    static final int REQUEST_TIMEOUT_SECONDS = 180;

    /** @return when the old writer reboots, s after it fell silent */
    int rebootSeconds() {
        return promoteSeconds + REBOOT_AFTER_PROMOTION_SECONDS;
    }

    /**
     * @param stall the stall of the drill, s (any value for the failover)
     * @param dir where that drill's runs go
     * @return the drills' settings for one fault
     */
    DrillSettings drills(int stall, Path dir) {
        return new DrillSettings(profiles, null, rounds, ratePerSecond, 0.25, 2_000, STEADY_SECONDS, AFTER_SECONDS,
                promoteSeconds, rebootSeconds(), Failovers.FLAP_EVERY_SECONDS, FLAP_FOR_SECONDS, stall, List.of(0), 1, 0, rttMs,
                REQUEST_TIMEOUT_SECONDS, mysqlImage,
                toxiproxyImage, dir);
    }
}
