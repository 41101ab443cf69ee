package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.run.RunRecord;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The suite page's top, read from the run before any Markdown: the scenarios' rows and the findings' order. */
class SuiteReportTest {
    @TempDir
    Path dir;

    @Test
    void everyScenarioOfTheRunHasItsRowWithItsStatusWhyAndCommandLine() throws Exception {
        Map<String, Object> scenarios = new LinkedHashMap<>();
        scenarios.put("pool-size", List.of("sweep", "pool-size", "--rounds", "3"));
        scenarios.put("compare", List.of("compare", "--duration", "15"));
        RunRecord r = RunRecord.start(dir, "run", List.of("run"), Map.of("preset", "quick", "scenarios", scenarios),
                new PrintStream(OutputStream.nullOutputStream()));
        Phase p = r.plan("scenario:pool-size", "pool size");
        p.start();
        p.failed("sweep pool-size died | exit 137\nsecond line");
        r.finish();
        SuiteReport.Top top = SuiteReport.top(dir, Manifest.read(dir));
        assertEquals(List.of(
                new SuiteReport.ScenarioRow("pool-size", SuiteEntry.POOL_SIZE.title, "failed",
                        "sweep pool-size died | exit 137", List.of("sweep", "pool-size", "--rounds", "3")),
                new SuiteReport.ScenarioRow("compare", SuiteEntry.COMPARE.title, null, null, List.of("compare",
                        "--duration", "15"))), top.scenarios());
        assertEquals(List.of(), top.findings(), "no scenario left data");


        String md = Files.readString(SuiteReport.write(dir, dir).markdown());
        assertTrue(md.contains("| [" + SuiteEntry.POOL_SIZE.title + "](#pool-size) | **FAILED**: sweep pool-size died"
                + " \\| exit 137 | `./poolbench sweep pool-size --rounds 3` |"), md);
        assertTrue(md.contains("No scenario finished with data."), md);
    }
}
