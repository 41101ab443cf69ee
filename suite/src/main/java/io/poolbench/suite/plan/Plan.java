package io.poolbench.suite.plan;

import io.poolbench.testbed.model.ErlangC;
import io.poolbench.testbed.model.Knee;
import io.poolbench.testbed.model.PoolModel;
import io.poolbench.testbed.model.PoolSimulation;
import io.poolbench.testbed.model.Workload;
import io.poolbench.testbed.profile.PoolReading;
import java.util.List;
import java.util.Locale;

/**
 * {@code poolbench plan}'s answer for one pool and one traffic, from the model alone (no measurement): the offered
 * load against the pool size, Erlang C's share of borrows that wait and its mean and p99 wait (exponential holds),
 * the simulation's borrow wait and response time over a run of the given length, where the pool breaks (the knee,
 * {@link Knee}) in load at this round trip and in round trip at this load, and the pool size Erlang C asks for.
 */
public final class Plan {
    private Plan() {
    }

    /**
     * @param r the pool as read from its profile
     * @param w the traffic
     * @param runMinutes the run's length for the simulation (its maximum grows with it), minutes
     * @param seed the simulation's random seed
     * @param warnings lint's warnings on the profile as written
     * @param filesRead the files a Spring Boot configuration was bound from, shown under the title (a service reads
     *     the files beside its {@code application.yml} too); null for a context.xml
     * @return the answer, lines of text
     */
    public static String text(PoolReading r, Workload w, double runMinutes, long seed, List<String> warnings,
            String filesRead) {
        PoolModel pool = r.model();
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "poolbench plan: %s (%s): pool size %d, borrow timeout %s, %s%n",
                r.profile(), r.pool(), pool.size(), pool.borrowTimeoutMs() > 0 ? String.format(Locale.ROOT,
                "%,d ms", pool.borrowTimeoutMs()) : "none (waits forever)", pool.check().text()));
        if (filesRead != null) {
            out.append("read: ").append(filesRead).append('\n');
        }
        warnings.forEach(x -> out.append("  lint: ").append(x).append('\n'));
        // Erlang C sees borrows: per request one borrow holding every query, per query one borrow per query
        int borrows = w.perQuery() ? w.queriesPerRequest() : 1;
        double holdMs = w.meanHoldPerBorrowMs(pool.check());
        double lambda = w.ratePerSecond() * borrows / 1000;
        double a = lambda * holdMs;
        out.append(String.format(Locale.ROOT, "traffic: %s requests/s, %d %s of %s ms (p90 %s) each, round trip"
                + " %s ms, borrowing per %s: %d %s a request, each holding a connection %.1f ms on average%n",
                num(w.ratePerSecond()), w.queriesPerRequest(), w.queriesPerRequest() == 1 ? "query" : "queries",
                num(w.queryP50Ms()), num(w.queryP90Ms()), num(w.rttMs()), w.perQuery() ? "query" : "request", borrows,
                borrows == 1 ? "borrow" : "borrows", holdMs));
        out.append(String.format(Locale.ROOT, "offered load: %.2f connections busy on average of %d (%.0f %%)%n", a,
                pool.size(), 100 * a / pool.size()));
        if (a >= pool.size()) {
            out.append("Erlang C: the pool is saturated: borrows arrive faster than the pool can serve them, the queue"
                    + " grows without bound\n");
        } else {
            out.append(String.format(Locale.ROOT, "Erlang C (exponential holds): %.1f %% of borrows wait, mean wait"
                    + " %.2f ms, p99 wait %.1f ms%n", 100 * ErlangC.waitProbability(pool.size(), a),
                    ErlangC.meanWaitMs(pool.size(), a, holdMs), ErlangC.waitQuantileMs(pool.size(), a, holdMs, 0.99)));
        }
        PoolSimulation.Result s = PoolSimulation.run(pool, w, runMinutes * 60, seed);
        double simulated = PoolSimulation.simulatedSeconds(List.of(w), runMinutes * 60);
        String span = simulated < runMinutes * 60 ? String.format(Locale.ROOT, "its first %s s of %s min: at"
                + " most %,d arrivals are simulated, so its maximum is that of a shorter run", num(simulated),
                num(runMinutes), PoolSimulation.MAX_ARRIVALS) : num(runMinutes) + " min";
        out.append(String.format(Locale.ROOT, "simulation (%s, seed %d, %,d requests): borrow wait per request p50"
                + " %s / p99 %s / max %s ms; response p50 %s / p90 %s / p99 %s / max %s ms; failed at the borrow"
                + " timeout: %,d (%.2f %%)%n", span, seed, s.requests(), num(s.waitP50Ms()),
                num(s.waitP99Ms()), num(s.waitMaxMs()), num(s.responseP50Ms()), num(s.responseP90Ms()),
                num(s.responseP99Ms()), num(s.responseMaxMs()), s.failed(), s.requests() == 0 ? 0
                        : 100.0 * s.failed() / s.requests()));
        double kneeRate = Knee.rate(pool, w, seed);
        double kneeRtt = Knee.rtt(pool, w, seed);
        out.append(String.format(Locale.ROOT, "breaks (p99 response ≥ %.0f × its light-load value): at %s requests/s"
                + " at this round trip (%.2f × your rate); at a round trip of %s at this rate%n", Knee.FACTOR,
                num(kneeRate), kneeRate / w.ratePerSecond(), Double.isInfinite(kneeRtt) ? "more than 10 s (never)"
                        : kneeRtt == 0 ? "0 ms (already broken)" : num(kneeRtt) + " ms"));
        int enough = ErlangC.serversFor(a, 0.01);
        out.append(enough == Integer.MAX_VALUE ? String.format(Locale.ROOT, "pool size for at most 1 %% of borrows"
                + " waiting (Erlang C): more than %,d, which no pool reaches: borrow for less time%n", PoolModel.MAX_SIZE)
                : String.format(Locale.ROOT, "pool size for at most 1 %% of borrows waiting (Erlang C): %d%s%n", enough,
                pool.size() >= enough ? " (this pool is large enough)" : " (raise the pool's size, or borrow for"
                        + " less time)"));
        if (pool.borrowTimeoutMs() <= 0) {
            out.append("no borrow timeout: past the knee a request waits as long as the queue takes; set one (the"
                    + " pool's connectionTimeout / maxWait) so that requests fail fast instead\n");
        }
        out.append("the model leaves out Tomcat's thread limit, the pool's own hand-off, the database's queue and"
                + " connection creation; it is not fitted to any measurement\n");
        return out.toString();
    }

    private static String num(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e9) {
            return String.format(Locale.ROOT, "%,d", (long) v);
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%,.0f" : Math.abs(v) >= 10 ? "%.1f" : "%.2f", v);
    }
}
