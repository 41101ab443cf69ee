package io.poolbench.jmeter.elements;

import java.util.SplittableRandom;

/**
 * One test's Poisson schedule: arrivals at {@code perMs} per millisecond, exponential gaps from one generator,
 * handed out in order to whichever thread asks next.
 */
final class ArrivalSchedule {
    private final long testStartMs;
    private final double perMs;
    private final SplittableRandom random;
    private double nextMs;

    /**
     * @param testStartMs the test this schedule belongs to (JMeter's test start, epoch ms)
     * @param perMs arrivals per millisecond, greater than 0
     * @param firstMs the schedule's start, epoch ms: the first arrival is one gap after it
     * @param seed the generator's seed
     * @throws IllegalArgumentException when the rate is not above 0
     */
    ArrivalSchedule(long testStartMs, double perMs, long firstMs, long seed) {
        if (!(perMs > 0) || Double.isInfinite(perMs)) {
            throw new IllegalArgumentException("ratePerMinute must be above 0, got " + perMs * 60_000 + " per minute");
        }
        this.testStartMs = testStartMs;
        this.perMs = perMs;
        this.random = new SplittableRandom(seed);
        this.nextMs = firstMs;
    }

    long testStartMs() {
        return testStartMs;
    }

    /** @return the next arrival, epoch ms */
    synchronized long next() {
        nextMs += random.nextExponential() / perMs;
        return (long) nextMs;
    }
}
