package io.poolbench.toxiproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.run.Manifest;
import io.poolbench.toxiproxy.drill.DrillReport;
import io.poolbench.toxiproxy.drill.DrillResult;
import io.poolbench.toxiproxy.drill.DrillRunner;
import io.poolbench.toxiproxy.drill.DrillSettings;
import io.poolbench.toxiproxy.drill.Injections;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testcontainers.DockerClientFactory;

/**
 * Every drill at a tiny scale (mechanics, not timings) with a pool of the catalog other than HikariCP (Tomcat JDBC
 * pool; HikariCP is driven by {@link MySqlToxiproxyIT} and {@link ExternalClusterIT}), and container clean-up when a
 * drill run is killed.
 */
@ExtendWith(RequiresDocker.class)
class DrillsIT {

    static DrillSettings tiny(Path out) {
        return new DrillSettings(List.of("tomcat-jdbc"), Path.of("../webapp/conf"), 1, 40, 0.25, 500, 1, 4, 2, 3, 1, 2, 3,
                List.of(0, 5), 1, 0, 1, 20, null, null, out);
    }

    @Test
    void everyDrillRunsAndIsReported() throws Exception {
        Path out = Path.of("target/drills-it").toAbsolutePath();
        List<DrillResult> results = new DrillRunner(tiny(out), System.out::println)
                .run(Injections.DRILLS);
        assertEquals(Injections.DRILLS.size(), results.size());
        for (DrillResult r : results) {
            assertTrue(r.outcomes().getOrDefault("ok", 0L) > 0, r.drill() + " " + r.outcomes());
            assertTrue(Files.isRegularFile(out.resolve("drills/" + r.drill() + "/tomcat-jdbc/run-1.csv")));
            if (r.drill().equals("stall")) {
                // nothing fails over: no ledger to reconcile against B; the outage's figures
                assertTrue(r.events().containsKey("injection") && r.events().containsKey("stall-end"), r.drill());
                assertTrue(r.metrics().containsKey("serves_again_s"), r.metrics().toString());
            } else if (!r.drill().equals("latency")) {
                assertNotNull(r.reconciliation(), r.drill());
                assertTrue(r.reconciliation().acknowledged() > 0, r.drill());
                assertTrue(r.events().containsKey("injection") && r.events().containsKey("endpoint-moved"));
            } else {
                assertTrue(r.metrics().containsKey("0ms.p99_ms") && r.metrics().containsKey("5ms.p99_ms"),
                        r.metrics().toString());
            }
        }
        DrillResult stale = results.stream().filter(r -> r.drill().equals("stale")).findFirst().orElseThrow();
        assertTrue(stale.events().keySet().stream().anyMatch(k -> k.startsWith("endpoint-a-")),
                "the endpoint flapped back to the old writer: " + stale.events());
        String md = DrillReport.write(out, tiny(out));
        for (String d : List.of("## What the profiles configure", "Tomcat JDBC (org.apache.tomcat.jdbc.pool",
                "effective settings, read back from the built pool", "## latency", "## planned", "## unplanned",
                "## stale", "## stall", "`lost_writes`")) {
            assertTrue(md.contains(d), d + " missing in\n" + md);
        }
        assertTrue(Files.isRegularFile(out.resolve("drills/planned/tomcat-jdbc/timeline.png")));
        assertTrue(Files.size(out.resolve("drills/summary.json")) > 0);
    }

    static long testcontainersContainers() {
        return DockerClientFactory.instance().client().listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of("org.testcontainers", "true")).exec().size();
    }

    @Test
    void killedDrillRemovesItsContainers() throws Exception {
        long before = testcontainersContainers();
        Path hosts = Files.createTempFile("drill-hosts", "");
        Files.writeString(hosts, "127.0.0.1 localhost\n::1 localhost\n");
        Path out = Files.createTempDirectory("drill-kill");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djdk.net.hosts.file=" + hosts, "-Dsun.net.inetaddr.ttl=0",
                "-cp", System.getProperty("java.class.path"), "io.poolbench.toxiproxy.drill.DrillCommand",
                "planned", "--profiles", "hikari", "--rounds", "1", "--steady", "60", "--rows", "200",
                "--conf-dir", "../webapp/conf", "--out", out.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        Process p = pb.start();
        boolean running = false;
        List<String> console = Collections.synchronizedList(new ArrayList<>());
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
                String line;
                while ((line = r.readLine()) != null) {
                    console.add(line);
                }
            } catch (IOException ended) {
                // the process is gone
            }
        });
        reader.start();
        try {
            for (int i = 0; i < 600 && console.stream().noneMatch(l -> l.contains("run 1/1")); i++) {
                Thread.sleep(200);
            }
            // the topology is up once the run has started and containers exist
            for (int i = 0; i < 120 && !running; i++) {
                running = testcontainersContainers() >= before + 3;
                Thread.sleep(500);
            }
            assertTrue(running, "the drill started its containers");
            // SIGTERM, what Ctrl-C's SIGINT also triggers (the JVM's shutdown hooks); ProcessHandle.destroy keeps
            // the output stream open (Process.destroy closes it)
            p.toHandle().destroy();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the drill process ended");
            reader.join(10_000);
            assertEquals(143, p.exitValue(), String.join("\n", console));
        } finally {
            p.destroyForcibly();
        }
        long after = testcontainersContainers();
        for (int i = 0; i < 60 && after > before; i++) {
            Thread.sleep(500);
            after = testcontainersContainers();
        }
        assertEquals(before, after, "containers left behind by the killed drill");
        // the run says it was interrupted, and an interrupted drill left /tmp/poolbench-tomcat* behind
        Manifest m = Manifest.read(out);
        assertEquals("interrupted", m.status());
        assertEquals("interrupted", m.phase("planned:hikari:1").status());
        assertTrue(console.stream().anyMatch(l -> l.startsWith("poolbench: interrupted (SIGTERM)")),
                String.join("\n", console));
        assertTrue(console.stream().noneMatch(l -> l.startsWith("\tat ")), "no stack trace on the console");
        try (var s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            assertEquals(List.of(), s.filter(x -> x.getFileName().toString()
                    .startsWith("poolbench-tomcat-" + p.pid() + "-")).toList());
        }
    }
}
