package io.poolbench.toxiproxy.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import org.junit.jupiter.api.Test;

/** Which requests each TCP-level fault counts, and its name on the command line. */
class KernelFaultTest {
    private static final long DROP = 10_000;

    @Test
    void eachFaultCountsTheRequestsOfItsBranch() {
        TcpFaultSample inFlight = new TcpFaultSample(9_900, 26_000, "connection-lost");
        TcpFaultSample after = new TcpFaultSample(10_050, 22_700, "connection-lost");
        TcpFaultSample afterTimedOut = new TcpFaultSample(10_050, 40_000, "pool-timeout");
        TcpFaultSample before = new TcpFaultSample(9_000, 9_300, "ok");
        assertTrue(KernelFault.SILENT_AFTER_ACK.counts(inFlight, DROP));
        assertFalse(KernelFault.SILENT_AFTER_ACK.counts(after, DROP));
        assertFalse(KernelFault.SILENT_AFTER_ACK.counts(before, DROP), "ended before the drop");
        assertTrue(KernelFault.BLACK_HOLE.counts(after, DROP) && KernelFault.BLACK_HOLE.counts(afterTimedOut, DROP));
        assertFalse(KernelFault.BLACK_HOLE.counts(inFlight, DROP));
        assertTrue(KernelFault.REBOOT.counts(after, DROP));
        assertFalse(KernelFault.REBOOT.counts(afterTimedOut, DROP), "the reset ends lost connections, not borrows");
    }

    @Test
    void namesOnTheCommandLine() {
        assertEquals(KernelFault.SILENT_AFTER_ACK, KernelFault.parse(" Silent-After-Ack "));
        assertEquals("black-hole", KernelFault.BLACK_HOLE.id());
        TestbedException e = assertThrows(TestbedException.class, () -> KernelFault.parse("blackhole"));
        assertEquals("--tcp-faults blackhole is not a TCP-level fault: give black-hole, silent-after-ack, reboot or dns-flip",
                e.getMessage());
    }
}
