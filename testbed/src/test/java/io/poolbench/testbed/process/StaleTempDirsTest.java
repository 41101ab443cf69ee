package io.poolbench.testbed.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A Tomcat directory of a process killed with -9 goes at the next command; one of a live process stays. */
class StaleTempDirsTest {
    @Test
    void onlyTheDirectoriesOfGoneProcessesAreRemoved() throws Exception {
        String prefix = "poolbench-test-" + System.nanoTime() + "-";
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Path dead = Files.createDirectories(tmp.resolve(prefix + gone.pid() + "-1/docroot"));
        Path live = Files.createDirectories(tmp.resolve(prefix + ProcessHandle.current().pid() + "-2"));
        try {
            assertEquals(1, StaleTempDirs.sweep(prefix));
            assertFalse(Files.exists(dead.getParent()));
            assertTrue(Files.exists(live));
        } finally {
            Files.deleteIfExists(live);
        }
    }
}
