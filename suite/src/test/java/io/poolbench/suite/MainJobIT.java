package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A tiny main job from the built artifacts of this reactor (JMH jar, webapp jar, JMeter home): both default
 * profiles, all three query classes, real requests against embedded PostgreSQL. Checks what the report contains,
 * not how fast anything was.
 */
class MainJobIT {
    @Test
    void tinyMainJobReportsBothPoolsAndAllQueryClasses() throws Exception {
        Path out = Path.of("target/it-report").toAbsolutePath();
        io.poolbench.testbed.Cli.deleteTree(out);
        int rc = PoolbenchMain.run("run", "--root", "..", "--out", out.toString(), "--rows", "5000",
                "--duration", "6", "--rampup", "1", "--short-threads", "3", "--medium-threads", "2",
                "--long-threads", "1",
                "--jmh-args", "ConnectionCycle -f 1 -wi 0 -i 1 -r 200ms -t 4");
        assertEquals(0, rc);
        JsonNode s = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(2, s.get("load").size());
        for (JsonNode load : s.get("load")) {
            for (String c : Report.CLASSES) {
                assertTrue(load.at("/stats/" + c + "/requests").asLong() > 0, load.get("profile") + " " + c);
            }
            assertTrue(load.at("/poolState/samples").asInt() > 0);
        }
        assertEquals(4, s.get("jmh").size());
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("| HIKARI (hikari) | short |") && md.contains("| DBCP2 (dbcp2) | long |"), md);
        assertTrue(Files.isRegularFile(out.resolve("load/hikari/dashboard/index.html")));
        assertTrue(Files.isRegularFile(out.resolve("load/dbcp2/dashboard/index.html")));
        assertTrue(!md.contains("poolbench-pw"), "no password in the report");
    }

    @Test
    void badInputIsOneLineAndExitCode2() {
        assertEquals(2, PoolbenchMain.run("run", "--root", "..", "--profiles", "hikary"));
        assertEquals(2, PoolbenchMain.run("run", "--root", "..", "--preset", "fast"));
        assertEquals(2, PoolbenchMain.run("run", "--root", "/nonexistent"));
        assertEquals(2, PoolbenchMain.run("run", "--root", "..", "--skip-jmh", "--db", "external", "--jdbc-url",
                "jdbc:postgresql://127.0.0.1:1/none"));
        assertEquals(2, PoolbenchMain.run("report", "/nonexistent/dir"));
    }
}
