package io.poolbench.toxiproxy.tcp;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.options.RoundsOption;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.fault.TcpTimers;
import java.nio.file.Path;
import java.util.List;

/**
 * What a TCP-level fault measurement runs.
 *
 * @param profiles the context.xml files, one client each
 * @param faults the faults, in order
 * @param rounds rounds; each runs every profile once per fault, in an order that rotates from round to round
 * @param timers the client namespace's TCP timers (scaled, so that every branch ends within a run)
 * @param rebootAfterMs {@link FaultKind#REBOOT}: from the drop to the resets, ms
 * @param jvmDnsTtlMs {@link FaultKind#DNS_FLIP}: the client JVM's DNS cache ({@code networkaddress.cache.ttl}), ms
 * @param ratePerSecond the client's arrival rate, requests/s
 * @param steadyMs load before the drop, ms (after the client's first successful request)
 * @param mysqlImage the MySQL (or MariaDB) image, resolved
 * @param out the directory for the runs' files
 */
public record TcpFaultSettings(List<String> profiles, List<FaultKind> faults, int rounds, TcpTimers timers,
        long rebootAfterMs, long jvmDnsTtlMs, double ratePerSecond, long steadyMs, String mysqlImage, Path out) {
    /** The scaled timers a run uses unless told otherwise: tcp_retries2 5 (12.6 s), keepalive 10 s + 3 × 2 s. */
    public static final TcpTimers SCALED = TcpTimers.LINUX.withRetries2(5).withKeepalive(10, 2, 3);
    /** The longest a run waits after the drop, ms: a wait longer than this is counted as at least this long. */
    public static final long CAP_MS = 180_000;
    /** {@link FaultKind#DNS_FLIP}: from the drop to the promoted writer, ms. */
    public static final long PROMOTE_MS = 5_000;
    /**
     * {@link FaultKind#DNS_FLIP}: the record's TTL, ms, after the promotion before the name resolves to the promoted
     * writer (Amazon Aurora's cluster endpoints: 5 s, Aurora User Guide).
     */
    public static final long RECORD_TTL_MS = 5_000;

    /** Every value in range. */
    public TcpFaultSettings {
        if (profiles.isEmpty() || faults.isEmpty()) {
            throw new TestbedException("a TCP-level fault measurement needs a profile and a fault");
        }
        RoundsOption.check(rounds);
        Cli.range("the reboot's delay, ms", rebootAfterMs, 0, CAP_MS);
        Cli.range("the client JVM's DNS cache, ms", jvmDnsTtlMs, 0, CAP_MS);
        Cli.range("the TCP-level client's rate", ratePerSecond, 0.5, 200);
    }
}
