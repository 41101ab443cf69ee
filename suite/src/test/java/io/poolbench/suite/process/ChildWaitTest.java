package io.poolbench.suite.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ChildWaitTest {
    @Test
    void aChildThatEndsByItselfGivesNoLine() throws Exception {
        Process p = new ProcessBuilder("true").start();
        assertNull(ChildWait.await(p, 60, "deadline", List.of(() -> null)));
        assertEquals(0, p.exitValue());
    }

    @Test
    void aWatchThatSeesAProblemStopsTheChildWithItsLine() throws Exception {
        Process p = new ProcessBuilder("sleep", "60").start();
        AtomicInteger looks = new AtomicInteger();
        String line = ChildWait.await(p, 60, "deadline", List.of(() -> looks.incrementAndGet() < 2 ? null : "gone"));
        assertEquals("gone", line);
        assertFalse(p.isAlive());
    }

    @Test
    void theDeadlineStopsAChildThatDoesNotEnd() throws Exception {
        Process p = new ProcessBuilder("sleep", "60").start();
        assertEquals("deadline", ChildWait.await(p, 1, "deadline", List.of()));
        assertFalse(p.isAlive());
    }

    @Test
    void aProcessWatchNamesTheProcessAndItsExitCode() throws Exception {
        Process webapp = new ProcessBuilder("sh", "-c", "exit 3").start();
        webapp.waitFor();
        assertEquals("the webapp exited with code 3 (log: w.log)", ChildWait.process("the webapp", webapp, "w.log").get());
    }
}
