package io.poolbench.testbed.fault;

/**
 * What the operating system and the JVM add when a peer stops answering, and how long a DNS name keeps its old
 * address: the inputs of {@link FaultChain} that no pool or driver setting covers.
 *
 * @param tcp the client's own TCP timers: retransmissions, keepalive, connection attempts ({@link TcpTimers};
 *     Linux's defaults unless given)
 * @param jvmDnsTtlMs how long the service's JVM caches a resolved name, ms: 30,000 by default without a security
 *     manager ({@code networkaddress.cache.ttl}, the JDK's {@code InetAddressCachePolicy}); -1 forever (the default
 *     with a security manager); given per check ({@code --jvm-dns-ttl-s}), since it is the service's JVM that counts
 * @param recordTtlMs the DNS record's own TTL, ms (Amazon Aurora's cluster endpoints: 5 s, Aurora User Guide)
 * @param promoteMs from an unplanned failure of the writer to a promoted writer, ms (set per run: {@code
 *     --promote-s})
 * @param cutMs when, after an unplanned failure, something closes every connection still open to the old writer at
 *     once, ms (the stand-in's proxy, whose old writer reboots); -1 when nothing does (production: the client's kernel
 *     decides)
 * @param cutWhy that moment, in words
 * @param backMs when, after an unplanned failure, the old writer's address answers again with resets (a rebooted
 *     instance), ms: a connection learns it at its next retransmission or keepalive probe ({@link
 *     TcpBranch#OLD_ADDRESS_BACK}); -1 when not given
 */
public record Network(TcpTimers tcp, long jvmDnsTtlMs, long recordTtlMs, long promoteMs, long cutMs, String cutWhy,
        long backMs) {
    /** The JVM's DNS cache without a security manager, ms. */
    public static final long JVM_DNS_TTL_MS = 30_000;
    /** The endpoint record's DNS TTL, ms: Amazon Aurora's cluster endpoints (Aurora User Guide). */
    public static final long RECORD_TTL_MS = 5_000;

    /**
     * @param jvmDnsTtlMs the JVM's DNS cache TTL, ms; -1 forever
     * @param promoteMs the promotion time of an unplanned failover, ms
     * @return Linux's defaults with those two values and Aurora's 5-s record TTL
     */
    public static Network linux(long jvmDnsTtlMs, long promoteMs) {
        return new Network(TcpTimers.LINUX, jvmDnsTtlMs, RECORD_TTL_MS, promoteMs, -1, "", -1);
    }

    /**
     * @param timers the client's TCP timers
     * @return this network with them
     */
    public Network withTcp(TcpTimers timers) {
        return new Network(timers, jvmDnsTtlMs, recordTtlMs, promoteMs, cutMs, cutWhy, backMs);
    }

    /**
     * @param ms when the old writer's address answers again with resets, ms after it fell silent; -1 never
     * @return this network with it
     */
    public Network withBack(long ms) {
        return new Network(tcp, jvmDnsTtlMs, recordTtlMs, promoteMs, cutMs, cutWhy, ms);
    }

    /**
     * @param ms when something closes every connection to the old writer, ms after it fell silent
     * @param why that moment, in words
     * @return this network with it
     */
    public Network withCut(long ms, String why) {
        return new Network(tcp, jvmDnsTtlMs, recordTtlMs, promoteMs, ms, why, backMs);
    }

    /** @return how long a name can still resolve to the old writer after the switch, ms; -1 forever */
    public long staleMs() {
        return jvmDnsTtlMs < 0 ? -1 : jvmDnsTtlMs + recordTtlMs;
    }
}
