package io.poolbench.testbed.db;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which labelled containers a run removes: those of poolbench processes that are gone, never a live one's. */
class LeftoversTest {
    @Test
    void aDeadProcessesContainerIsOrphanedALiveOnesIsNot() throws Exception {
        assertFalse(Leftovers.orphaned(Leftovers.labels()), "this process is alive");
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Map<String, String> dead = new HashMap<>(Leftovers.labels());
        dead.put(Leftovers.PID, Long.toString(gone.pid()));
        assertTrue(Leftovers.orphaned(dead));
        // a live pid that started at another time is another process: its pid was reused
        Map<String, String> reused = new HashMap<>(Leftovers.labels());
        reused.put(Leftovers.STARTED, "1000");
        assertTrue(Leftovers.orphaned(reused));
        assertFalse(Leftovers.orphaned(Map.of("org.testcontainers.lang", "java")), "not ours");
    }
}
