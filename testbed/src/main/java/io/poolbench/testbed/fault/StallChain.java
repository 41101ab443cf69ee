package io.poolbench.testbed.fault;

import io.poolbench.testbed.fault.Prediction.Failure;
import io.poolbench.testbed.fault.Prediction.Term;
import io.poolbench.testbed.model.BorrowCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A stall of S in {@link FaultChain}: the writer's packets held, then delivered; connections survive it. A query in
 * flight waits S unless a shorter socketTimeout ends it (connection-lost); a borrower queues behind the stalled
 * connections and, after the stall, behind the backlog that built up during it, which drains in S·ρ/(1−ρ) at a busy
 * share ρ of the pool (an M/D/c backlog's drain at the pool's spare capacity), unless the borrow timeout ends it first
 * (pool-timeout); a borrow that validates a stalled connection gives up after the validation bound and opens a new
 * connection, stalled too.
 */
final class StallChain {
    private final FaultChain chain;

    /**
     * @param chain the pool's chain, whose bounds the stall meets
     */
    StallChain(FaultChain chain) {
        this.chain = chain;
    }

    Prediction predict(Fault f) {
        long s = f.stallMs();
        double rho = chain.load().busy(chain.pool().maxSize());
        Term q = chain.queryBound();
        List<Failure> fails = new ArrayList<>();
        // a borrower waits out the stall, then the backlog the stall built
        long queueMs;
        String queueWhy;
        if (rho >= 1) {
            queueMs = -1;
            queueWhy = "the stall, then a backlog that never drains: the load keeps " + pct(rho) + " of the pool busy";
        } else {
            queueMs = Math.round(s / (1 - rho));
            queueWhy = rho == 0 ? "the stall; no load given, so no backlog counted" : "the stall " + Durations.text(s)
                    + ", then its backlog drains in " + Durations.text(queueMs - s) + " at " + pct(rho) + " busy";
        }
        Term borrow = chain.borrow(queueMs, queueWhy);
        String late = chain.pool().borrowUnbounded() ? null : lateArrivals(s, chain.pool().borrowTimeoutMs(), rho);
        if (late != null) {
            // first come, first served fails nobody when the first borrower waits no longer than the timeout
            fails.add(new Failure("pool-timeout", "borrowers still waiting after " + chain.pool().borrowSetting() + " "
                    + Durations.text(chain.pool().borrowTimeoutMs()) + ": " + late, rho < 1 && s <= chain.pool().borrowTimeoutMs()));
        }
        Term query = new Term("query", Math.min(s, q.ms()), q.ms() < s ? q.setting() : "the stall itself, "
                + Durations.text(s) + " (" + q.setting() + ")");
        if (q.ms() < s) {
            fails.add(new Failure("connection-lost", "every query in flight when the stall began, after "
                    + Durations.text(q.ms())));
        }
        // a borrow that validates a stalled connection: the validation gives up, the pool opens a new connection
        // (stalled too), and either may end the request before the stall does
        List<Term> checked = new ArrayList<>();
        long checkedMs = 0;
        if (!chain.pool().check().equals(BorrowCheck.NONE)) {
            Term v = chain.validationBound();
            if (v.ms() < s) {
                Term c = chain.connectBound();
                long connect = Math.min(c.ms(), s - v.ms());
                checked.add(v);
                checked.add(new Term("new connection", connect, c.ms() < s - v.ms() ? c.setting()
                        : "until the stall ends (" + c.setting() + ")"));
                checkedMs = v.ms() + connect;
                if (v.ms() + c.ms() < s) {
                    fails.add(new Failure("connect-failed", "borrows that validate a stalled connection: validation "
                            + Durations.text(v.ms()) + " + new connection " + Durations.text(c.ms())
                            + (chain.pool().borrowCoversValidation() ? ", again until " + chain.pool().borrowSetting() : "")));
                }
                if (chain.pool().borrowCoversValidation() && !chain.pool().borrowUnbounded()) {
                    // the borrower validates one stalled connection after another while time is left, each to its
                    // own end, unless the stall ends first
                    Term b = chain.validatedBorrow(v);
                    checkedMs = Math.min(s, b.ms());
                    checked = List.of(b);
                }
            }
        }
        long longest = borrow.ms() < 0 ? -1 : Math.max(Math.max(borrow.ms(), query.ms()), checkedMs);
        List<Term> terms = longest < 0 || borrow.ms() >= Math.max(query.ms(), checkedMs) ? List.of(borrow)
                : checkedMs > query.ms() ? checked : List.of(query);
        return new Prediction(f, longest, terms, fails, "none: a stalled connection is not dead, and survives the"
                + " stall" + (q.ms() < s ? " unless the query bound ends it" : ""), queueMs < 0 ? -1 : s, queueMs < 0
                ? "never: the load keeps " + pct(rho) + " of the pool busy, so the pool is saturated without any"
                + " fault and the backlog the stall built never drains" : "the stall's end; the backlog drains by "
                + Durations.text(queueMs), chain.remedies().stall(q), List.of());
    }

    /**
     * Which borrowers a stall leaves waiting past the borrow timeout, served first come, first served once it ends
     * (the pools hand a returned connection to their longest waiter): one that arrives t after the stall began waits
     * {@code s - t (1 - rho)}, the longest the first. Where later borrowers may overtake earlier ones, any borrower
     * can wait until the backlog has drained, {@code s / (1 - rho)}: the longest wait the chain gives is that bound.
     *
     * @param s the stall, ms
     * @param timeoutMs the borrow timeout, ms
     * @param rho the share of the pool the load keeps busy
     * @return those arrivals in words; null when no borrower can wait past the timeout
     */
    static String lateArrivals(long s, long timeoutMs, double rho) {
        if (rho >= 1) {
            if (s <= timeoutMs && rho - 1 < 1e-9) {
                return "every one that arrives after the stall: at 100 % busy the pool has no spare capacity, so the"
                        + " backlog the stall built never drains, and random arrivals lengthen it until the borrow"
                        + " timeout ends them";
            }
            long fromMs = s > timeoutMs ? 0 : Math.round((timeoutMs - s) / (rho - 1));
            return "every one that arrives from " + (fromMs == 0 ? "the stall's start" : Durations.text(fromMs)
                    + " after the stall began") + " on: the backlog never drains";
        }
        if (s <= timeoutMs) {
            long drainMs = Math.round(s / (1 - rho));
            return drainMs <= timeoutMs ? null : "none served first come, first served (the first waits the stall, "
                    + Durations.text(s) + "); where later borrowers overtake, at most those that arrive in the first "
                    + Durations.text(drainMs - timeoutMs) + " after the stall began";
        }
        return "those that arrive in the first " + Durations.text(Math.round((s - timeoutMs) / (1 - rho)))
                + " after the stall began (first come, first served, the earliest wait longest)";
    }

    private static String pct(double rho) {
        return String.format(Locale.ROOT, "%.0f %%", 100 * rho);
    }
}
