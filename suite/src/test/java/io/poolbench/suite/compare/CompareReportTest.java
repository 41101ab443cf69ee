package io.poolbench.suite.compare;

import static io.poolbench.suite.process.JtlRows.HEADER;
import static io.poolbench.suite.process.JtlRows.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.poolbench.suite.PoolbenchMain;
import io.poolbench.suite.process.JtlSummary;
import io.poolbench.suite.process.PoolSampler;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.report.JmhSummary;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.testbed.stats.Claim;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareReportTest {
    @TempDir
    Path dir;


    @Test
    void jtlStatisticsFollowJMetersDefinitions() throws Exception {
        StringBuilder sb = new StringBuilder(HEADER);
        for (int i = 1; i <= 100; i++) {
            sb.append(row(1_000_000 + i * 10L, i, "short", 200));
        }
        sb.append(row(1_000_000, 5_000, "long", 503));
        sb.append("1000,5,sho"); // a line cut short by an interrupted run
        Path csv = dir.resolve("r.csv");
        Files.writeString(csv, sb.toString());
        Map<String, JtlSummary.LabelStats> s = JtlSummary.read(csv);
        JtlSummary.LabelStats sh = s.get("short");
        assertEquals(100, sh.requests());
        assertEquals(0, sh.errors());
        assertEquals(50, sh.medianMs());
        assertEquals(90, sh.p90Ms());
        assertEquals(99, sh.p99Ms());
        assertEquals(1, sh.minMs());
        assertEquals(100, sh.maxMs());
        assertEquals(50.5, sh.avgMs(), 1e-9);
        // span: first start 1,000,010 to last end 1,001,000 + 100 = 1.09 s
        assertEquals(100 / 1.09, sh.throughput(), 1e-6);
        assertEquals(1, s.get("long").errors());
        assertEquals(Map.of("503", 1L), s.get("long").errorsByCode());
        assertEquals(101, s.get("all").requests());
    }

    @Test
    void jmhJsonIsReadWithPerIterationP99() throws Exception {
        Path json = dir.resolve("jmh.json");
        try (InputStream in = getClass().getResourceAsStream("/jmh-sample.json")) {
            Files.copy(in, json);
        }
        List<JmhSummary.Result> r = JmhSummary.read(json);
        assertEquals(4, r.size());
        JmhSummary.Result lat = r.stream().filter(x -> x.mode().equals("sample")).findFirst().orElseThrow();
        assertEquals("ConnectionCycle.latency", lat.method());
        assertEquals(lat.iterations() * lat.forks(), lat.p99PerIteration().size());
        assertTrue(lat.samples() > 1000);
        assertTrue(lat.percentiles().containsKey("99.9"));
        assertTrue(Double.isNaN(r.get(0).error()), "JMH writes \"NaN\" when it cannot compute an error");
        JmhSummary.Result thr = r.stream().filter(x -> x.mode().equals("thrpt")).findFirst().orElseThrow();
        assertEquals(thr.forks(), thr.forkMeans().size(), "one mean per fork");
        assertTrue(lat.forkMeans().isEmpty(), "sample mode has histograms, not fork means");
    }

    /** A run directory as the main job leaves it: manifest with the given load phase outcome, JMH ok. */
    private void run(boolean loadOk) throws Exception {
        CompareSettings rs = new CompareSettings("quick", List.of(new CompareSettings.ProfileRun("hikari", "/x/hikari.xml",
                "jdbc/poolbench", "HikariCP", true, null, null, null)), List.of("ConnectionCycle"), 60, 1, 5, 8, 6, 2, 0, 200, 1, "embedded", 5000,
                false, false, false, false, null);
        RunRecord r = RunRecord.start(dir, "run", List.of("run"), rs,
                System.out);
        Files.createDirectories(dir.resolve("jmh/hikari"));
        // one profile's results, as the main job's per-profile JMH phase writes them
        ObjectMapper om = new ObjectMapper();
        ArrayNode mine = om.createArrayNode();
        try (InputStream in = getClass().getResourceAsStream("/jmh-sample.json")) {
            om.readTree(in).forEach(b -> {
                if (b.at("/params/profile").asText().equals("hikari")) {
                    mine.add(b);
                }
            });
        }
        om.writeValue(dir.resolve("jmh/hikari/jmh.json").toFile(), mine);
        Phase j = r.plan("jmh:hikari", "JMH");
        Phase l = r.plan("load:hikari:r1", "load");
        j.start();
        j.ok("4 results");
        Path load = Files.createDirectories(dir.resolve("load/hikari/r1"));
        StringBuilder sb = new StringBuilder(HEADER);
        for (int i = 1; i <= 30; i++) {
            sb.append(row(1_000_000 + i, i, i % 3 == 0 ? "short" : i % 3 == 1 ? "medium" : "long", loadOk ? 200 : 503));
        }
        Files.writeString(load.resolve("results.csv"), sb.toString());
        Files.writeString(load.resolve("pool.csv"), "elapsedMs,active,idle,waiting,total,max\n0,3,7,0,10,10\n500,10,0,4,10,10\n");
        Files.writeString(load.getParent().resolve("profile.json"), "{\"name\":\"hikari\",\"pool\":\"HikariCP\",\"settings\":"
                + "{\"maximumPoolSize\":\"10\",\"password\":\"***\"},\"warnings\":[]}");
        l.start();
        if (loadOk) {
            l.ok("30 requests");
        } else {
            l.failed("the webapp exited with code 137 at 12 s of the 60 s load; JMeter was stopped");
        }
        r.finish();
    }

    @Test
    void reportOfAnOkRunWritesTablesJsonAndCharts() throws Exception {
        run(true);
        String md = CompareReport.write(dir, new Progress(System.out));
        // the model: what the report computed, as summary.json keeps it
        CompareData.Load load = new ObjectMapper().readValue(dir.resolve("summary.json").toFile(),
                CompareData.Summary.class).load().get(0);
        assertEquals("HikariCP (hikari, round 1)", load.label());
        JtlSummary.LabelStats shortScreen = load.stats().get("short");
        assertEquals(10, shortScreen.requests(), "every third of 30 requests");
        assertEquals(0, shortScreen.errors());
        assertEquals(30, shortScreen.maxMs(), "the slowest short request held 30 ms");
        assertEquals(30, load.stats().get("all").requests());
        assertEquals(new PoolSampler.PoolState(2, 4, 2.0, 10, 10), load.poolState(),
                "two samples of GET /pool: 0 then 4 waiting, 3 then 10 active, of 10");
        // the Markdown once, for its shape: the rows carry those figures
        assertTrue(md.contains("| HikariCP (hikari, round 1) | short | 10 | 0 |"), md);
        assertTrue(md.contains("| HikariCP (hikari, round 1) | 2 | 4 | 2.00 | 10 | 10 |"), md);
        // throughput over the forks (here one: no interval), JMH's own score and error labelled beside it, and each
        // fork's mean, so a fork at another level shows
        assertTrue(Pattern.compile("\\| HikariCP \\(hikari\\) \\| \\d+ \\| [\\d,]+ \\(one fork, no interval\\) \\|"
                + " [\\d,]+ ± [\\d,n/a]+ \\(n = \\d+\\) \\| [\\d,]+( / [\\d,]+)* \\|").matcher(md).find(), "the JMH row: " + md);
        assertTrue(md.contains("run status: **ok**"), md);
        assertTrue(Files.size(dir.resolve("summary.json")) > 0);
        assertTrue(Files.isRegularFile(dir.resolve("charts/http-response-times.png")));
        assertTrue(Files.isRegularFile(dir.resolve("charts/jmh-throughput.png")));
        assertTrue(Files.isRegularFile(dir.resolve("charts/jmh-borrow-percentiles.png")));
        List<Claim> findings = CompareFindings.claims(dir);
        assertEquals(1, findings.size(), "the suite's finding from summary.json: " + findings);
        String f = findings.get(0).markdown();
        assertTrue(f.contains("HikariCP ") && f.contains(" req/s, p99 "), f);
        assertFalse(findings.get(0).solid(), "one profile, one round: no comparison to rest on");
    }

    @Test
    void aFailedLoadIsMarkedAndShowsNoNumbers() throws Exception {
        // a dead webapp's 503s were reported as a fast profile with exit 0
        run(false);
        String md = CompareReport.write(dir, new Progress(System.out));
        assertTrue(md.contains("| hikari, round 1 | all | **FAILED**: the webapp exited with code 137"), md);
        assertTrue(!md.contains("| HikariCP (hikari, round 1) | short |"), "no numbers for a failed phase: " + md);
        assertTrue(md.contains("run status: **failed**"), md);
        assertTrue(!Files.exists(dir.resolve("charts/http-response-times.png")), "no chart of a failed load");
    }

    @Test
    void damagedOrForeignDirectoriesAreOneLineAndNothingIsWritten() throws Exception {
        Files.writeString(dir.resolve("notes.txt"), "mine");
        TestbedException e = assertThrows(TestbedException.class, () -> CompareReport.write(dir, new Progress(System.out)));
        assertTrue(e.getMessage().contains("not a poolbench run directory"), e.getMessage());
        assertTrue(!Files.exists(dir.resolve("summary.md")), "nothing written into a foreign directory");
        assertEquals(2, PoolbenchMain.run("report", dir.toString()));
        run(true);
        Files.writeString(dir.resolve("load/hikari/r1/results.csv"), HEADER + row(1_000_000, 5, "short", 200).replace("1000000,", "12x,"));
        e = assertThrows(TestbedException.class, () -> CompareReport.write(dir, new Progress(System.out)));
        assertTrue(e.getMessage().contains("load/hikari") && !e.getMessage().contains("\n"), e.getMessage());
    }
}
