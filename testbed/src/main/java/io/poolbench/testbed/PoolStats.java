package io.poolbench.testbed;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import java.lang.reflect.Method;
import javax.sql.DataSource;
import org.apache.commons.dbcp2.BasicDataSource;

/**
 * A snapshot of a pool's state, read from the pool's own metrics (HikariPoolMXBean; BasicDataSource and its
 * commons-pool2 GenericObjectPool). A value of -1 means the pool does not expose it.
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
     * Reads the state of a pool.
     *
     * @param ds a HikariDataSource or BasicDataSource
     * @return the snapshot
     * @throws IllegalArgumentException for another DataSource
     */
    public static PoolStats of(DataSource ds) {
        if (ds instanceof HikariDataSource) {
            HikariDataSource h = (HikariDataSource) ds;
            HikariPoolMXBean mx = h.getHikariPoolMXBean();
            if (mx == null) {
                return new PoolStats("hikari", 0, 0, 0, 0, h.getMaximumPoolSize());
            }
            return new PoolStats("hikari", mx.getActiveConnections(), mx.getIdleConnections(),
                    mx.getThreadsAwaitingConnection(), mx.getTotalConnections(), h.getMaximumPoolSize());
        }
        if (ds instanceof BasicDataSource) {
            BasicDataSource b = (BasicDataSource) ds;
            int active = b.getNumActive();
            int idle = b.getNumIdle();
            return new PoolStats("dbcp2", active, idle, dbcpWaiters(b), active + idle, b.getMaxTotal());
        }
        throw new IllegalArgumentException("not a HikariCP or DBCP2 pool: " + ds.getClass().getName());
    }

    /** BasicDataSource keeps its GenericObjectPool behind a protected getter; its getNumWaiters() is public. */
    private static int dbcpWaiters(BasicDataSource b) {
        try {
            Method m = BasicDataSource.class.getDeclaredMethod("getConnectionPool");
            m.setAccessible(true);
            Object pool = m.invoke(b);
            if (pool == null) {
                return 0;
            }
            return (Integer) pool.getClass().getMethod("getNumWaiters").invoke(pool);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return -1;
        }
    }
}
