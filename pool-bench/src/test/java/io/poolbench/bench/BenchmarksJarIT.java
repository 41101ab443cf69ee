package io.poolbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar benchmarks.jar} from a directory that is not the project: the profiles are found by name in the
 * copy packaged in the jar. One tiny in-process run of a pool of the catalog (Vibur); nothing is timed.
 */
class BenchmarksJarIT {
    @TempDir
    Path elsewhere;

    @Test
    void theJarFindsItsProfilesFromAnyDirectory() throws Exception {
        Path jar = Path.of("target/benchmarks.jar").toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), "package the module first");
        Path log = elsewhere.resolve("jmh.log");
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString(), "ConnectionCycle.throughput", "-p", "profile=vibur",
                "-f", "0", "-wi", "0", "-i", "1", "-r", "100ms", "-t", "1", "-foe", "true"))
                .directory(elsewhere.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "JMH ended");
        String out = Files.readString(log);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("vibur"), out);
    }
}
