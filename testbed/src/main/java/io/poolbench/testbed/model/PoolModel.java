package io.poolbench.testbed.model;

/**
 * The pool as the model sees it: its effective size, how long a borrower waits before it gives up, and what a borrow
 * costs in round trips ({@link BorrowCheck}). Read from a profile's effective settings, never fitted to measurements.
 *
 * @param size connections (the pool's maximum, as the built pool reports it)
 * @param borrowTimeoutMs how long a borrow waits before it fails, ms; 0 or below: forever
 * @param check the validation on borrow
 */
public record PoolModel(int size, long borrowTimeoutMs, BorrowCheck check) {
    /** The largest pool the model takes: no database serves more connections (PostgreSQL's and MySQL's limits). */
    public static final int MAX_SIZE = 100_000;

    /**
     * @throws IllegalArgumentException for a size outside 1 .. {@value #MAX_SIZE}
     */
    public PoolModel {
        if (size < 1 || size > MAX_SIZE) {
            throw new IllegalArgumentException("a pool of " + size + " connections: the model takes 1 to 100,000");
        }
    }
}
