package io.poolbench.testbed.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.poolbench.testbed.PoolKind;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The borrow timeout each adapter reads from a profile, in ms, -1 for "wait forever". */
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
            assertEquals(5_000, a.borrowTimeoutMs(Map.of(a.borrowTimeoutAttribute(), "5000")), k.toString());
        }
    }

    @Test
    void hikariDefaultsToThirtySeconds() {
        assertEquals(30_000, PoolKind.HIKARI.adapter().borrowTimeoutMs(Map.of()));
    }
}
