package io.poolbench.testbed.fault;

import io.poolbench.testbed.fault.Prediction.Failure;
import io.poolbench.testbed.fault.Prediction.Term;
import java.util.ArrayList;
import java.util.List;

/**
 * Predicts from settings alone what a fault of the writer does to a pool's requests: timeouts in series.
 *
 * <p>A request meets, in order, the borrow (it waits for a free connection up to the pool's borrow timeout), the
 * validation the pool runs on borrow (up to its validation timeout, else as long as a query), and its query (up to the
 * driver's socketTimeout, the AWS wrapper's host monitoring, or, with neither, until Linux drops the connection after
 * tcp_retries2: 15.4 min). A fault holds each of those for as long as the setting that bounds it lets it:
 * <ul>
 * <li><b>stall of S</b> ({@link StallChain}; the writer's packets held, then delivered; connections survive): a query in flight waits
 * S unless a shorter socketTimeout ends it (connection-lost); a borrower queues behind the stalled connections and,
 * after the stall, behind the backlog that built up during it, which drains in S·ρ/(1−ρ) at a busy share ρ of the
 * pool (an M/D/c backlog's drain at the pool's spare capacity), unless the borrow timeout ends it first
 * (pool-timeout).</li>
 * <li><b>unplanned failover</b> ({@link FailoverChain}; the writer silent, another promoted after {@link Network#promoteMs}, the name
 * resolving to it once the old address leaves the DNS caches): a connection lent without a check runs its query into
 * the silent writer and waits the whole query bound (connection-lost); a validated borrow finds the connection dead
 * after the validation bound, tries the next, and gives up at the borrow timeout (pool-timeout); a new connection to
 * the old address waits the connect bound (connect-failed).</li>
 * <li><b>planned failover</b>: the old writer closes its connections, so nothing hangs; but connections the pool
 * opens while the name still resolves to the old writer land on it as a reader, and writes on them fail (read-only)
 * until the pool retires them at its maximum lifetime.</li>
 * <li><b>stale endpoint</b>: the same read-only window, from connections opened during the DNS caches' stale
 * window.</li>
 * </ul>
 * The inputs come from the built pool ({@link PoolTimeouts}), the driver's parser ({@link DriverTimeouts}), Linux's and
 * the JVM's defaults ({@link Network}) and the user's load ({@link Load}); nothing is fitted to a measurement.
 *
 * @param pool the pool's timeouts, read back from the built pool
 * @param driver the driver's timeouts, read from the URL by the driver
 * @param net the operating system's and DNS's part
 * @param load the user's load, {@link Load#NONE} when not given
 */
public record FaultChain(PoolTimeouts pool, DriverTimeouts driver, Network net, Load load) {
    /**
     * @param f a fault
     * @return what it does to this pool's requests
     */
    public Prediction predict(Fault f) {
        return switch (f.kind()) {
            case STALL -> new StallChain(this).predict(f);
            case UNPLANNED_FAILOVER, BLACK_HOLE, SILENT_AFTER_ACK, REBOOT, CRASH, DNS_FLIP ->
                    new FailoverChain(this).predict(f);
            case PLANNED_FAILOVER, STALE_ENDPOINT -> stale(f);
            case LATENCY -> throw new IllegalArgumentException("latency steps have no chain of timeouts: the drills"
                    + " measure them");
        };
    }

    Remedies remedies() {
        return new Remedies(pool, driver, net, load);
    }

    /** @return how long a query sent after the writer fell silent can wait, and what decides it */
    Term queryBound() {
        return queryBound(TcpBranch.UNACKNOWLEDGED);
    }

    /**
     * @param branch where the query's connection stood when the writer vanished
     * @return how long the query can wait, and what decides it: the driver's socketTimeout or the AWS wrapper's host
     *     monitoring where they come first, else the client's own TCP timers in that branch
     */
    Term queryBound(TcpBranch branch) {
        long socket = driver.socketTimeoutMs() > 0 ? driver.socketTimeoutMs() : Long.MAX_VALUE;
        HostMonitoring m = driver.monitoring();
        long window = monitoringLendWindowMs();
        long efm = m == null ? Long.MAX_VALUE : window >= 0 ? m.abortUnderLoadMs(window) : m.abortMs();
        Term kernel = silent(branch);
        long kernelMs = kernel.ms() < 0 ? Long.MAX_VALUE : kernel.ms();
        Term t;
        if (kernelMs <= socket && kernelMs <= efm) {
            t = new Term("query", kernel.ms(), (socket == Long.MAX_VALUE ? "no socketTimeout: " : "before socketTimeout "
                    + Durations.text(socket) + ": ") + kernel.setting());
        } else {
            t = socket <= efm ? new Term("query", socket, "socketTimeout " + Durations.text(socket))
                    : new Term("query", efm, "the AWS wrapper's host monitoring aborts it: " + m.text(window));
        }
        return cut(t);
    }

    /**
     * @return for the AWS wrapper's host monitoring: -1 without a load of at least one request a second (a lone call:
     *     the monitor idle until it comes due); under load, how long after the host went silent calls still begin on
     *     it, ms: {@link #idleTakenMs} (no new connection opens to the silent host) ({@link HostMonitoring})
     */
    private long monitoringLendWindowMs() {
        return load.ratePerSecond() < 1 ? -1 : Math.round(idleTakenMs());
    }

    /**
     * @return how long the load takes to borrow every connection the pool keeps idle, one by one at its rate, ms;
     *     infinite without a load
     */
    private double idleTakenMs() {
        return load.ratePerSecond() <= 0 ? Double.POSITIVE_INFINITY : pool.idleSize() * 1000.0 / load.ratePerSecond();
    }

    /**
     * @param branch where a connection stood when the writer vanished
     * @return what the client's own kernel makes of a wait on it when nothing else ends it ({@link TcpTimers}), ms
     *     after the writer fell silent; -1 never
     */
    Term silent(TcpBranch branch) {
        TcpTimers tcp = net.tcp();
        String keepalive = "keepalive " + tcp.keepaliveTimeS() + " s + " + tcp.keepaliveProbes() + " × "
                + tcp.keepaliveIntvlS() + " s";
        return switch (branch) {
            case UNACKNOWLEDGED -> new Term("retransmissions", tcp.retransmitGiveUpMs(), "bytes unacknowledged: Linux"
                    + " drops the connection after tcp_retries2 = " + tcp.retries2() + ", "
                    + Durations.text(tcp.retransmitGiveUpMs()));
            case ACKNOWLEDGED -> driver.tcpKeepAlive() ? new Term("keepalive", tcp.keepaliveGiveUpMs(), "acknowledged,"
                    + " nothing in flight: TCP " + keepalive + ", " + Durations.text(tcp.keepaliveGiveUpMs()))
                    : new Term("keepalive", -1, "acknowledged, nothing in flight and no tcpKeepAlive on the driver's"
                    + " socket: nothing ends the read");
            case OLD_ADDRESS_BACK -> new Term("reset", tcp.retransmitAtOrAfterMs(net.backMs()), "bytes"
                    + " unacknowledged, old address back at " + Durations.text(net.backMs()) + ": the next"
                    + " retransmission meets a reset, " + Durations.text(tcp.retransmitAtOrAfterMs(net.backMs())));
        };
    }

    /**
     * @param startMs when a wait begins, ms after the fault
     * @param t the wait
     * @return when it ends, ms after the fault: a wait that the old writer's closing ends, ends at that moment
     *     whenever it began; any other lasts its own length
     */
    long after(long startMs, Term t) {
        boolean cutEndsIt = net.cutMs() >= 0 && t.ms() == net.cutMs();
        if (t.ms() < 0 || startMs < 0) {
            return -1;
        }
        return cutEndsIt ? Math.max(startMs, t.ms()) : startMs + t.ms();
    }

    /** A silent writer that closes its connections ends every wait on them then, whatever the settings say. */
    private Term cut(Term t) {
        return net.cutMs() >= 0 && (t.ms() < 0 || net.cutMs() < t.ms()) ? new Term(t.what(), net.cutMs(), net.cutWhy() + ", "
                + Durations.text(net.cutMs()) + " (before " + t.setting() + ")") : t;
    }

    /** @return how long a validation can wait, and what decides it */
    Term validationBound() {
        Term q = queryBound();
        if (pool.validationTimeoutMs() > 0 && pool.validationTimeoutMs() <= q.ms()) {
            return new Term("validation", pool.validationTimeoutMs(), "validation timeout "
                    + Durations.text(pool.validationTimeoutMs()));
        }
        return new Term("validation", q.ms(), (pool.validationTimeoutMs() > 0 ? "" : "no validation timeout on the"
                + " socket (one needs " + pool.boundedValidationSetting() + "): ") + q.setting());
    }

    /** @return how long opening a connection to a silent address can wait, and what decides it */
    Term connectBound() {
        long connect = driver.connectTimeoutMs();
        long login = pool.loginTimeoutMs();
        if (login > 0 && (connect <= 0 || login < connect) && login < net.tcp().synGiveUpMs()) {
            return cut(new Term("connect", login, "loginTimeout " + Durations.text(login) + " (the pool sets"
                    + " DriverManager's from " + pool.borrowSetting() + "; the driver bounds a connect by it" + (connect
                    > 0 ? ", before connectTimeout " + Durations.text(connect) : ", without connectTimeout") + ")"));
        }
        return cut(connect > 0 ? new Term("connect", connect, "connectTimeout " + Durations.text(connect))
                : new Term("connect", net.tcp().synGiveUpMs(), "no connectTimeout: Linux gives up after"
                + " tcp_syn_retries = " + net.tcp().synRetries() + ", " + Durations.text(net.tcp().synGiveUpMs())));
    }

    /**
     * When the first new connection can reach the promoted writer after an unplanned failure: the name resolves to it
     * once the promotion is done and the old address has left the DNS caches (the record's TTL, then the JVM's {@code
     * networkaddress.cache.ttl}: {@link Network#staleMs}), and an attempt begun just before still waits its connect
     * bound. It is a bound, not a point: how much of the JVM's cache is left at the switch depends on when the JVM
     * last resolved the name, which no setting tells.
     *
     * @return the bound, ms after the failure (-1 while the JVM caches the old address forever), with its chain
     */
    public Term newWriterReached() {
        if (net.staleMs() < 0) {
            return new Term("new writer", -1, "the JVM caches the old address forever (networkaddress.cache.ttl -1)");
        }
        Term conn = connectBound();
        long switchMs = net.promoteMs() + net.staleMs();
        return new Term("new writer", after(switchMs, conn), "promotion " + Durations.text(net.promoteMs())
                + " + record TTL " + Durations.text(net.recordTtlMs()) + " + JVM cache " + Durations.text(
                net.jvmDnsTtlMs()) + " + an attempt begun just before: " + conn.setting());
    }

    Term borrow(long waitMs, String why) {
        boolean withinTimeout = pool.borrowUnbounded() || waitMs >= 0 && waitMs < pool.borrowTimeoutMs();
        return withinTimeout ? new Term("borrow", waitMs, why) : new Term("borrow", pool.borrowTimeoutMs(),
                pool.borrowSetting() + " " + Durations.text(pool.borrowTimeoutMs()));
    }

    static String chainText(List<Term> chain) {
        return String.join(" + ", chain.stream().map(Term::text).toList());
    }

    /**
     * A borrow whose timeout covers its validations, against connections that are all dead or stalled: HikariCP's
     * {@code HikariPool.getConnection(long)} takes an entry, runs {@code isConnectionAlive} under its validationTimeout,
     * and computes the time left only afterwards (HikariCP 7.0.2), so it validates while time is left, each validation
     * to its own end. Alone, a borrower validates the idle connections back to back: ⌈T / V⌉ × V for a borrow timeout
     * T and a validation bound V (5 s for connectionTimeout 3 s and the default validationTimeout 5 s). Under a load
     * whose arrivals during one validation outnumber the idle connections, the first borrowers take every one, each
     * validates one and then waits out the rest of T in an empty pool: the longer of T and V (measured at the TCP
     * level: 30.0 s for 30 s and 5 s, 10.0 s for 10 s and 9.8 s, at 20 requests/s and 10 connections).
     */
    Term validatedBorrow(Term v) {
        long t = pool.borrowTimeoutMs();
        if (v.ms() < 0) {
            return new Term("borrow", -1, "a validation nothing bounds: " + v.setting());
        }
        if (v.ms() >= idleTakenMs()) {
            return new Term("borrow", Math.max(t, v.ms()), "under load each borrower validates one dead connection ("
                    + v.setting() + ") and waits out " + pool.borrowSetting() + " " + Durations.text(t) + " in an"
                    + " empty pool: the longer of the two");
        }
        long each = Math.max(1, v.ms());
        return new Term("borrow", (t + each - 1) / each * each, "validations of dead connections back to back, each"
                + " up to " + v.setting() + ", until " + pool.borrowSetting() + " " + Durations.text(t) + " runs out: ⌈"
                + Durations.text(t) + " / " + Durations.text(v.ms()) + "⌉ × " + Durations.text(v.ms()) + " (the time"
                + " left is checked only after each)");
    }

    private Prediction stale(Fault f) {
        long stale = net.staleMs();
        long life = pool.maxLifetimeMs();
        List<Failure> fails = new ArrayList<>();
        if (f.kind() == FaultKind.PLANNED_FAILOVER) {
            fails.add(new Failure("connection-lost", "requests in flight and the first use of each closed connection,"
                    + " at once"));
        }
        if (stale == 0) {
            // the name moves at once: no connection is opened on the old writer, nothing is left to retire
            return new Prediction(f, 0, List.of(), fails, "none that hang", 0, "the name resolves to the new writer"
                    + " at once: no connection lands on the old one", remedies().stale(), List.of());
        }
        fails.add(new Failure("read-only", "writes on connections the pool opened while the name still resolved to"
                + " the old writer (for " + Durations.text(stale) + ": JVM cache " + Durations.text(net.jvmDnsTtlMs())
                + " + record TTL " + Durations.text(net.recordTtlMs()) + "), until " + pool.lifetimeSetting() + " ("
                + Durations.text(life) + ") retires them"));
        long serves = stale < 0 || life < 0 ? -1 : stale + life;
        return new Prediction(f, 0, List.of(), fails, f.kind() == FaultKind.PLANNED_FAILOVER
                ? "none that hang: closed connections fail at once" : "none that hang", serves,
                serves < 0 ? (life < 0 ? pool.lifetimeSetting() + " never retires a connection" : "the JVM caches the"
                        + " old address forever") : "the last connection opened in the stale window reaches "
                        + pool.lifetimeSetting(), remedies().stale(), List.of());
    }
}
