package io.poolbench.suite.poolsize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import io.poolbench.testbed.db.Leftovers;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.toxiproxy.RequiresDocker;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/**
 * A sweep whose database dies mid-phase (Docker: {@code sweep pool-size --db mysql}, the MySQL container killed):
 * the run fails with exit 1 (not 2, bad input), the phase that was running is failed with the driver's reason, and
 * the report shows no figure of it.
 */
@ExtendWith(RequiresDocker.class)
class PoolSizeFaultIT {
    @TempDir
    Path tmp;

    @Test
    void aDatabaseKilledMidSweepFailsTheRunWithoutFigures() throws Exception {
        Path out = tmp.resolve("run");
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                Path.of("target/poolbench.jar").toAbsolutePath().toString(), "sweep", "pool-size", "--root", "..",
                "--db", "mysql", "--rows", "1000", "--profiles", "hikari,dbcp2", "--sizes", "2,4", "--rounds", "5",
                "--tasks", "40", "--task-ms", "300", "--threads", "platform", "--out", out.toString());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putIfAbsent("TESTCONTAINERS_RYUK_DISABLED", "true");
        pb.environment().putIfAbsent("TESTCONTAINERS_HOST_OVERRIDE", "localhost");
        Process p = pb.start();
        List<String> lines = new ArrayList<>();
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = r.readLine()) != null) {
            lines.add(line);
            if (line.contains("== phase 2/")) {
                break;
            }
        }
        Thread.sleep(3_000);
        DockerClient docker = DockerClientFactory.instance().client();
        List<Container> mine = docker.listContainersCmd().withLabelFilter(List.of(Leftovers.PID)).exec().stream()
                .filter(c -> c.getLabels().get(Leftovers.PID).equals(Long.toString(p.pid()))).toList();
        assertEquals(1, mine.size(), String.join("\n", lines));
        docker.killContainerCmd(mine.get(0).getId()).exec();
        r.lines().forEach(lines::add);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES));
        assertEquals(1, p.exitValue(), String.join("\n", lines));
        Manifest m = Manifest.read(out);
        assertEquals("failed", m.status());
        assertEquals("failed", m.phase("pool-size:hikari").status(), m.phases().toString());
        String md = Files.readString(out.resolve("pool-size/summary.md"));
        assertTrue(md.contains("| hikari | all | **FAILED**"), md);
        assertFalse(md.contains("| HikariCP | 2 |") || md.contains("| HikariCP | 4 |"), "a figure of the failed phase:\n"
                + md);
    }
}
