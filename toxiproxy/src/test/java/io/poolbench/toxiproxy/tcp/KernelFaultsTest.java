package io.poolbench.toxiproxy.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.fault.FaultKind;
import org.junit.jupiter.api.Test;

/** Which requests each TCP-level fault counts, and its name on the command line. */
class KernelFaultsTest {
    private static final long DROP = 10_000;

    @Test
    void eachFaultCountsTheRequestsOfItsBranch() {
        TcpFaultSample inFlight = new TcpFaultSample(9_900, 26_000, "connection-lost");
        TcpFaultSample after = new TcpFaultSample(10_050, 22_700, "connection-lost");
        TcpFaultSample afterTimedOut = new TcpFaultSample(10_050, 40_000, "pool-timeout");
        TcpFaultSample before = new TcpFaultSample(9_000, 9_300, "ok");
        assertTrue(KernelFaults.counts(FaultKind.SILENT_AFTER_ACK, inFlight, DROP));
        assertFalse(KernelFaults.counts(FaultKind.SILENT_AFTER_ACK, after, DROP));
        assertFalse(KernelFaults.counts(FaultKind.SILENT_AFTER_ACK, before, DROP), "ended before the drop");
        assertTrue(KernelFaults.counts(FaultKind.BLACK_HOLE, after, DROP) && KernelFaults.counts(FaultKind.BLACK_HOLE, afterTimedOut, DROP));
        assertFalse(KernelFaults.counts(FaultKind.BLACK_HOLE, inFlight, DROP));
        assertTrue(KernelFaults.counts(FaultKind.REBOOT, after, DROP));
        assertFalse(KernelFaults.counts(FaultKind.REBOOT, afterTimedOut, DROP), "the reset ends lost connections, not"
                + " borrows");
        assertTrue(KernelFaults.counts(FaultKind.CRASH, after, DROP));
        assertFalse(KernelFaults.counts(FaultKind.CRASH, afterTimedOut, DROP), "the crash's resets end lost"
                + " connections; borrows that find none are the pool's");
        assertTrue(KernelFaults.counts(FaultKind.DNS_FLIP, after, DROP));
        assertEquals(java.util.List.of(TcpWait.NEW_WRITER), KernelFaults.waits(FaultKind.DNS_FLIP));
    }

    @Test
    void namesOnTheCommandLine() {
        assertEquals(FaultKind.SILENT_AFTER_ACK, KernelFaults.parse(" Silent-After-Ack "));
        assertEquals("black-hole", FaultKind.BLACK_HOLE.id());
        TestbedException e = assertThrows(TestbedException.class, () -> KernelFaults.parse("blackhole"));
        assertEquals("--tcp-faults blackhole is not one of its faults: give black-hole, silent-after-ack, reboot, crash, dns-flip or all",
                e.getMessage());
    }
}
