package io.poolbench.suite.poolsize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.testbed.stats.Finding;
import io.poolbench.testbed.stats.Verdict;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pool-size scenario's report from a run directory written here: figures, the article's column, a failed pool. */
class PoolSizeReportTest {
    @TempDir
    Path dir;

    @Test
    void aCellIsTheMedianAndRangeOfItsRunsAndEveryTasksWait() {
        PoolSizeReport.Cell c = PoolSizeReport.cell(List.of(new PoolSizeExperiment.Run(810, List.of(0.0, 600.0)),
                new PoolSizeExperiment.Run(806, List.of(0.0, 610.0)), new PoolSizeExperiment.Run(820, List.of(1.0,
                        605.0))), 20, 5, 200);
        assertEquals(810, c.medianMs());
        assertEquals(806, c.minMs());
        assertEquals(820, c.maxMs());
        assertEquals(800, c.idealMs());
        assertEquals(610, c.waitMaxMs());
        assertEquals(3, c.n());
        assertNull(PoolSizeReport.cell(List.of(), 20, 5, 200), "no run, no cell");
        assertEquals(600, PoolSizeReport.fifoMaxWaitMs(20, 5, 200), "four waves: the last waits three holds");
    }

    @Test
    void theReportShowsOurCellsBesideTheArticlesAndAFailedPoolWithoutNumbers() throws Exception {
        PoolSizeSettings s = new PoolSizeSettings(List.of("hikari.xml", "dbcp2.xml"), List.of(1, 20), 2, 20, 200,
                "embedded", List.of("platform"));
        RunRecord r = RunRecord.start(dir, "sweep pool-size", List.of("sweep", "pool-size"), s,
                new PrintStream(new ByteArrayOutputStream()));
        Phase ok = r.plan("pool-size:hikari", "HikariCP");
        Phase failed = r.plan("pool-size:dbcp2", "DBCP2");
        Files.createDirectories(dir.resolve("pool-size"));
        new ObjectMapper().writeValue(dir.resolve("pool-size/hikari.json").toFile(), new PoolSizeExperiment.Result(
                "hikari", "HikariCP", "platform", Map.of("1", List.of(new PoolSizeExperiment.Run(4036, List.of(0.0)),
                        new PoolSizeExperiment.Run(4036, List.of(0.0))), "20", List.of(new PoolSizeExperiment.Run(207,
                        List.of(0.0)), new PoolSizeExperiment.Run(210, List.of(0.0)))), PoolSizeExperiment.ROUNDS));
        ok.start();
        ok.ok("2 sizes");
        failed.start();
        failed.failed("the pool | died");
        r.finish();
        String md = PoolSizeReport.write(dir);
        assertTrue(md.contains("| HikariCP | 1 | 4,036 (4,036–4,036) | 4,000 | +36 | 4,175 (4,174–4,244) |"), md);
        assertTrue(md.contains("| HikariCP | 20 | 207 (207–210) | 200 | +7 | 352 (349–356) |"), md);
        assertTrue(md.contains("| dbcp2 | all | **FAILED**: the pool \\| died | | | | | |"), md);
        // the sizes ran in rounds, so the largest against the smallest is a paired comparison: 207/4036, 210/4036
        Finding f = PoolSizeReport.finding(new ObjectMapper().readValue(dir.resolve("pool-size/hikari.json").toFile(),
                PoolSizeExperiment.Result.class), "HikariCP", List.of(1, 20));
        assertEquals("HikariCP, pool size 20", f.a());
        assertEquals("HikariCP, pool size 1", f.b());
        assertEquals(Verdict.AHEAD, f.verdict());
        assertEquals(2, f.ratio().n());
        assertEquals(Math.sqrt(207.0 / 4036 * 210.0 / 4036), f.ratio().ratio(), 1e-9, "the geometric mean");
        assertTrue(md.contains("- **" + f.text()), "the finding's own sentence is in the report: " + md);
        assertTrue(PoolSizeReport.findings(dir).get(0).solid(), "rests on an interval that excludes 1");
        assertTrue(Files.isRegularFile(dir.resolve("pool-size/elapsed.png")));
        assertTrue(Files.readString(dir.resolve("pool-size/summary.json")).contains("\"idealMs\" : 4000"));
    }
}
