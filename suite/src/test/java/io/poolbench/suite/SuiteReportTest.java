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
    void theVerdictTableAndItsForestPlotStandSideBySideOnThePage(@TempDir Path dir) throws Exception {
        Files.write(dir.resolve("forest.png"), new byte[] {1});
        String md = "<div class=\"verdicts\">\n<div class=\"verdict-table\">\n\n| # | q |\n|---|---|\n| 1 | a |\n"
                + "\n</div>\n<div class=\"forest\">\n\n![forest](forest.png)\n\n</div>\n</div>\n";
        String html = SuiteReport.html(md, dir);
        int box = html.indexOf("<div class=\"verdicts\">");
        int table = html.indexOf("<table>");
        int forest = html.indexOf("<div class=\"forest\">");
        int image = html.indexOf("<img src=\"data:image/png;base64,");
        assertTrue(box >= 0 && box < table && table < forest && forest < image, html);
        assertTrue(html.contains(".verdicts{display:flex"), "the page's styles set them side by side");
    }

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
