package io.poolbench.testbed.load;

import io.poolbench.testbed.pool.PoolStats;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * Fills a pool before a clock starts, so that a measurement sees borrows from a full pool and not the pool's
 * connection set-up (the pool-size, shared-connection and connect scenarios time borrowing, not connecting).
 */
public final class PoolFill {
    private PoolFill() {
    }

    /**
     * Fills a pool: lets a pool that fills itself finish (at most 1 s, less when its count stops growing), borrows
     * {@code size} connections at once and returns them, then waits (at most 10 s) until the pool reports them.
     *
     * @param ds the pool
     * @param size connections to hold at once
     * @throws SQLException when a borrow fails
     * @throws InterruptedException when interrupted
     */
    public static void fill(DataSource ds, int size) throws SQLException, InterruptedException {
        // a pool that fills itself at start (initialSize) gets to finish first: Agroal 3.2.1 makes a borrower that
        // finds every connection taken during its initial fill wait the whole acquisitionTimeout (README, the connect scenario)
        int last = -1;
        for (int i = 0, still = 0; i < 20 && still < 3; i++) {
            int total = PoolStats.of(ds).total();
            if (total < 0 || total >= size) {
                break;
            }
            still = total == last ? still + 1 : 0;
            last = total;
            Thread.sleep(50);
        }
        List<Connection> held = new ArrayList<>();
        try {
            for (int i = 0; i < size; i++) {
                held.add(ds.getConnection());
            }
        } finally {
            for (Connection c : held) {
                c.close();
            }
        }
        for (int i = 0; i < 100; i++) {
            PoolStats st = PoolStats.of(ds);
            if (st.total() < 0 || st.total() >= size) {
                return;
            }
            Thread.sleep(100);
        }
    }
}
