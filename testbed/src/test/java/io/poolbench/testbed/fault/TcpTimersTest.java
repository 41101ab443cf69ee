package io.poolbench.testbed.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.poolbench.testbed.TestbedException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The kernel's timers on hand-computed cases (net/ipv4/tcp_timer.c, the kernel's ip-sysctl documentation). */
class TcpTimersTest {
    @Test
    void linuxDefaultsGiveTheDocumentedTimes() {
        // "a hypothetical timeout of 924.6 seconds": (2^10 − 1) × 0.2 s + (15 − 9) × 120 s
        assertEquals(924_600, TcpTimers.LINUX.retransmitGiveUpMs());
        // 1 + 2 + 4 + 8 + 16 + 32 + 64 s
        assertEquals(127_000, TcpTimers.LINUX.synGiveUpMs());
        // 7200 s + 9 × 75 s
        assertEquals(7_875_000, TcpTimers.LINUX.keepaliveGiveUpMs());
    }

    @Test
    void retransmissionsDoubleFromTheMinimumUpToTheCap() {
        TcpTimers five = TcpTimers.LINUX.withRetries2(5);
        // (2^6 − 1) × 0.2 s
        assertEquals(12_600, five.retransmitGiveUpMs());
        assertEquals(List.of(200L, 600L, 1_400L, 3_000L, 6_200L, 12_600L), five.retransmitsMs());
        List<Long> fifteen = TcpTimers.LINUX.retransmitsMs();
        assertEquals(924_600, fifteen.get(fifteen.size() - 1));
        // the tenth retransmission is 102.4 s after the ninth... the eleventh onwards 120 s apart
        assertEquals(120_000, fifteen.get(11) - fifteen.get(10));
    }

    @Test
    void aResetIsMetAtTheNextPacketTheClientSends() {
        TcpTimers scaled = TcpTimers.LINUX.withRetries2(5).withKeepalive(20, 5, 3);
        assertEquals(3_000, scaled.retransmitAtOrAfterMs(2_000));
        assertEquals(12_600, scaled.retransmitAtOrAfterMs(60_000), "given up before the address came back");
        assertEquals(20_000, scaled.probeAtOrAfterMs(2_000), "the first probe after 20 s idle");
        assertEquals(25_000, scaled.probeAtOrAfterMs(21_000));
        assertEquals(35_000, scaled.probeAtOrAfterMs(60_000), "given up before the address came back");
    }

    @Test
    void aTimerOutOfTheKernelsRangeIsOneLine() {
        TestbedException e = assertThrows(TestbedException.class, () -> TcpTimers.LINUX.withRetries2(16));
        assertEquals("tcp_retries2 16 is out of range: give 1 to 15", e.getMessage());
        assertThrows(TestbedException.class, () -> TcpTimers.LINUX.withKeepalive(0, 75, 9));
    }
}
