package io.poolbench.testbed.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Reading CPU time from /proc: the parsing, and that this JVM's own process is readable on Linux. */
class ProcessCpuTest {
    @Test
    void utimeStimeAndWaitedForChildrenAreFields14To17EvenWhenTheNameHasSpaces() {
        String line = "4711 (java (main) x) S 1 4711 4711 0 -1 4194560 9000 0 0 0 250 75 6 4 20 0 40 0 100 0 0";
        assertEquals(335, ProcessCpu.ticksOf(line));
    }

    @Test
    void thisProcessIsReadableAndAnEndedOneIsAbsent() {
        assumeTrue(System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("linux"),
                "/proc/<pid>/stat exists on Linux only");
        Double own = ProcessCpu.cpuSeconds(ProcessHandle.current().pid());
        assertNotNull(own);
        assertTrue(own >= 0);
        assertNull(ProcessCpu.cpuSeconds(Integer.MAX_VALUE - 1));
        ProcessCpu cpu = new ProcessCpu().watch("me", ProcessHandle.current().pid()).watch("gone", Integer.MAX_VALUE - 1);
        cpu.start();
        List<ProcessCpu.Usage> u = cpu.stop();
        assertEquals(1, u.size());
        assertEquals("me", u.get(0).name());
    }
}
