package io.poolbench.testbed.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.poolbench.testbed.TestbedException;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkersTest {
    private static Thread started(Runnable r) {
        Thread t = new Thread(r);
        t.start();
        return t;
    }

    @Test
    void releaseTogetherStartsEveryTaskBeforeTheClockAndRunsEachOnce() throws Exception {
        java.util.concurrent.atomic.AtomicIntegerArray ran = new java.util.concurrent.atomic.AtomicIntegerArray(5);
        java.util.Set<String> names = java.util.concurrent.ConcurrentHashMap.newKeySet();
        long ns = Workers.releaseTogether("task", 5, Thread::new, i -> {
            ran.incrementAndGet(i);
            names.add(Thread.currentThread().getName());
        });
        for (int i = 0; i < 5; i++) {
            assertEquals(1, ran.get(i), "task " + i);
        }
        assertEquals(java.util.Set.of("task-0", "task-1", "task-2", "task-3", "task-4"), names);
        assertFalse(ns < 0);
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
