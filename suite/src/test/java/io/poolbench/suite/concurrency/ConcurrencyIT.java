package io.poolbench.suite.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.PoolbenchMain;
import io.poolbench.testbed.run.Manifest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny concurrency sweep against embedded PostgreSQL: HikariCP and R2DBC (blocking and async) at one user count,
 * with and without the index: a row per stack and index setting, the article's tables, both charts, the index back
 * at the end, no webapp or JMeter left; bad input is one line and exit 2. No timing checked.
 */
class ConcurrencyIT {
    @TempDir
    Path tmp;

    @Test
    void tinySweepWritesEveryStackAndLeavesNoProcess() throws Exception {
        Path out = tmp.resolve("run");
        assertEquals(0, PoolbenchMain.run("sweep", "concurrency", "--root", "..", "--out", out.toString(),
                "--profiles", "hikari,r2dbc", "--users", "4", "--step-seconds", "1", "--warmup-seconds", "1",
                "--rows", "5000", "--rounds", "2"));
        String md = Files.readString(out.resolve("concurrency/summary.md"));
        for (String stack : new String[] {"HikariCP (JDBC)", "R2DBC r2dbc (blocking)", "R2DBC r2dbc (async servlet)"}) {
            assertEquals(2, md.lines().filter(l -> l.startsWith("| 4 | " + stack + " |")).count(), stack + ": " + md);
        }
        assertTrue(md.contains("| 300 | 6149.8 | 32.88 | 65.23 | 4360.7 | 58.08 | 84.55 |"), "the article's rows");
        assertTrue(md.contains("## What the index is worth"), md);
        // our own measured cells, per index setting and stack: present, positive, percentiles in order
        for (String index : new String[] {"with", "without"}) {
            for (String id : new String[] {"hikari", "r2dbc", "r2dbc-async"}) {
                JsonNode stack = new ObjectMapper().readTree(out.resolve("concurrency/r1/" + index + "/" + id
                        + ".json").toFile());
                JsonNode step = stack.get("steps").get(0);
                String where = index + " the index, " + id + ": " + step;
                assertFalse(step.has("failed"), where);
                assertEquals(4, step.get("users").asInt(), where);
                assertTrue(step.get("requests").asLong() > 0 && step.get("reqPerSecond").asDouble() > 0, where);
                double median = step.get("medianMs").asDouble();
                double p95 = step.get("p95Ms").asDouble();
                double p99 = step.get("p99Ms").asDouble();
                double max = step.get("maxMs").asDouble();
                assertTrue(median > 0 && median <= p95 && p95 <= p99 && p99 <= max, where);
            }
        }
        assertTrue(Files.isRegularFile(out.resolve("concurrency/with-index.png")));
        assertTrue(Files.isRegularFile(out.resolve("concurrency/without-index.png")));
        assertTrue(Files.isRegularFile(out.resolve("concurrency/r1/with/hikari/4-users/results.csv")));
        assertTrue(Files.isRegularFile(out.resolve("concurrency/r2/without/r2dbc-async/4-users/results.csv")));
        // each R2DBC stack against HikariCP per index setting, paired within the 2 rounds
        JsonNode findings = new ObjectMapper().readTree(out.resolve("concurrency/summary.json").toFile())
                .get("findings");
        assertEquals(4, findings.size(), findings.toString());
        for (JsonNode f : findings) {
            assertEquals(2, f.at("/ratio/n").asInt(), f.toString());
            assertTrue(f.get("b").asText().equals("HikariCP (JDBC)"), f.toString());
        }
        assertTrue(md.contains("## Over rounds: R2DBC against JDBC"), md);
        assertEquals("ok", Manifest.read(out).status());
        assertEquals(List.of(), leftOver(), "a webapp, JMeter or PostgreSQL left running");
        assertEquals(2, PoolbenchMain.run("sweep", "concurrency", "--root", "..", "--users", "0", "--out",
                tmp.resolve("x").toString()), "out of range");
        assertEquals(2, PoolbenchMain.run("sweep", "concurrency", "--root", "..", "--index", "maybe", "--out",
                tmp.resolve("y").toString()));
        assertEquals(2, PoolbenchMain.run("sweep", "concurrency", "--root", "..", "--profiles", "unpooled", "--out",
                tmp.resolve("z").toString()), "no pool");
        assertFalse(Files.exists(tmp.resolve("x")) || Files.exists(tmp.resolve("y")) || Files.exists(tmp.resolve("z")));
    }

    /** Children that outlive the run: JVMs (webapp, JMeter) and PostgreSQL; watchdogs get 5 s to notice. */
    private static List<String> leftOver() throws InterruptedException {
        List<String> left = List.of();
        for (int i = 0; i < 50; i++) {
            left = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                    .map(h -> h.info().commandLine().orElse("?"))
                    .filter(c -> c.contains("java") || c.contains("postgres")).toList();
            if (left.isEmpty()) {
                break;
            }
            Thread.sleep(100);
        }
        return left;
    }
}
