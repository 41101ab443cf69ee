package io.poolbench.suite.check;

import io.poolbench.suite.plan.Plan;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.fault.Load;
import io.poolbench.testbed.fault.PoolTimeouts;
import io.poolbench.testbed.model.PoolModel;
import io.poolbench.testbed.model.Workload;
import io.poolbench.testbed.profile.PoolReading;
import java.util.List;

/**
 * {@code poolbench plan}'s answer for a checked pool, when a rate is given: the queueing model's wait and knee at the
 * user's load, one request of one query holding its connection {@code --request-hold-ms}, at {@code --rtt-ms}.
 */
final class CheckPlan {
    /** The simulation's length, minutes (plan's default). */
    private static final double RUN_MINUTES = 60;

    private CheckPlan() {
    }

    /**
     * @param pool the pool as read back
     * @param load the load given
     * @param rttMs the round trip to the database, ms
     * @return plan's lines, or null without a rate
     * @throws TestbedException one line when the model does not take these numbers
     */
    static String text(CheckedPool pool, Load load, double rttMs) {
        if (load.ratePerSecond() <= 0) {
            return null;
        }
        PoolTimeouts t = pool.timeouts();
        try {
            PoolModel m = new PoolModel(t.maxSize(), Math.max(0, t.borrowTimeoutMs()), t.check());
            Workload w = new Workload(load.ratePerSecond(), 1, load.holdMs(), load.holdMs(), rttMs, false);
            return Plan.text(new PoolReading(pool.name(), pool.pool(), m, pool.effective()), w, RUN_MINUTES, 1,
                    List.of(), null);
        } catch (IllegalArgumentException e) {
            throw new TestbedException(e.getMessage());
        }
    }
}
