package io.poolbench.testbed.fault;

import io.poolbench.testbed.TestbedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The client's own TCP timers: what ends a wait on a connection to a peer that vanished when no driver or pool
 * setting does. They are the client's kernel's, per network namespace ({@code sysctl net.ipv4.*}); poolbench predicts
 * with Linux's defaults unless told otherwise, and measures at scaled values set in the client's own namespace.
 *
 * <p>The three ends, from the kernel's {@code net/ipv4/tcp_timer.c}:
 * <ul>
 * <li><b>retransmission</b> (bytes sent, not acknowledged): the retransmission timer starts at the RTO, at least
 * {@value #RTO_MIN_MS} ms ({@code TCP_RTO_MIN}), and doubles up to {@value #RTO_MAX_MS} ms ({@code TCP_RTO_MAX}); the
 * connection is dropped at the first timeout once the time since the bytes were first sent reaches {@code tcp_model_timeout(tcp_retries2,
 * TCP_RTO_MIN)}: {@code (2^(n+1) − 1) × 200 ms} while the doubling stays below the cap (n ≤ 9), then 120 s per
 * further retry. Default {@code tcp_retries2} = 15: 924.6 s, "a hypothetical timeout of 924.6 seconds" (the kernel's
 * ip-sysctl documentation).</li>
 * <li><b>keepalive</b> (a read with nothing in flight: the peer acknowledged the query, then fell silent): nothing is
 * retransmitted, so only a keepalive probe can find the peer gone: after {@code tcp_keepalive_time} idle, {@code
 * tcp_keepalive_probes} probes {@code tcp_keepalive_intvl} apart; defaults 7200 s, 9, 75 s: 2 h 11 min 15 s. Only on
 * a socket with {@code SO_KEEPALIVE} (Connector/J's {@code tcpKeepAlive}, default true; pgjdbc's {@code
 * tcpKeepAlive}, default false); without it, forever.</li>
 * <li><b>connect</b> (a SYN that gets no answer): the same model from a 1-s initial RTO ({@code TCP_TIMEOUT_INIT});
 * default {@code tcp_syn_retries} = 6: 127 s.</li>
 * </ul>
 *
 * @param retries2 {@code net.ipv4.tcp_retries2}, 1 to 15
 * @param keepaliveTimeS {@code net.ipv4.tcp_keepalive_time}, s, 1 to 32767 (the kernel's {@code MAX_TCP_KEEPIDLE})
 * @param keepaliveIntvlS {@code net.ipv4.tcp_keepalive_intvl}, s, 1 to 32767
 * @param keepaliveProbes {@code net.ipv4.tcp_keepalive_probes}, 1 to 127
 * @param synRetries {@code net.ipv4.tcp_syn_retries}, 1 to 127
 */
public record TcpTimers(int retries2, int keepaliveTimeS, int keepaliveIntvlS, int keepaliveProbes, int synRetries) {
    /** {@code TCP_RTO_MIN}: the smallest retransmission timeout, ms. */
    public static final long RTO_MIN_MS = 200;
    /** {@code TCP_RTO_MAX}: the largest retransmission timeout, ms. */
    public static final long RTO_MAX_MS = 120_000;
    /** {@code TCP_TIMEOUT_INIT}: the first SYN's retransmission timeout, ms. */
    public static final long SYN_RTO_MS = 1_000;
    /** Linux's defaults: tcp_retries2 15, keepalive 7200 s + 9 × 75 s, tcp_syn_retries 6. */
    public static final TcpTimers LINUX = new TcpTimers(15, 7200, 75, 9, 6);

    /** Every value in the kernel's own range. */
    public TcpTimers {
        check("tcp_retries2", retries2, 1, 15);
        check("tcp_keepalive_time", keepaliveTimeS, 1, 32_767);
        check("tcp_keepalive_intvl", keepaliveIntvlS, 1, 32_767);
        check("tcp_keepalive_probes", keepaliveProbes, 1, 127);
        check("tcp_syn_retries", synRetries, 1, 127);
    }

    private static void check(String name, int v, int min, int max) {
        if (v < min || v > max) {
            throw new TestbedException(name + " " + v + " is out of range: give " + min + " to " + max);
        }
    }

    /**
     * @param retries2 {@code tcp_retries2}
     * @return these timers with it
     */
    public TcpTimers withRetries2(int retries2) {
        return new TcpTimers(retries2, keepaliveTimeS, keepaliveIntvlS, keepaliveProbes, synRetries);
    }

    /**
     * @param timeS {@code tcp_keepalive_time}, s
     * @param intvlS {@code tcp_keepalive_intvl}, s
     * @param probes {@code tcp_keepalive_probes}
     * @return these timers with them
     */
    public TcpTimers withKeepalive(int timeS, int intvlS, int probes) {
        return new TcpTimers(retries2, timeS, intvlS, probes, synRetries);
    }

    /**
     * The kernel's {@code tcp_model_timeout}: how long after the first timeout a connection is given up.
     *
     * @param boundary the retry limit
     * @param rtoBaseMs the first timeout, ms
     * @return ms
     */
    static long modelTimeoutMs(int boundary, long rtoBaseMs) {
        int thresh = 31 - Integer.numberOfLeadingZeros((int) (RTO_MAX_MS / rtoBaseMs));
        return boundary <= thresh ? ((2L << boundary) - 1) * rtoBaseMs
                : ((2L << thresh) - 1) * rtoBaseMs + (boundary - thresh) * RTO_MAX_MS;
    }

    /** @return how long unacknowledged bytes are retransmitted before the connection is dropped, ms */
    public long retransmitGiveUpMs() {
        return modelTimeoutMs(retries2, RTO_MIN_MS);
    }

    /** @return how long an unanswered connection attempt lasts, ms */
    public long synGiveUpMs() {
        return modelTimeoutMs(synRetries, SYN_RTO_MS);
    }

    /** @return how long an idle connection to a silent peer lives with SO_KEEPALIVE, ms */
    public long keepaliveGiveUpMs() {
        return (keepaliveTimeS + (long) keepaliveIntvlS * keepaliveProbes) * 1000L;
    }

    /**
     * @return the moments unacknowledged bytes are sent again, ms after they were first sent, at an RTO of {@value
     *     #RTO_MIN_MS} ms (a LAN's; a longer round trip only makes each later), the last being the give-up
     */
    public List<Long> retransmitsMs() {
        List<Long> out = new ArrayList<>();
        long giveUp = retransmitGiveUpMs();
        long t = 0;
        long rto = RTO_MIN_MS;
        while (t < giveUp) {
            t += rto;
            out.add(t);
            rto = Math.min(2 * rto, RTO_MAX_MS);
        }
        return out;
    }

    /**
     * Where the old address answers again with resets (a rebooted instance), a connection learns it at the next
     * packet it sends there.
     *
     * @param backMs when the address answers again, ms after the peer fell silent
     * @return when unacknowledged bytes meet the reset: the first retransmission at or after {@code backMs}, ms;
     *     the give-up when that comes first
     */
    public long retransmitAtOrAfterMs(long backMs) {
        if (backMs <= 0) {
            return 0; // resets from the start: the first transmission meets one
        }
        return retransmitsMs().stream().filter(t -> t >= backMs).findFirst().orElse(retransmitGiveUpMs());
    }

    /**
     * @param backMs when the address answers again, ms after the peer fell silent (and after the last data)
     * @return when a keepalive probe meets the reset: the first probe at or after {@code backMs}, ms; the give-up
     *     when that comes first
     */
    public long probeAtOrAfterMs(long backMs) {
        long first = keepaliveTimeS * 1000L;
        if (backMs <= first) {
            return first;
        }
        long k = (backMs - first + keepaliveIntvlS * 1000L - 1) / (keepaliveIntvlS * 1000L);
        return Math.min(first + k * keepaliveIntvlS * 1000L, keepaliveGiveUpMs());
    }

    /** @return e.g. {@code tcp_retries2 15 (924.6 s), keepalive 7200 s + 9 × 75 s, tcp_syn_retries 6 (127 s)} */
    public String text() {
        return String.format(Locale.ROOT, "tcp_retries2 %d (%s), keepalive %d s + %d × %d s (%s), tcp_syn_retries %d"
                + " (%s)", retries2, Durations.text(retransmitGiveUpMs()), keepaliveTimeS, keepaliveProbes,
                keepaliveIntvlS, Durations.text(keepaliveGiveUpMs()), synRetries, Durations.text(synGiveUpMs()));
    }

    /** @return true when these are Linux's defaults */
    public boolean isLinuxDefault() {
        return equals(LINUX);
    }
}
