package io.poolbench.testbed.model;

/**
 * Where a pool breaks: the knee is the load (or the round trip) at which the requests' p99 response time reaches
 * {@value #FACTOR} times its value at light load (the saturation map's definition, so that the
 * prediction and the measurement use one rule). Found by bisection on {@link PoolSimulation} with one seed: the same
 * random draws at every step, so the p99 grows smoothly with the load and the search ends in one place.
 */
public final class Knee {
    /** How many times the light-load p99 marks the knee. */
    public static final double FACTOR = 10;
    /** Requests simulated per step of the search: enough for a stable p99, few enough for a pool of thousands. */
    static final int REQUESTS_PER_STEP = 40_000;
    private static final int STEPS = 30;

    private Knee() {
    }

    /**
     * @param pool the pool
     * @param w the traffic (its rate is the starting point only)
     * @param seed the random seed
     * @return the request rate, per second, at which p99 reaches {@value #FACTOR} × its light-load value at this round
     *     trip; at most the rate that would keep every connection busy
     */
    public static double rate(PoolModel pool, Workload w, long seed) {
        double saturation = saturationRate(pool, w);
        double threshold = FACTOR * p99(pool, w.atRate(saturation / 1000), seed);
        double lo = saturation / 1000;
        double hi = saturation * 1.5;
        for (int i = 0; i < STEPS; i++) {
            double mid = Math.sqrt(lo * hi);
            if (p99(pool, w.atRate(mid), seed) >= threshold) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    /**
     * @param pool the pool
     * @param w the traffic at its rate
     * @param seed the random seed
     * @return the round trip, ms, at which p99 at this rate reaches {@value #FACTOR} × its light-load value at that
     *     round trip; {@link Double#POSITIVE_INFINITY} when even 10 s does not
     */
    public static double rtt(PoolModel pool, Workload w, long seed) {
        double lo = 0;
        double hi = 10_000;
        if (!broken(pool, w.atRtt(hi), seed)) {
            return Double.POSITIVE_INFINITY;
        }
        if (broken(pool, w.atRtt(0), seed)) {
            return 0;
        }
        for (int i = 0; i < STEPS; i++) {
            double mid = (lo + hi) / 2;
            if (broken(pool, w.atRtt(mid), seed)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    /**
     * @param pool the pool
     * @param w the traffic
     * @return the rate, per second, at which the mean hold keeps every connection busy (no validation counted)
     */
    public static double saturationRate(PoolModel pool, Workload w) {
        return pool.size() * 1000 / w.meanHoldPerRequestMs();
    }

    private static boolean broken(PoolModel pool, Workload w, long seed) {
        double light = p99(pool, w.atRate(saturationRate(pool, w) / 1000), seed);
        return p99(pool, w, seed) >= FACTOR * light;
    }

    private static double p99(PoolModel pool, Workload w, long seed) {
        double seconds = Math.max(1, REQUESTS_PER_STEP / w.ratePerSecond());
        PoolSimulation.Result r = PoolSimulation.run(pool, w, seconds, seed);
        // a request that failed at the timeout waited at least that long: count the failures as beyond any p99
        return r.failed() > r.requests() / 100 ? Double.POSITIVE_INFINITY : r.responseP99Ms();
    }
}
