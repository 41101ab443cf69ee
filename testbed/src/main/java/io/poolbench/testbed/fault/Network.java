package io.poolbench.testbed.fault;

/**
 * What the operating system and the JVM add when a peer stops answering, and how long a DNS name keeps its old
 * address: the inputs of {@link FaultChain} that no pool or driver setting covers.
 *
 * @param queryGiveUpMs how long Linux keeps retransmitting unacknowledged data before it drops the connection, ms:
 *     924,600 with the default {@code net.ipv4.tcp_retries2} = 15 (the kernel's ip-sysctl documentation: "a
 *     hypothetical timeout of 924.6 seconds")
 * @param connectGiveUpMs how long Linux retries a connection attempt that gets no answer, ms: 127,000 with the
 *     default {@code net.ipv4.tcp_syn_retries} = 6 (1 + 2 + 4 + 8 + 16 + 32 + 64 s)
 * @param jvmDnsTtlMs how long the service's JVM caches a resolved name, ms: 30,000 by default without a security
 *     manager ({@code networkaddress.cache.ttl}, the JDK's {@code InetAddressCachePolicy}); -1 forever (the default
 *     with a security manager); given per check ({@code --jvm-dns-ttl-s}), since it is the service's JVM that counts
 * @param recordTtlMs the DNS record's own TTL, ms (Amazon Aurora's cluster endpoints: 5 s, Aurora User Guide)
 * @param promoteMs from an unplanned failure of the writer to a promoted writer, ms (set per run: {@code
 *     --promote-s})
 * @param queryGiveUpWhy what ends a query to a silent server when no setting does, in words
 * @param connectGiveUpWhy what ends a connection attempt to a silent server when no setting does, in words
 * @param cutMs when, after an unplanned failure, the old writer closes every connection still open to it (a reboot
 *     that comes back), ms; -1 when it never does (a writer that stays silent)
 * @param cutWhy that moment, in words
 */
public record Network(long queryGiveUpMs, long connectGiveUpMs, long jvmDnsTtlMs, long recordTtlMs, long promoteMs,
        String queryGiveUpWhy, String connectGiveUpWhy, long cutMs, String cutWhy) {
    /** Linux's default tcp_retries2 = 15, in ms. */
    public static final long LINUX_RETRIES2_MS = 924_600;
    /** Linux's default tcp_syn_retries = 6, in ms. */
    public static final long LINUX_SYN_RETRIES_MS = 127_000;
    /** The JVM's DNS cache without a security manager, ms. */
    public static final long JVM_DNS_TTL_MS = 30_000;

    /**
     * @param jvmDnsTtlMs the JVM's DNS cache TTL, ms; -1 forever
     * @param promoteMs the promotion time of an unplanned failover, ms
     * @return Linux's defaults with those two values and Aurora's 5-s record TTL
     */
    public static Network linux(long jvmDnsTtlMs, long promoteMs) {
        return new Network(LINUX_RETRIES2_MS, LINUX_SYN_RETRIES_MS, jvmDnsTtlMs, 5_000, promoteMs,
                "Linux drops the connection after tcp_retries2 = 15", "Linux gives up after tcp_syn_retries = 6", -1,
                "");
    }

    /** @return how long a name can still resolve to the old writer after the switch, ms; -1 forever */
    public long staleMs() {
        return jvmDnsTtlMs < 0 ? -1 : jvmDnsTtlMs + recordTtlMs;
    }
}
