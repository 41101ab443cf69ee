package io.poolbench.suite.borrowers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.PoolbenchMain;
import io.poolbench.testbed.load.BorrowerResult;
import io.poolbench.testbed.run.Manifest;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny borrowers run on a real database (embedded PostgreSQL, platform threads, so that the build's JDK 17 runs
 * it): the probe borrows and queries, names the driver as the driver reports itself, and leaves its JSON and the
 * summary; bad input is one line and exit 2 before anything starts. No timing checked.
 */
class BorrowersIT {
    @TempDir
    Path tmp;

    @Test
    void aProbeOnEmbeddedPostgresQueriesAndNamesItsDriver() throws Exception {
        Path out = tmp.resolve("run");
        assertEquals(0, PoolbenchMain.run("borrowers", "--root", "..", "--out", out.toString(), "--db", "embedded",
                "--profiles", "hikari", "--threads", "platform", "--rounds", "1", "--borrowers", "20", "--warmup-s",
                "0", "--seconds", "1"));
        assertEquals("ok", Manifest.read(out).status());
        BorrowerResult r = BorrowersReport.read(out.resolve("borrowers/hikari-platform-hold0.r1.json"));
        assertTrue(r.driver().startsWith("PostgreSQL JDBC Driver"), r.driver());
        assertTrue(r.borrows() > 0, r.toString());
        String md = Files.readString(out.resolve("borrowers/summary.md"));
        assertTrue(md.contains("on a database, each borrow running SELECT 1") && md.contains("| PostgreSQL JDBC Driver"),
                md);
    }

    @Test
    void badInputIsOneLineAndExitCode2() {
        assertEquals(2, PoolbenchMain.run("borrowers", "--root", "..", "--out", tmp.resolve("a").toString(), "--db",
                "oracle", "--profiles", "hikari", "--threads", "platform"));
        assertEquals(2, PoolbenchMain.run("borrowers", "--root", "..", "--out", tmp.resolve("b").toString(),
                "--driver-version", "8.0.33,9.4.0", "--profiles", "hikari", "--threads", "platform"));
    }
}
