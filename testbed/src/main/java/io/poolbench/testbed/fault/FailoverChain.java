package io.poolbench.testbed.fault;

import io.poolbench.testbed.fault.Prediction.BranchWait;
import io.poolbench.testbed.fault.Prediction.Failure;
import io.poolbench.testbed.fault.Prediction.Term;
import io.poolbench.testbed.model.BorrowCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An unplanned failover in {@link FaultChain}: the writer silent, another promoted after {@link Network#promoteMs},
 * the name resolving to it once the old address leaves the DNS caches. A connection lent without a check runs its
 * query into the silent writer and waits the whole query bound (connection-lost); a validated borrow finds the
 * connection dead after the validation bound, tries the next, and gives up at the borrow timeout (pool-timeout); a new
 * connection to the old address waits the connect bound (connect-failed); a request in flight when the writer vanished
 * waits what its TCP branch gives ({@link TcpBranch}): the longest wait is the longest of them.
 */
final class FailoverChain {
    private final FaultChain c;

    /**
     * @param chain the pool's chain, whose bounds the failover meets
     */
    FailoverChain(FaultChain chain) {
        this.c = chain;
    }

    /**
     * @param f the unplanned failover
     * @return what it does to the pool's requests
     */
    Prediction predict(Fault f) {
        PoolTimeouts pool = c.pool();
        Network net = c.net();
        Term q = c.queryBound();
        Term v = c.validationBound();
        Term conn = c.connectBound();
        long switchMs = net.staleMs() < 0 ? -1 : net.promoteMs() + net.staleMs();
        List<Failure> fails = new ArrayList<>();
        BorrowCheck check = pool.check();
        boolean unchecked = !check.everyBorrow();
        String lent = check.everyBorrow() ? "none: every borrow validates" : check.idleOverMs() >= 0
                ? "connections used within " + Durations.text(check.idleOverMs()) + " before their borrow ("
                + pool.checkSetting() + ")" + lentUnder(check.idleOverMs()) : "every connection: no validation on borrow";
        if (unchecked) {
            fails.add(new Failure("connection-lost", "requests on a connection lent without a check, after "
                    + Durations.text(q.ms())));
        }
        Term borrow = c.borrow(switchMs, switchMs < 0 ? "no new connection reaches the new writer while the JVM caches"
                + " the old address forever" : "until the name resolves to the promoted writer: promotion "
                + Durations.text(net.promoteMs()) + " + DNS " + Durations.text(net.staleMs()));
        if (!pool.borrowUnbounded() && (switchMs < 0 || pool.borrowTimeoutMs() < switchMs)) {
            fails.add(new Failure("pool-timeout", "validated borrows that find no live connection within "
                    + Durations.text(pool.borrowTimeoutMs())));
        }
        fails.add(new Failure("connect-failed", "each new connection to the old address, after " + Durations.text(
                conn.ms()) + " (" + conn.setting() + ")"));
        // a validated borrow: the wait, then the validations
        List<Term> borrowChain = new ArrayList<>(List.of(borrow));
        long borrowMs;
        if (check.equals(BorrowCheck.NONE) || borrow.ms() < 0) {
            borrowMs = borrow.ms();
        } else if (pool.borrowCoversValidation() && borrow.ms() == pool.borrowTimeoutMs()) {
            // the borrow times out: dead connections validated while time is left, each to its own end
            borrowChain.set(0, c.validatedBorrow(v));
            borrowMs = c.after(0, borrowChain.get(0));
        } else {
            // a validation runs after the wait, in series (or, where the borrow timeout covers it, the one under way
            // when the new writer became reachable)
            borrowChain.add(v);
            borrowMs = c.after(borrow.ms(), v);
        }
        // a request on a connection lent without a check: its query
        boolean lentLonger = unchecked && (q.ms() < 0 || borrowMs >= 0 && q.ms() >= borrowMs);
        List<Term> chain = lentLonger ? List.of(new Term("borrow", 0, "a connection lent without a check"), q)
                : borrowChain;
        long longest = lentLonger ? q.ms() : borrowMs;
        // the pool serves again once the name resolves to the new writer and the dead connections are out and every
        // request the fault caught has ended: the longest wait, and a connection attempt begun just before the
        // switch, which still waits its connect bound
        long clear = unchecked && (check.idleOverMs() < 0 || lentAll(check.idleOverMs())) ? q.ms() : v.ms();
        long lastAttempt = c.newWriterReached().ms();
        long serves = switchMs < 0 || longest < 0 ? -1 : Math.max(Math.max(lastAttempt, clear), longest);
        String why = serves < 0 ? (switchMs < 0 ? "the JVM caches the old address forever (networkaddress.cache.ttl"
                + " -1)" : "a borrow waits without limit") : serves == longest ? "the longest wait the failover"
                + " causes ends" : serves == lastAttempt ? "the name resolves to the promoted writer ("
                + Durations.text(switchMs) + "), and a connection attempt begun just before still waits "
                + conn.text() : "the dead connections leave the pool only when their queries give up ("
                + q.setting() + ")";
        Term inFlight = c.queryBound(TcpBranch.ACKNOWLEDGED);
        List<BranchWait> branches = branches(unchecked, q, borrowMs, borrowChain, chain, longest, inFlight);
        if (inFlight.ms() < 0 || longest >= 0 && inFlight.ms() > longest) {
            fails.add(0, new Failure("connection-lost", "requests whose query the writer had acknowledged before it"
                    + " vanished, after " + Durations.text(inFlight.ms())));
            chain = List.of(new Term("borrow", 0, "a request in flight when the writer vanished"), inFlight);
            longest = inFlight.ms();
        }
        return new Prediction(f, longest, chain, fails, lent, serves, why, c.remedies().unplanned(q, v, conn,
                inFlight), branches);
    }

    /**
     * The same failover per TCP branch of the connection a request holds: the chain of {@link #predict} is a request
     * whose bytes went out after the writer fell silent; one whose query the writer had acknowledged waits on
     * keepalive; one on an address that comes back, for the reset.
     */
    private List<BranchWait> branches(boolean unchecked, Term q, long borrowMs, List<Term> borrowChain,
            List<Term> chain, long longest, Term inFlight) {
        Network net = c.net();
        List<BranchWait> branches = new ArrayList<>();
        branches.add(new BranchWait(TcpBranch.UNACKNOWLEDGED, longest, FaultChain.chainText(chain), unchecked
                ? "every request on a connection lent without a check hangs " + Durations.text(q.ms()) + "; under load"
                + " they take the whole pool, exhausted that long" : "borrows fail or wait up to " + Durations.text(
                longest) + "; no connection is lent to the silent writer", unchecked ? q.ms() : null, borrowMs,
                unchecked ? q.text() : null, FaultChain.chainText(borrowChain)));
        branches.add(new BranchWait(TcpBranch.ACKNOWLEDGED, inFlight.ms(), inFlight.text(), "each request in flight"
                + " when the writer vanished holds its connection " + (inFlight.ms() < 0 ? "until the service"
                + " restarts" : Durations.text(inFlight.ms())), inFlight.ms(), null, inFlight.text(), null));
        if (net.backMs() >= 0) {
            Term back = c.queryBound(TcpBranch.OLD_ADDRESS_BACK);
            long probe = c.driver().tcpKeepAlive() ? net.tcp().probeAtOrAfterMs(net.backMs()) : -1;
            branches.add(new BranchWait(TcpBranch.OLD_ADDRESS_BACK, back.ms(), back.text(), "a request whose bytes"
                    + " the writer never acknowledged fails at the reset, after " + Durations.text(back.ms()) + "; one"
                    + " it had acknowledged learns it only at its next keepalive probe, " + (probe < 0 ? "never"
                    + " without tcpKeepAlive" : Durations.text(Math.min(probe, inFlight.ms() < 0 ? probe
                    : inFlight.ms()))), back.ms(), null, back.text(), null));
        }
        return branches;
    }

    private boolean lentAll(long windowMs) {
        return c.load().ratePerSecond() > 0 && c.load().ratePerSecond() * (windowMs + c.load().holdMs()) / 1000.0
                >= c.pool().maxSize();
    }

    private String lentUnder(long windowMs) {
        if (c.load().ratePerSecond() <= 0) {
            return ": up to all " + c.pool().maxSize() + " under load";
        }
        long n = Math.min(c.pool().maxSize(), Math.round(c.load().ratePerSecond() * (windowMs + c.load().holdMs())
                / 1000.0));
        return ": about " + n + " of " + c.pool().maxSize() + " at " + String.format(Locale.ROOT, "%.0f",
                c.load().ratePerSecond()) + " requests/s";
    }
}
