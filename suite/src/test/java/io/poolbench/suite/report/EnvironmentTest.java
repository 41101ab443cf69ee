package io.poolbench.suite.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.RunRecord;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The environment block of the suite's page: the machine, the JDK, the versions, the command line. */
class EnvironmentTest {
    @TempDir
    Path dir;

    @Test
    void everyRowIsThereAndTheCommandLineIsTheRunsOwn() {
        RunRecord r = RunRecord.start(dir, "run", List.of("run", "--only", "seed000"), Map.of("preset", "quick"),
                new PrintStream(new ByteArrayOutputStream()));
        r.finish();
        String md = Environment.markdown(Path.of(".."), Manifest.read(dir), List.of(), false);
        for (String row : List.of("CPU", "memory", "OS", "JDK", "database", "Tomcat (webapp)", "drivers and pools",
                "JMeter", "commit", "command line", "started / ended")) {
            assertTrue(md.contains("| " + row + " | "), row + " in\n" + md);
        }
        assertTrue(md.contains("| command line | `./poolbench run --only seed000` |"), md);
        assertTrue(md.contains(Runtime.getRuntime().availableProcessors() + " cores"), md);
        assertTrue(md.matches("(?s).*HikariCP \\d+\\.\\d+.*"), "the pools' versions, read from their jars: " + md);
    }
}
