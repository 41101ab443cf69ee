package io.poolbench.suite.check;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.fault.TcpTimers;
import io.poolbench.toxiproxy.tcp.KernelFaults;
import io.poolbench.toxiproxy.tcp.TcpWait;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code check}'s options of the client's TCP timers: the service host's, for the predictions, and the TCP-level
 * faults {@code --measure} runs with the client namespace's own.
 */
public final class TcpOptions {
    @Option(names = "--tcp-retries2", defaultValue = "15", paramLabel = "N", description = "The service host's"
            + " net.ipv4.tcp_retries2, 1 to 15 (default ${DEFAULT-VALUE}, Linux's: unacknowledged bytes are given up"
            + " after 924.6 s).")
    int tcpRetries2;

    @Option(names = "--tcp-keepalive", split = ",", defaultValue = "7200,75,9", paramLabel = "TIME,INTVL,PROBES",
            hideParamSyntax = true, description = "The service host's net.ipv4.tcp_keepalive_time (s),"
            + " tcp_keepalive_intvl (s) and tcp_keepalive_probes (default ${DEFAULT-VALUE}, Linux's: a read the"
            + " writer acknowledged before it vanished ends after 2.2 h, where the driver sets SO_KEEPALIVE).")
    List<Integer> tcpKeepalive;

    @Option(names = "--old-writer-back-s", paramLabel = "S", description = "At an unplanned failover, when the old"
            + " writer's address answers again (a rebooted instance), seconds after it fell silent: adds the branch"
            + " where the next retransmission or keepalive probe meets a reset.")
    Long oldWriterBackSeconds;

    @Option(names = "--tcp-faults", split = ",", paramLabel = "FAULT", description = "--measure: then the writer"
            + " vanishing at the TCP level, no proxy in between, the client's own kernel ending the waits at scaled"
            + " timers (tcp_retries2 5, keepalive 10 s + 3 × 2 s): black-hole, silent-after-ack, reboot, crash (every"
            + " connection reset, every new one refused), dns-flip (a second writer promoted, the name moved behind the"
            + " record's TTL and a JVM DNS cache of 10 s), or all. Needs Linux, root, nsenter, iptables and ss.")
    List<String> tcpFaults = new ArrayList<>();

    @Option(names = "--tcp-only", description = "--tcp-faults: run only those, not the stand-in's stalls and"
            + " unplanned failover.")
    boolean tcpOnly;

    @Option(names = "--measure-tcp-retries2", defaultValue = "5", paramLabel = "N", description = "--tcp-faults: the"
            + " client namespace's tcp_retries2, 1 to 15 (default ${DEFAULT-VALUE}: 12.6 s, so that a run reaches it).")
    int measureRetries2;

    @Option(names = "--measure-tcp-keepalive", split = ",", defaultValue = "10,2,3", paramLabel = "TIME,INTVL,PROBES",
            hideParamSyntax = true, description = "--tcp-faults: the client namespace's keepalive (default"
            + " ${DEFAULT-VALUE}: 16 s). Longer timers reach longer driver bounds (the AWS wrapper's host"
            + " monitoring), up to the run's cap of 3 min.")
    List<Integer> measureKeepalive;

    /** @return when the old writer's address answers again, ms after it fell silent; -1 when not given */
    long oldWriterBackMs() {
        return oldWriterBackSeconds == null ? -1 : oldWriterBackSeconds * 1000L;
    }

    /** Every value in range, one line naming the option otherwise. */
    void check() {
        hostTimers();
        measureTimers();
        if (oldWriterBackSeconds != null) {
            Cli.range("--old-writer-back-s", oldWriterBackSeconds, 0, 86_400);
        }
    }

    /**
     * @param measure whether {@code --measure} was given
     * @return the faults of {@code --tcp-faults}, in the order given ({@code all}: every one)
     * @throws TestbedException one line for a fault that is none, or for these options without {@code --measure}
     */
    List<FaultKind> kernelFaults(boolean measure) {
        if (!tcpFaults.isEmpty() && !measure) {
            throw new TestbedException("--tcp-faults measures: give --measure too");
        }
        if (tcpOnly && tcpFaults.isEmpty()) {
            throw new TestbedException("--tcp-only runs the TCP-level faults alone: give --tcp-faults too");
        }
        if (tcpFaults.size() == 1 && tcpFaults.get(0).trim().equalsIgnoreCase("all")) {
            return KernelFaults.ALL;
        }
        return tcpFaults.stream().map(KernelFaults::parse).distinct().toList();
    }

    /** @return the service host's TCP timers from {@code --tcp-retries2} and {@code --tcp-keepalive} */
    TcpTimers hostTimers() {
        return timers("--tcp", tcpRetries2, tcpKeepalive);
    }

    /** @return the client namespace's TCP timers for {@code --tcp-faults} */
    TcpTimers measureTimers() {
        return timers("--measure-tcp", measureRetries2, measureKeepalive);
    }

    private static TcpTimers timers(String prefix, int retries2, List<Integer> keepalive) {
        if (keepalive.size() != 3) {
            throw new TestbedException(prefix + "-keepalive " + String.join(",", keepalive.stream()
                    .map(String::valueOf).toList()) + ": give three numbers, TIME,INTVL,PROBES (Linux's:"
                    + " 7200,75,9)");
        }
        try {
            return TcpTimers.LINUX.withRetries2(retries2).withKeepalive(keepalive.get(0), keepalive.get(1),
                    keepalive.get(2));
        } catch (TestbedException e) {
            throw new TestbedException(prefix + "-retries2 / " + prefix + "-keepalive: " + e.getMessage());
        }
    }
}
