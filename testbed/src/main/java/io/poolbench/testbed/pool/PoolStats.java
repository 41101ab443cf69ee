package io.poolbench.testbed.pool;

import javax.sql.DataSource;

/**
 * A snapshot of a pool's state, read from the pool's own metrics by its adapter
 * ({@link io.poolbench.testbed.pool.PoolAdapter#state}). A value of -1 means the pool does not expose it.
 *
 * @param pool {@code hikari} or {@code dbcp2}
 * @param active connections borrowed
 * @param idle connections idle in the pool
 * @param waiting threads waiting to borrow
 * @param total connections open (active + idle)
 * @param max maximum pool size (maximumPoolSize / maxTotal)
 */
public record PoolStats(String pool, int active, int idle, int waiting, int total, int max) {

    /**
     * Reads the state of a pool through its adapter.
     *
     * @param ds a pool of the catalog
     * @return the snapshot
     * @throws IllegalArgumentException for another DataSource
     */
    public static PoolStats of(DataSource ds) {
        return PoolKind.of(ds).adapter().state(ds);
    }
}
