package io.poolbench.testbed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class WorkersTest {
    private static Thread started(Runnable r) {
        Thread t = new Thread(r);
        t.start();
        return t;
    }

    @Test
    void threadsThatEndAreJoined() throws Exception {
        Workers.joinAll(List.of(started(() -> { }), started(() -> { })), "tasks");
    }

    @Test
    void aThreadPastTheDeadlineIsInterruptedAndNamedInOneLine() throws Exception {
        Thread hung = started(() -> {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                // ends
            }
        });
        TestbedException e = assertThrows(TestbedException.class,
                () -> Workers.joinAll(List.of(started(() -> { }), hung), "tasks", 1));
        assertEquals("1 of 2 tasks did not end within 1 s and were interrupted (the database stopped answering?)",
                e.getMessage());
        hung.join(5_000);
        assertFalse(hung.isAlive());
    }
}
