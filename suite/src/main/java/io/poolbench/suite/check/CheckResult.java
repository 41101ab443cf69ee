package io.poolbench.suite.check;

import io.poolbench.testbed.fault.Durations;
import io.poolbench.testbed.fault.Fault;
import io.poolbench.testbed.fault.FaultChain;
import io.poolbench.testbed.fault.Load;
import io.poolbench.testbed.fault.Network;
import io.poolbench.testbed.fault.Prediction;
import io.poolbench.testbed.model.Workload;
import java.util.List;

/**
 * One configuration's verdict: the pool as read, the assumptions about the network and the load, and one prediction
 * per fault.
 *
 * @param pool the pool as read back
 * @param network Linux's, the JVM's and DNS's part
 * @param load the load, its hold as the queueing model counts it (--request-hold-ms and the round trip); {@link Load#NONE}
 *     when none given
 * @param predictions one per fault, in the order given
 * @param plan {@code poolbench plan}'s answer at the load given, lines of text; null without a rate
 */
public record CheckResult(CheckedPool pool, Network network, Load load, List<Prediction> predictions, String plan) {
    /**
     * @param pool a pool as read back
     * @param network the network's part
     * @param load the load given ({@code --request-hold-ms} as the hold; the result's load holds the connection as the
     *     queueing model counts it, with the round trip)
     * @param faults the faults to predict
     * @param rttMs the round trip to the database, ms, for the queueing model
     * @return the pool's predictions, one per fault, in that order, and plan's answer where a rate is given
     */
    public static CheckResult predict(CheckedPool pool, Network network, Load load, List<Fault> faults, double rttMs) {
        String plan = CheckPlan.text(pool, load, rttMs);
        // the backlog of a stall counts the hold as plan's section on the same page does: one utilisation per page
        Load held = load.ratePerSecond() <= 0 ? load : new Load(load.ratePerSecond(), new Workload(
                load.ratePerSecond(), 1, load.holdMs(), load.holdMs(), rttMs, false).meanHoldPerBorrowMs(
                pool.timeouts().check()), load.longestQueryMs());
        FaultChain chain = new FaultChain(pool.timeouts(), pool.driver(), network, held);
        return new CheckResult(pool, network, held, faults.stream().map(chain::predict).toList(), plan);
    }

    /**
     * @return lines where the load given contradicts the settings, in words: a longest query ({@code --longest-query-ms})
     *     at or above the driver's socketTimeout, which cuts every such query off; empty when none
     */
    public List<String> loadConflicts() {
        long socketMs = pool.driver().socketTimeoutMs();
        long queryMs = load.longestQueryMs();
        if (socketMs <= 0 || queryMs < socketMs) {
            return List.of();
        }
        return List.of("--longest-query-ms " + queryMs + ": your longest query (" + Durations.text(queryMs) + ") is not"
                + " shorter than the driver's socketTimeout (" + Durations.text(socketMs) + "): the driver cuts every"
                + " such query off there and closes its connection, without any fault; raise socketTimeout to 2–3 ×"
                + " your longest query (e.g. " + 3 * queryMs + " ms" + (pool.driver().driver().contains("pgjdbc")
                ? ", written in seconds for pgjdbc" : "") + ")");
    }

    /** @return the longest predicted wait over the faults, ms; -1 when one is without limit */
    public long worstWaitMs() {
        long worst = 0;
        for (Prediction p : predictions) {
            if (p.longestWaitMs() < 0) {
                return -1;
            }
            worst = Math.max(worst, p.longestWaitMs());
        }
        return worst;
    }
}
