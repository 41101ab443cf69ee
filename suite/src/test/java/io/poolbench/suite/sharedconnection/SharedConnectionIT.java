package io.poolbench.suite.sharedconnection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.PoolbenchMain;
import io.poolbench.suite.tools.ServerPooler;
import io.poolbench.testbed.run.Manifest;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny shared-connection sweep against embedded PostgreSQL, with the background load in its own JVM: every variant's
 * row under both load conditions, the claims table, the memory tables, the charts; the load process and PgBouncer
 * stopped; no timing checked.
 */
class SharedConnectionIT {
    @TempDir
    Path tmp;

    @Test
    void tinySweepWritesEveryVariantUnderBothLoadsAndStopsTheLoad() throws Exception {
        Path out = tmp.resolve("run");
        assertEquals(0, PoolbenchMain.run("sweep", "shared", "--out", out.toString(), "--profiles", "hikari",
                "--thread-counts", "2,4", "--rounds", "1", "--pool-size", "2", "--load-threads", "2", "--load-pool", "2",
                "--memory-connections", "2", "--server-connections", "2", "--rows", "1000"));
        String md = Files.readString(out.resolve("shared/summary.md"));
        assertTrue(md.contains("## Load: none") && md.contains("## Load: cross-join"), md);
        assertTrue(md.contains("| one shared connection |") && md.contains("| a new connection per thread |")
                && md.contains("| borrow from HikariCP |"), md);
        if (ServerPooler.find("pgbouncer").isPresent()) {
            assertTrue(md.contains("| a new connection to PgBouncer per thread |"), md);
        } else {
            assertTrue(md.contains("PgBouncer is not installed: its variant is skipped"), md);
        }
        // our own measured cells: each variant's trials at each thread count, under both loads
        ObjectMapper json = new ObjectMapper();
        for (String load : new String[] {"none", "cross-join"}) {
            for (String v : new String[] {"shared", "unpooled", "hikari"}) {
                JsonNode trials = json.readTree(out.resolve("shared/" + load + "-" + v + ".json").toFile())
                        .get("trials");
                for (String threads : new String[] {"2", "4"}) {
                    JsonNode t = trials.get(threads);
                    String where = load + ", " + v + ", " + threads + " threads: " + t;
                    assertTrue(t != null && t.get("elapsedMs").size() == 1, where);
                    assertTrue(t.get("elapsedMs").get(0).asDouble() > 0 && t.get("errors").asInt() == 0, where);
                }
            }
        }
        JsonNode period = json.readTree(out.resolve("shared/cross-join-period.json").toFile());
        // the tiny trials last under 2 s, shorter than the load's once-a-second report: its rate is then not
        // measured (null), and never reported as a measured 0
        JsonNode rate = period.get("loadQueriesPerSecond");
        assertTrue(rate != null && (rate.isNull() || rate.asDouble() > 0), "the background load's rate: " + period);
        assertEquals(0, period.get("loadErrors").asInt(), "the background load's errors: " + period);
        assertTrue(md.contains("| shared connection |") && md.contains("180,794"), "Table 1 beside ours: " + md);
        assertTrue(md.contains("| 2 | 2 |"), "two backends read with two connections open: " + md);
        assertTrue(Files.isRegularFile(out.resolve("shared/none.png")));
        assertTrue(Files.isRegularFile(out.resolve("shared/cross-join.png")));
        assertEquals("ok", Manifest.read(out).status());
        assertFalse(ProcessHandle.current().children().anyMatch(h -> h.info().commandLine().map(c -> c.contains(
                "BackgroundLoad") || c.contains("pgbouncer")).orElse(false)), "the load or PgBouncer left running");
        assertEquals(2, PoolbenchMain.run("sweep", "shared", "--load", "heavy", "--out", tmp.resolve("x").toString()));
        assertEquals(2, PoolbenchMain.run("sweep", "shared", "--thread-counts", "0", "--out", tmp.resolve("y").toString()));
    }
}
