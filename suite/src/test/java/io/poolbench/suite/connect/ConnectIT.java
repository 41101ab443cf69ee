package io.poolbench.suite.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.PoolbenchMain;
import io.poolbench.suite.tools.Pgbench;
import io.poolbench.suite.tools.ServerPooler;
import io.poolbench.testbed.run.Manifest;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny connect sweep against embedded PostgreSQL: a row per variant (Java unpooled and one pool; pgbench
 * directly and through the poolers where installed), the article's table, the chart; no pgbench, PgBouncer or
 * pgpool-II process left; no timing checked.
 */
class ConnectIT {
    @TempDir
    Path tmp;

    @Test
    void tinySweepWritesEveryVariantAndLeavesNoProcess() throws Exception {
        Path out = tmp.resolve("run");
        assertEquals(0, PoolbenchMain.run("sweep", "connect", "--out", out.toString(), "--profiles",
                "unpooled,hikari", "--rounds", "2", "--clients", "3", "--transactions", "5", "--scale", "1",
                "--pgpool-children", "4"));
        String md = Files.readString(out.resolve("connect/summary.md"));
        assertTrue(md.contains("new connection each (unpooled)") && md.contains("borrow from HikariCP"), md);
        assertTrue(md.contains("pgbench 8.4 -S -C -c 30 -t 300, pgpool-II"), "the article's rows: " + md);
        assertTrue(md.contains("Not comparable"), md);
        if (Pgbench.find().isPresent()) {
            assertTrue(md.contains("pgbench -S -C -c 3 -j 1 -t 5 direct"), md);
            if (ServerPooler.find("pgbouncer").isPresent()) {
                assertTrue(md.contains("via PgBouncer"), md);
            } else {
                assertTrue(md.contains("PgBouncer is not installed: its runs are skipped"), md);
            }
            if (ServerPooler.find("pgpool").isPresent()) {
                assertTrue(md.contains("via pgpool-II"), md);
            } else {
                assertTrue(md.contains("pgpool-II is not installed: its runs are skipped"), md);
            }
        } else {
            assertTrue(md.contains("pgbench is not installed"), md);
        }
        // our own measured cells: every variant that ran has its run with positive rates
        for (String id : new String[] {"java-unpooled", "java-hikari"}) {
            JsonNode run = new ObjectMapper().readTree(out.resolve("connect/" + id + ".json").toFile())
                    .get("runs").get(0);
            assertTrue(run.get("tpsIncluding").asDouble() > 0, id + ": " + run);
            assertTrue(run.get("tpsExcluding").asDouble() >= run.get("tpsIncluding").asDouble(),
                    id + ": excluding connection set-up cannot be slower than including it: " + run);
        }
        // the variants ran in rounds, so the pool against a new connection each is a paired comparison
        JsonNode findings = new ObjectMapper().readTree(out.resolve("connect/summary.json").toFile()).get("findings");
        boolean paired = false;
        for (JsonNode f : findings) {
            paired |= f.get("a").asText().equals("java-hikari") && f.get("b").asText().equals("java-unpooled")
                    && f.at("/ratio/n").asInt() == 2 && !f.get("verdict").asText().equals("ONE_ROUND");
        }
        assertTrue(paired, findings.toString());
        assertTrue(md.contains("java-hikari ") && md.contains("2 rounds)"), md);
        assertTrue(Files.isRegularFile(out.resolve("connect/tps.png")));
        assertEquals("ok", Manifest.read(out).status());
        assertFalse(ProcessHandle.allProcesses().anyMatch(h -> h.parent().map(pp -> pp.pid()
                == ProcessHandle.current().pid()).orElse(false) && h.info().command().map(c -> c.contains("pgbouncer")
                || c.contains("pgpool") || c.contains("pgbench")).orElse(false)), "a pooler or pgbench left running");
        assertEquals(2, PoolbenchMain.run("sweep", "connect", "--without", "nothing", "--out",
                tmp.resolve("x").toString()), "bad input");
        assertEquals(2, PoolbenchMain.run("sweep", "connect", "--clients", "0", "--out", tmp.resolve("y").toString()));
    }
}
