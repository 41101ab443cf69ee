package io.poolbench.testbed.model;

import java.util.function.DoubleSupplier;
import org.apache.commons.math3.distribution.LogNormalDistribution;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * The traffic a pool serves: requests arriving at random (Poisson) at {@code ratePerSecond}, each running
 * {@code queriesPerRequest} queries of a server time drawn per request, each query one round trip, borrowing once per
 * request (all queries on one connection) or once per query.
 *
 * @param ratePerSecond requests per second, above 0
 * @param queriesPerRequest queries per request, at least 1
 * @param queryP50Ms median server time of one query, ms
 * @param queryP90Ms its 90th percentile, ms (equal to the median: a constant time)
 * @param rttMs the network round trip between application and database, ms
 * @param perQuery true to borrow once per query, false once per request
 * @param queryMinMs the shortest server time of one query, ms (0: no bound)
 * @param queryMaxMs the longest, ms ({@link Double#POSITIVE_INFINITY}: no bound), e.g. the Aurora article's long screen clamped
 *     to its 8.5 s alone
 */
public record Workload(double ratePerSecond, int queriesPerRequest, double queryP50Ms, double queryP90Ms,
        double rttMs, boolean perQuery, double queryMinMs, double queryMaxMs) {
    /** z of the 90th percentile of the standard normal distribution. */
    private static final double Z90 = 1.2815515655446004;

    /** A workload whose query times are not bounded. */
    public Workload(double ratePerSecond, int queriesPerRequest, double queryP50Ms, double queryP90Ms, double rttMs,
            boolean perQuery) {
        this(ratePerSecond, queriesPerRequest, queryP50Ms, queryP90Ms, rttMs, perQuery, 0, Double.POSITIVE_INFINITY);
    }

    /** The highest rate the model takes, requests/s. */
    public static final double MAX_RATE_PER_SECOND = 1_000_000;

    /**
     * @throws IllegalArgumentException one line naming the value out of range
     */
    public Workload {
        if (!(ratePerSecond > 0) || ratePerSecond > MAX_RATE_PER_SECOND) {
            throw new IllegalArgumentException("a rate of " + ratePerSecond + " requests/s: give one above 0 and"
                    + " at most 1,000,000 (no pool in front of one database serves more)");
        }
        if (queriesPerRequest < 1) {
            throw new IllegalArgumentException(queriesPerRequest + " queries per request: give 1 or more");
        }
        if (!(queryP50Ms > 0) || queryP90Ms < queryP50Ms || queryP90Ms > 3_600_000) {
            throw new IllegalArgumentException("a query time of p50 " + queryP50Ms + " ms, p90 " + queryP90Ms
                    + " ms: give a median above 0 and a p90 not below it, at most an hour");
        }
        if (rttMs < 0 || rttMs > 10_000) {
            throw new IllegalArgumentException("a round trip of " + rttMs + " ms: give 0 to 10,000");
        }
    }

    /** @return this workload at another rate */
    public Workload atRate(double r) {
        return new Workload(r, queriesPerRequest, queryP50Ms, queryP90Ms, rttMs, perQuery, queryMinMs, queryMaxMs);
    }

    /** @return this workload at another round trip */
    public Workload atRtt(double ms) {
        return new Workload(ratePerSecond, queriesPerRequest, queryP50Ms, queryP90Ms, ms, perQuery, queryMinMs,
                queryMaxMs);
    }

    /**
     * @param rng the random source
     * @return a source of per-request server times per query, ms: the median when p90 equals it, else log-normal
     *     through both
     */
    DoubleSupplier querySampler(RandomGenerator rng) {
        if (queryP90Ms == queryP50Ms) {
            return () -> queryP50Ms;
        }
        LogNormalDistribution d = new LogNormalDistribution(rng, Math.log(queryP50Ms),
                Math.log(queryP90Ms / queryP50Ms) / Z90);
        return () -> Math.min(queryMaxMs, Math.max(queryMinMs, d.sample()));
    }

    /** @return the mean hold of the connections one request causes, ms, validation left out */
    public double meanHoldPerRequestMs() {
        return queriesPerRequest * (meanQueryMs() + rttMs);
    }

    /**
     * The mean time a borrow holds its connection: what the queueing model, the fault chain's backlog and every
     * utilisation on a page count alike.
     *
     * @param check how the pool validates on borrow
     * @return the request's holds over its borrows (one per request, or one per query), plus a validation round trip
     *     when every borrow validates, ms
     */
    public double meanHoldPerBorrowMs(BorrowCheck check) {
        int borrows = perQuery ? queriesPerRequest : 1;
        return meanHoldPerRequestMs() / borrows + (check.everyBorrow() ? rttMs : 0);
    }

    /** @return the mean server time of one query, ms (the log-normal's mean where it applies, bounds left out) */
    public double meanQueryMs() {
        if (queryP90Ms == queryP50Ms) {
            return queryP50Ms;
        }
        double sigma = Math.log(queryP90Ms / queryP50Ms) / Z90;
        return queryP50Ms * Math.exp(sigma * sigma / 2);
    }
}
