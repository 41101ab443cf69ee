package io.poolbench.testbed.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The borrow timeout (ms, -1 for "wait forever") and minimum idle each adapter reads from a profile. */
class BorrowTimeoutTest {
    @Test
    void everyPoolsUnboundedValueReadsAsForever() {
        for (PoolKind k : PoolKind.values()) {
            PoolAdapter a = k.adapter();
            if (a.borrowTimeoutAttribute() == null) {
                continue;
            }
            assertEquals(-1, a.borrowTimeoutMs(Map.of(a.borrowTimeoutAttribute(), a.unboundedBorrowTimeout())),
                    k + ": " + a.borrowTimeoutAttribute() + "=" + a.unboundedBorrowTimeout());
            assertEquals(5_000, a.borrowTimeoutMs(Map.of(a.borrowTimeoutAttribute(), a.borrowTimeoutValue(5_000))),
                    k.toString());
        }
    }

    @Test
    void zeroWaitsForeverOnlyWhereThePoolSaysSo() {
        // HikariConfig.setConnectionTimeout, Tomcat JDBC's ConnectionPool.borrowConnection: 0 waits forever;
        // commons-pool (DBCP2) and Druid: 0 fails at once
        assertEquals(-1, PoolKind.HIKARI.adapter().borrowTimeoutMs(Map.of("connectionTimeout", "0")));
        assertEquals(-1, PoolKind.TOMCAT_JDBC.adapter().borrowTimeoutMs(Map.of("maxWait", "0")));
        assertEquals(0, PoolKind.DBCP2.adapter().borrowTimeoutMs(Map.of("maxWaitMillis", "0")));
        assertEquals(0, PoolKind.DRUID.adapter().borrowTimeoutMs(Map.of("maxWait", "0")));
        // Oracle UCP: connectionWaitTimeout in seconds, 0 fails at once (measured on the stub driver: UCP-29)
        assertEquals(0, PoolKind.UCP.adapter().borrowTimeoutMs(Map.of("connectionWaitTimeout", "0")));
        assertEquals(30_000, PoolKind.UCP.adapter().borrowTimeoutMs(Map.of("connectionWaitTimeout", "30")));
    }

    @Test
    void minimumIdleFallsBackWhereThePoolDoes() {
        assertEquals(7, PoolKind.HIKARI.adapter().minIdle(Map.of("maximumPoolSize", "7")));
        assertEquals(3, PoolKind.HIKARI.adapter().minIdle(Map.of("maximumPoolSize", "7", "minimumIdle", "3")));
        assertEquals(4, PoolKind.TOMCAT_JDBC.adapter().minIdle(Map.of("initialSize", "4")));
        assertEquals(0, PoolKind.DBCP2.adapter().minIdle(Map.of("initialSize", "4")));
    }

    @Test
    void hikariDefaultsToThirtySeconds() {
        assertEquals(30_000, PoolKind.HIKARI.adapter().borrowTimeoutMs(Map.of()));
    }
}
