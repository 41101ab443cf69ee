package io.poolbench.testbed.model;

/**
 * A pool as an M/M/c queue (Erlang C): c connections, borrows arriving at random (Poisson) at a rate λ, each holding
 * its connection for a time with mean h. The offered load a = λ·h (in Erlangs: connections busy on average) must be
 * below c, else the queue grows without bound. Erlang C gives the probability that a borrow waits at all and, with
 * exponential hold times, the mean and the percentiles of the wait. Real holds are not exponential (a screen's queries
 * are nearly constant): {@link PoolSimulation} gives the percentiles for the real hold; Erlang C is the check it
 * must agree with where both apply, and the quick answer for "how many connections".
 *
 * <p>Computed with the Erlang B recursion B(0) = 1, B(k) = a·B(k−1) / (k + a·B(k−1)), then
 * C = c·B / (c − a·(1 − B)), which stays finite for pools of thousands of connections.
 */
public final class ErlangC {
    private ErlangC() {
    }

    /**
     * @param servers connections, at least 1
     * @param offeredErlangs λ·h, 0 or more
     * @return the probability that a borrow has to wait; 1 when {@code offeredErlangs ≥ servers}
     * @throws IllegalArgumentException for fewer than 1 server or a negative load
     */
    public static double waitProbability(int servers, double offeredErlangs) {
        if (servers < 1 || offeredErlangs < 0 || Double.isNaN(offeredErlangs)) {
            throw new IllegalArgumentException("servers " + servers + ", load " + offeredErlangs);
        }
        if (offeredErlangs >= servers) {
            return 1;
        }
        double b = 1;
        for (int k = 1; k <= servers; k++) {
            b = erlangBStep(b, k, offeredErlangs);
        }
        return fromErlangB(servers, offeredErlangs, b);
    }

    /** Erlang B at k servers from its value at k − 1 (the recurrence, B(0) = 1). */
    private static double erlangBStep(double previous, int k, double offeredErlangs) {
        return offeredErlangs * previous / (k + offeredErlangs * previous);
    }

    /** Erlang C at c servers from Erlang B there (below saturation). */
    private static double fromErlangB(int c, double offeredErlangs, double b) {
        return c * b / (c - offeredErlangs * (1 - b));
    }

    /**
     * @param servers connections
     * @param offeredErlangs λ·h
     * @param meanHoldMs h, ms
     * @return the mean wait of all borrows (those that do not wait count 0), ms; infinite at or above saturation
     */
    public static double meanWaitMs(int servers, double offeredErlangs, double meanHoldMs) {
        if (offeredErlangs >= servers) {
            return Double.POSITIVE_INFINITY;
        }
        return waitProbability(servers, offeredErlangs) * meanHoldMs / (servers - offeredErlangs);
    }

    /**
     * The q-quantile of the wait with exponential holds: P(W &gt; t) = C · e^(−(c − a)·t / h).
     *
     * @param servers connections
     * @param offeredErlangs λ·h
     * @param meanHoldMs h, ms
     * @param q the quantile, e.g. 0.99
     * @return the wait, ms: 0 when fewer than 1 − q of borrows wait; infinite at or above saturation
     */
    public static double waitQuantileMs(int servers, double offeredErlangs, double meanHoldMs, double q) {
        if (offeredErlangs >= servers) {
            return Double.POSITIVE_INFINITY;
        }
        double c = waitProbability(servers, offeredErlangs);
        if (c <= 1 - q) {
            return 0;
        }
        return meanHoldMs / (servers - offeredErlangs) * Math.log(c / (1 - q));
    }

    /**
     * @param offeredErlangs λ·h
     * @param maxWaitProbability e.g. 0.01
     * @return the fewest connections at which at most that share of borrows waits; {@link Integer#MAX_VALUE} when
     *     that is more than {@link PoolModel#MAX_SIZE} (no pool serves the load)
     */
    public static int serversFor(double offeredErlangs, double maxWaitProbability) {
        if (!(offeredErlangs < PoolModel.MAX_SIZE)) {
            return Integer.MAX_VALUE;
        }
        // Erlang B by its recurrence, one server at a time, and C from it: linear in the answer, not quadratic
        double b = 1;
        for (int c = 1; c <= PoolModel.MAX_SIZE; c++) {
            b = erlangBStep(b, c, offeredErlangs);
            if (c > offeredErlangs && fromErlangB(c, offeredErlangs, b) <= maxWaitProbability) {
                return c;
            }
        }
        return Integer.MAX_VALUE;
    }
}
