package io.poolbench.toxiproxy.tcp;

import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.load.PoolErrors;
import java.util.List;

/**
 * How the TCP-level runner makes and counts each fault the writer's kernel makes ({@link FaultKind.StandIn#KERNEL}):
 * the drop in the writer's own namespace (iptables), with no userspace proxy between the client and the writer, so
 * that what ends a wait is the client's own kernel (retransmissions, keepalive, a reset), as in production. Each
 * fault measures one TCP branch ({@link FaultKind#branch}): the load it runs puts the connections in that state, and
 * it counts only the requests that were. The registration of a new kernel fault is its cases here.
 */
public final class KernelFaults {
    /** The faults the kernel makes, in order: {@code --tcp-faults all}. */
    public static final List<FaultKind> ALL = FaultKind.madeBy(FaultKind.StandIn.KERNEL);

    private KernelFaults() {
    }

    /**
     * @param f a fault of {@link #ALL}
     * @return the load's query length, ms: 200 for the silence after acknowledge, so that reads are in flight at the
     *     drop; 0 for a primary-key-like {@code SELECT 1}
     */
    public static int queryMs(FaultKind f) {
        return f == FaultKind.SILENT_AFTER_ACK ? 200 : 0;
    }

    /**
     * @param f a fault of {@link #ALL}
     * @return the waits it measures: a black hole's borrows too, a DNS flip's first request on the promoted writer
     *     only (its other waits are a black hole's), the others' queries
     */
    public static List<TcpWait> waits(FaultKind f) {
        return switch (f) {
            case BLACK_HOLE -> List.of(TcpWait.QUERY, TcpWait.BORROW);
            case DNS_FLIP -> List.of(TcpWait.NEW_WRITER);
            default -> List.of(TcpWait.QUERY);
        };
    }

    /**
     * @param f a fault of {@link #ALL}
     * @return which requests it counts, in words
     */
    public static String counts(FaultKind f) {
        return switch (f) {
            case SILENT_AFTER_ACK -> "the requests in flight at the drop";
            case REBOOT -> "requests begun after the drop that lost their connection";
            case CRASH -> "requests begun after the crash that lost their connection";
            default -> "every request begun after the drop";
        };
    }

    /**
     * @param f a fault of {@link #ALL}
     * @param s a request
     * @param dropMs when the drop was in place, epoch ms
     * @return whether the fault counts it: the black hole and the DNS flip every request begun after the drop, the
     *     silence after acknowledge those in flight at the drop, the reboot those begun after it that lost their
     *     connection (the ones whose bytes were retransmitted until the reset), the crash those begun after it that lost
     *     their connection (at the reset their first bytes met)
     */
    static boolean counts(FaultKind f, TcpFaultSample s, long dropMs) {
        return switch (f) {
            case SILENT_AFTER_ACK -> s.startMs() < dropMs && s.endMs() > dropMs;
            case REBOOT, CRASH -> s.startMs() >= dropMs && PoolErrors.CONNECTION_LOST.equals(s.outcome());
            default -> s.startMs() >= dropMs;
        };
    }

    /**
     * @param id an option's value
     * @return the fault
     * @throws io.poolbench.testbed.TestbedException one line naming the faults for anything else
     */
    public static FaultKind parse(String id) {
        return FaultKind.parse("--tcp-faults", id, ALL, true);
    }
}
