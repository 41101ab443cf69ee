package io.poolbench.testbed.fault;

/**
 * Where a request's connection stood when the writer vanished without closing anything: which of the client's own
 * TCP timers ({@link TcpTimers}) ends its wait when no driver or pool setting does. A fault that silences the writer
 * puts some connections in each branch at once, so the longest wait is the longest branch.
 */
public enum TcpBranch {
    /**
     * The request's bytes never reached the writer (a query or validation sent after it vanished): Linux retransmits
     * them until {@code tcp_retries2} (HikariCP #514's fifteen minutes after an RDS failover).
     */
    UNACKNOWLEDGED("bytes unacknowledged", "Linux retransmits them until tcp_retries2"),
    /**
     * The writer acknowledged the query, then fell silent: the client reads with nothing in flight, so nothing is
     * retransmitted; only a keepalive probe ends the read, or nothing does without SO_KEEPALIVE (HikariCP #1289's
     * connections still blocked after almost two hours).
     */
    ACKNOWLEDGED("acknowledged, waiting", "nothing in flight: only a TCP keepalive probe ends the read"),
    /**
     * The old writer's address answers again (a rebooted instance): the next retransmission or keepalive probe meets
     * a reset and ends the wait at once (aws-mysql-jdbc #612's validation blocked until the old primary came back).
     */
    OLD_ADDRESS_BACK("old address back", "the next retransmission or probe meets a reset");

    private final String label;
    private final String why;

    TcpBranch(String label, String why) {
        this.label = label;
        this.why = why;
    }

    /** @return its name in a table, e.g. {@code bytes unacknowledged} */
    public String label() {
        return label;
    }

    /** @return what ends the wait in it, in words */
    public String why() {
        return why;
    }
}
