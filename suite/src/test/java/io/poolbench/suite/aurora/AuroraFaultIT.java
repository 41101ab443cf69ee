package io.poolbench.suite.aurora;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import io.poolbench.testbed.db.Leftovers;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.PhaseEntry;
import io.poolbench.testbed.run.RunEnd;
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
 * The Aurora scenario under faults (Docker), each at the smallest size that still shows it: the Toxiproxy container killed
 * during the measured period ends the load at once and fails the run (exit 1), and no figure of it reaches the
 * table; the run killed with
 * {@code kill -9} leaves its labelled containers, which the next run removes.
 */
@ExtendWith(RequiresDocker.class)
class AuroraFaultIT {
    @TempDir
    Path tmp;

    private final List<String> console = new ArrayList<>();

    /** Starts the Aurora scenario with one profile and returns once its load runs (the JMeter progress line). */
    private Process startLoaded(Path out) throws Exception {
        Process p = AuroraProcess.start(tmp, "--out", out.toString(), "--profiles", "aurora-article-hikari-verbatim",
                "--duration", "30", "--warmup", "10", "--rampup", "2", "--rows", "2000", "--long-screen-max-ms", "2000");
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = r.readLine()) != null) {
            console.add(line);
            if (line.contains("jmeter aurora-article-hikari-verbatim:")) {
                Thread t = new Thread(() -> r.lines().forEach(console::add));
                t.setDaemon(true);
                t.start();
                return p;
            }
        }
        throw new AssertionError("the Aurora run ended before its load ran:\n" + String.join("\n", console));
    }

    private static List<Container> containersOf(long pid) {
        DockerClient docker = DockerClientFactory.instance().client();
        return docker.listContainersCmd().withShowAll(true).withLabelFilter(List.of(Leftovers.PID)).exec().stream()
                .filter(c -> c.getLabels().get(Leftovers.PID).equals(Long.toString(pid))).toList();
    }

    @Test
    void aKilledToxiproxyFailsTheRunAndNoFigureOfItIsShown() throws Exception {
        Path out = tmp.resolve("run");
        Process p = startLoaded(out);
        Thread.sleep(8_000);
        List<Container> mine = containersOf(p.pid());
        Container toxiproxy = mine.stream().filter(c -> c.getImage().contains("toxiproxy")).findFirst().orElseThrow();
        DockerClientFactory.instance().client().killContainerCmd(toxiproxy.getId()).exec();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES));
        assertEquals(1, p.exitValue(), String.join("\n", console));
        PhaseEntry run = Manifest.read(out).phase("run:aurora-article-hikari-verbatim");
        assertEquals("failed", run.status());
        assertTrue(run.reason().matches("the database's process toxiproxy \\(pid \\d+\\) is gone during the load; JMeter"
                + " was stopped"), run.reason());
        String md = Files.readString(out.resolve("screens/summary.md"));
        assertTrue(md.contains("| aurora-article-hikari-verbatim | **FAILED** |"), md);
        assertFalse(md.contains("| aurora-article-hikari-verbatim | HikariCP | short |"), "a figure of the failed run:\n" + md);
        assertEquals(List.of(), containersOf(p.pid()), "the run stopped its containers");
    }

    @Test
    void theContainersOfARunKilledWithKillMinus9AreRemovedByTheNext() throws Exception {
        Path run = tmp.resolve("killed");
        Process p = startLoaded(run);
        p.destroyForcibly();
        assertTrue(p.waitFor(1, TimeUnit.MINUTES));
        List<Container> left = containersOf(p.pid());
        assertEquals(3, left.size(), "MySQL A, B and Toxiproxy are left by kill -9");
        String runDir = run.toAbsolutePath().normalize().toString();
        assertTrue(left.stream().allMatch(c -> runDir.equals(c.getLabels().get(Leftovers.RUN))), "labelled with the"
                + " run: " + left.stream().map(Container::getLabels).toList());
        List<String> said = new ArrayList<>();
        List<Path> runs = Leftovers.sweep(said::add);
        assertEquals(List.of(), containersOf(p.pid()));
        assertTrue(said.size() == 1 && said.get(0).contains("run " + runDir + ", pid " + p.pid()), said.toString());
        // its manifest, which said running, says killed once the next command has swept
        assertEquals(List.of(Path.of(runDir)), runs);
        RunEnd.markKilled(runs, said::add);
        assertTrue(Files.readString(run.resolve("run.json")).contains("\"status\" : \"killed\""));
    }
}
