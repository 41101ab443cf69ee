package io.poolbench.suite.poolsize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.PoolbenchMain;
import io.poolbench.testbed.run.Manifest;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A tiny pool-size sweep against embedded PostgreSQL: the table, the chart, the article's column; no timing. */
class PoolSizeIT {
    @TempDir
    Path tmp;

    @Test
    void tinySweepWritesTheTableAndChart() throws Exception {
        Path out = tmp.resolve("run");
        assertEquals(0, PoolbenchMain.run("sweep", "pool-size", "--out", out.toString(), "--profiles",
                "hikari,tomcat-jdbc", "--sizes", "1,2", "--rounds", "1", "--tasks", "4", "--task-ms", "20"));
        String md = Files.readString(out.resolve("pool-size/summary.md"));
        assertTrue(md.contains("| HikariCP | 1 |") && md.contains("| Tomcat JDBC | 2 |"), md);
        assertTrue(md.contains("Not comparable"), "4 tasks of 20 ms are not the article's 20 of 200 ms: " + md);
        assertTrue(Files.isRegularFile(out.resolve("pool-size/elapsed.png")));
        assertEquals("ok", Manifest.read(out).status());
        assertEquals(2, PoolbenchMain.run("sweep", "pool-size", "--profiles", "unpooled", "--out",
                tmp.resolve("x").toString()), "no pool: bad input");
    }

    @Test
    void virtualThreadsRunOnJdk21AndAreRefusedWithOneLineBefore() throws Exception {
        Path out = tmp.resolve("virtual");
        int rc = PoolbenchMain.run("sweep", "pool-size", "--out", out.toString(), "--profiles", "hikari", "--sizes",
                "2", "--rounds", "1", "--tasks", "4", "--task-ms", "20", "--threads", "virtual");
        if (Runtime.version().feature() < 21) {
            assertEquals(2, rc, "JDK " + Runtime.version().feature() + " has no virtual threads");
            assertTrue(!Files.exists(out.resolve("run.json")), "refused before anything starts");
        } else {
            assertEquals(0, rc);
            String md = Files.readString(out.resolve("pool-size/summary.md"));
            assertTrue(md.contains("| HikariCP (virtual threads) | 2 |"), md);
        }
    }
}
