package io.poolbench.suite.check;

import io.poolbench.testbed.fault.Fault;
import io.poolbench.testbed.fault.FaultChain;
import io.poolbench.testbed.fault.Load;
import io.poolbench.testbed.fault.Network;
import io.poolbench.testbed.fault.Prediction;
import java.util.List;

/**
 * One configuration's verdict: the pool as read, the assumptions about the network and the load, and one prediction
 * per fault.
 *
 * @param pool the pool as read back
 * @param network Linux's, the JVM's and DNS's part
 * @param load the load given, {@link Load#NONE} when none
 * @param predictions one per fault, in the order given
 * @param plan {@code poolbench plan}'s answer at the load given, lines of text; null without a rate
 */
public record CheckResult(CheckedPool pool, Network network, Load load, List<Prediction> predictions, String plan) {
    /**
     * @param pool a pool as read back
     * @param network the network's part
     * @param load the load given
     * @param faults the faults to predict
     * @param rttMs the round trip to the database, ms, for the queueing model
     * @return the pool's predictions, one per fault, in that order, and plan's answer where a rate is given
     */
    public static CheckResult predict(CheckedPool pool, Network network, Load load, List<Fault> faults, double rttMs) {
        FaultChain chain = new FaultChain(pool.timeouts(), pool.driver(), network, load);
        return new CheckResult(pool, network, load, faults.stream().map(chain::predict).toList(),
                CheckPlan.text(pool, load, rttMs));
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
