package io.poolbench.suite.sharedconnection;

import io.poolbench.testbed.stats.Finding;
import io.poolbench.testbed.stats.RatioInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The shared-connection scenario's comparisons over rounds. Under each load condition and at each thread count the experiment runs every
 * variant once per round, the order rotated from round to round, so the i-th trial of two variants ran side by side
 * and their ratio is taken within that round (paired), then summarised with a 95 % interval ({@link RatioInterval}).
 *
 * <p>Compared, in trial time (ms, lower is better), against the first pool of the run (HikariCP by default): at the
 * largest thread count without load, PgBouncer (the article: 2.74 × slower than the pool above 100 connections) and
 * the shared connection (the article: close to the pool); at the largest thread count under the CROSS JOIN load, the
 * shared connection (the article: the pool 1.83 × faster at 500). Each on both clocks where the run measured both:
 * the trial alone, and the trial with the opening of its variant before it (the article's clock).
 */
final class SharedConnectionRounds {
    private SharedConnectionRounds() {
    }

    /**
     * @param trials per {@code <load>/<variant>} the variant's trials, as the experiment wrote them
     * @param pools the pools' variant ids in the run's order
     * @param maxThreads the largest thread count without load
     * @param maxThreadsUnderLoad the largest thread count under the background load
     * @return the comparisons that both sides of ran; none when no pool ran
     */
    static List<Finding> findings(Map<String, SharedConnectionData.Trials> trials, List<String> pools, int maxThreads,
            int maxThreadsUnderLoad) {
        List<Finding> out = new ArrayList<>();
        if (pools.isEmpty()) {
            return out;
        }
        String pool = pools.get(0);
        add(out, trials, "none", "pgbouncer", pool, maxThreads);
        add(out, trials, "none", "shared", pool, maxThreads);
        add(out, trials, "cross-join", "shared", pool, maxThreadsUnderLoad);
        return out;
    }

    private static void add(List<Finding> out, Map<String, SharedConnectionData.Trials> trials, String load, String a,
            String b, int threads) {
        SharedConnectionData.Trials ta = trials.get(load + "/" + a);
        SharedConnectionData.Trials tb = trials.get(load + "/" + b);
        if (ta == null || tb == null) {
            return;
        }
        String where = threads + " threads, " + (load.equals("none") ? "no load" : "under the CROSS JOIN load");
        RatioInterval.paired(elapsed(ta, threads, false), elapsed(tb, threads, false)).ifPresent(ri -> out.add(
                new Finding("trial ms at " + where, ta.label(), tb.label(), false, ri)));
        RatioInterval.paired(elapsed(ta, threads, true), elapsed(tb, threads, true)).ifPresent(ri -> out.add(
                new Finding("trial ms with connecting (the article's clock) at " + where, ta.label(), tb.label(),
                        false, ri)));
    }

    private static List<Double> elapsed(SharedConnectionData.Trials t, int threads, boolean withConnecting) {
        SharedConnectionData.Trial trial = t.trials() == null ? null : t.trials().get(Integer.toString(threads));
        List<Double> ms = trial == null ? null : withConnecting ? trial.withConnectingMs() : trial.elapsedMs();
        return ms == null ? List.of() : ms;
    }
}
