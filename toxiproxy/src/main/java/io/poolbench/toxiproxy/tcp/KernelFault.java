package io.poolbench.toxiproxy.tcp;

import io.poolbench.testbed.Labels;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.fault.TcpBranch;
import io.poolbench.testbed.load.PoolErrors;
import java.util.List;

/**
 * The writer vanishing at the TCP level, made in the kernel of the writer's own network namespace (iptables), with
 * no userspace proxy between the client and the writer: so that what ends a wait is the client's own kernel
 * (retransmissions, keepalive, a reset), as in production, not a proxy that acknowledges every byte and closes every
 * connection at its reboot. Each fault measures one {@link TcpBranch}: the load it runs puts the connections in that
 * state, and it counts only the requests that were.
 */
public enum KernelFault {
    /**
     * Every packet to and from the writer dropped, then requests arrive: their bytes (a query lent unchecked, a
     * validation) are never acknowledged, and Linux retransmits them until {@code tcp_retries2}; the borrows that
     * validate wait the pool's own bounds. Counts every request that began after the drop.
     */
    BLACK_HOLE(TcpBranch.UNACKNOWLEDGED, 0),
    /**
     * Every packet dropped while queries run on the writer: it had each query (acknowledged) and then nothing, so the
     * client reads with nothing in flight and only a keepalive probe (or the socketTimeout) ends the read. The load
     * runs queries of 200 ms so that requests are in flight at the drop. Counts the requests in flight
     * at the drop.
     */
    SILENT_AFTER_ACK(TcpBranch.ACKNOWLEDGED, 200),
    /**
     * A black hole whose address answers again with resets after a while (a rebooted instance: the drop replaced by
     * a TCP reset): the next retransmission meets the reset. Counts the requests that began after the drop and lost
     * their connection (connection-lost): the ones whose bytes were retransmitted until the reset.
     */
    REBOOT(TcpBranch.OLD_ADDRESS_BACK, 0),
    /**
     * A black hole, then the writer's name moves to a promoted writer: the client reaches the writer by a name it
     * resolves from a hosts file ({@code jdk.net.hosts.file}) behind the JVM's own cache ({@code
     * networkaddress.cache.ttl}), and the file is changed once the promotion and the record's TTL have passed, as a
     * resolver that cached the record for its whole TTL would. Measures when the first request is served by the
     * promoted writer. Counts every request begun after the drop.
     */
    DNS_FLIP(TcpBranch.UNACKNOWLEDGED, 0);

    /** The waits a fault measures apart, by how the request ended. */
    public enum Wait {
        /** A query on a connection to the vanished writer, ended by the driver or the kernel: connection-lost. */
        QUERY,
        /** A borrow that found only dead connections, validations included: pool-timeout, connect-failed. */
        BORROW,
        /** From the drop to the end of the first request served by the promoted writer. */
        NEW_WRITER;

        /** @return its name in a table */
        public String label() {
            return switch (this) {
                case QUERY -> "query (connection-lost)";
                case BORROW -> "borrow (pool-timeout, connect-failed)";
                case NEW_WRITER -> "first request the promoted writer serves, from the drop";
            };
        }
    }

    private final TcpBranch branch;
    private final int queryMs;

    KernelFault(TcpBranch branch, int queryMs) {
        this.branch = branch;
        this.queryMs = queryMs;
    }

    /** @return the branch it measures */
    public TcpBranch branch() {
        return branch;
    }

    /** @return the load's query length, ms; 0 for a primary-key-like {@code SELECT 1} */
    public int queryMs() {
        return queryMs;
    }

    /** @return its name on the command line and in files: {@code black-hole}, {@code silent-after-ack}, {@code reboot} */
    public String id() {
        return Labels.of(this);
    }

    /** @return its name in a table, e.g. {@code silent after acknowledge} */
    public String label() {
        return switch (this) {
            case BLACK_HOLE -> "black hole";
            case SILENT_AFTER_ACK -> "silent after acknowledge";
            case REBOOT -> "reboot";
            case DNS_FLIP -> "DNS flip";
        };
    }

    /**
     * @return the waits it measures: a black hole's borrows too, a DNS flip's first request on the promoted writer
     *     only (its other waits are a black hole's), the others' queries
     */
    public List<Wait> waits() {
        return switch (this) {
            case BLACK_HOLE -> List.of(Wait.QUERY, Wait.BORROW);
            case DNS_FLIP -> List.of(Wait.NEW_WRITER);
            default -> List.of(Wait.QUERY);
        };
    }

    /** @return which requests it counts, in words */
    public String counts() {
        return switch (this) {
            case BLACK_HOLE, DNS_FLIP -> "every request begun after the drop";
            case SILENT_AFTER_ACK -> "the requests in flight at the drop";
            case REBOOT -> "requests begun after the drop that lost their connection";
        };
    }

    /**
     * @param s a request
     * @param dropMs when the drop was in place, epoch ms
     * @return whether this fault counts it
     */
    boolean counts(TcpFaultSample s, long dropMs) {
        return switch (this) {
            case BLACK_HOLE, DNS_FLIP -> s.startMs() >= dropMs;
            case SILENT_AFTER_ACK -> s.startMs() < dropMs && s.endMs() > dropMs;
            case REBOOT -> s.startMs() >= dropMs && PoolErrors.CONNECTION_LOST.equals(s.outcome());
        };
    }

    /**
     * @param id an option's value
     * @return the fault
     * @throws TestbedException one line naming the faults for anything else
     */
    public static KernelFault parse(String id) {
        return Labels.parse(KernelFault.class, id).orElseThrow(() -> new TestbedException("--tcp-faults " + id
                + " is not a TCP-level fault: give black-hole, silent-after-ack, reboot or dns-flip"));
    }
}
