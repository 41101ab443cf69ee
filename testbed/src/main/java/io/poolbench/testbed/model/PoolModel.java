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
    /**
     * @throws IllegalArgumentException for a size below 1
     */
    public PoolModel {
        if (size < 1) {
            throw new IllegalArgumentException("a pool of " + size + " connections");
        }
    }
}
