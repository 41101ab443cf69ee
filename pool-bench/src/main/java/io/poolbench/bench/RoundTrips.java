package io.poolbench.bench;

import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.stub.StubStats;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;

/**
 * Counts the stub driver's round trips per borrow of a profile, outside any timing: {@code n} borrow + return
 * cycles on one thread, back to back (each connection was used less than 500 ms before), after the pool is
 * filled. Deterministic for a profile: it shows, e.g., DBCP2's validation on every borrow against HikariCP's
 * 500 ms bypass (HikariCP's {@code aliveBypassWindowMs}, from its source).
 */
public final class RoundTrips {
    private RoundTrips() {
    }

    /**
     * @param profile profile name or path
     * @param poolSize pool size (0 = the profile's)
     * @param n borrows to count
     * @return operation → round trips per borrow (validate, execute, commit, rollback, setAutoCommit, connect)
     * @throws SQLException when the pool fails
     */
    public static Map<String, Double> perBorrow(String profile, int poolSize, int n) throws SQLException {
        return perBorrow(profile, poolSize, n, 0);
    }

    /**
     * The same, each borrow after the connection sat idle: the borrow a request makes after the previous one left.
     *
     * @param profile profile name or path
     * @param poolSize pool size (0 = the profile's)
     * @param n borrows to count
     * @param idleMs how long the thread waits between returning and borrowing again, ms (0 = back to back)
     * @return operation → round trips per borrow (validate, execute, commit, rollback, setAutoCommit, connect)
     * @throws SQLException when the pool fails
     */
    public static Map<String, Double> perBorrow(String profile, int poolSize, int n, long idleMs)
            throws SQLException {
        DataSource ds = BenchPools.stubPool(profile, "jdbc:stub:roundtrips", poolSize);
        try {
            for (int i = 0; i < 100; i++) {
                try (Connection c = ds.getConnection()) {
                    c.getAutoCommit();
                }
            }
            StubStats.reset();
            for (int i = 0; i < n; i++) {
                idle(idleMs);
                try (Connection c = ds.getConnection()) {
                    c.getAutoCommit();
                }
            }
            Map<String, Double> out = new LinkedHashMap<>();
            StubStats.snapshot().forEach((k, v) -> out.put(k, v / (double) n));
            return out;
        } finally {
            PoolProfile.close(ds);
        }
    }

    /** Parks for at least {@code ms} (parkNanos may return early: it parks again for the rest). */
    static void idle(long ms) {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        while (System.nanoTime() < until) {
            LockSupport.parkNanos(until - System.nanoTime());
        }
    }
}
