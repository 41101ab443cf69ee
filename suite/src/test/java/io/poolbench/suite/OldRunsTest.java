package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.run.RunRecord;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run directory of another layout version ({@code poolbench-run/1}: the manifest of a concurrency run, its data
 * left out) is refused in one line naming both versions, before anything is read or written.
 */
class OldRunsTest {
    @TempDir
    Path tmp;

    @Test
    void aRunDirectoryOfAnotherFormatIsRefusedInOneLine() throws Exception {
        Path dir = tmp.resolve("old");
        Files.createDirectories(dir);
        Files.copy(Path.of("src/test/resources/old-runs/format-1/run.json"), dir.resolve(RunRecord.MANIFEST));
        PrintStream err = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        int exit;
        try {
            System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
            exit = PoolbenchMain.run("report", dir.toString());
        } finally {
            System.setErr(err);
        }
        String said = buf.toString(StandardCharsets.UTF_8).strip();
        assertEquals(RunRecord.EXIT_BAD_INPUT, exit, said);
        assertEquals(1, said.lines().count(), said);
        assertTrue(said.contains("poolbench-run/1") && said.contains(RunRecord.FORMAT), said);
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "nothing written beside the manifest");
        }
    }
}
