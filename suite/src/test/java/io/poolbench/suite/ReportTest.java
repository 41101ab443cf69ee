package io.poolbench.suite;

import io.poolbench.testbed.JmhSummary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportTest {
    @TempDir
    Path dir;

    static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
            + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect\n";

    static String row(long ts, long elapsed, String label, int code) {
        return ts + "," + elapsed + "," + label + "," + code + ",,t 1-1,text," + (code < 400) + ",,1,1,1,1,http://x/"
                + label + "," + elapsed + ",0,0\n";
    }

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

    @Test
    void reportFromPartialResultsWritesSummaryJsonAndCharts() throws Exception {
        Files.createDirectories(dir.resolve("jmh"));
        try (InputStream in = getClass().getResourceAsStream("/jmh-sample.json")) {
            Files.copy(in, dir.resolve("jmh/jmh.json"));
        }
        Path load = dir.resolve("load/hikari");
        Files.createDirectories(load);
        StringBuilder sb = new StringBuilder(HEADER);
        for (int i = 1; i <= 30; i++) {
            sb.append(row(1_000_000 + i, i, i % 3 == 0 ? "short" : i % 3 == 1 ? "medium" : "long", 200));
        }
        Files.writeString(load.resolve("results.csv"), sb.toString());
        Files.writeString(load.resolve("pool.csv"), "elapsedMs,active,idle,waiting,total,max\n0,3,7,0,10,10\n500,10,0,4,10,10\n");
        Files.writeString(load.resolve("profile.json"), "{\"name\":\"hikari\",\"pool\":\"HIKARI\",\"settings\":"
                + "{\"maximumPoolSize\":\"10\",\"password\":\"***\"},\"warnings\":[]}");
        String md = Report.write(dir, new Progress(System.out));
        assertTrue(md.contains("| HIKARI (hikari) | short | 10 |"), md);
        assertTrue(md.contains("| HIKARI (hikari) | 2 | 4 | 2.00 | 10 | 10 |"), md);
        assertTrue(md.contains("ConnectionCycle") || md.contains("ops/ms"), md);
        assertTrue(Files.size(dir.resolve("summary.json")) > 0);
        assertTrue(Files.isRegularFile(dir.resolve("charts/http-response-times.png")));
        assertTrue(Files.isRegularFile(dir.resolve("charts/jmh-throughput.png")));
        assertTrue(Files.isRegularFile(dir.resolve("charts/jmh-borrow-percentiles.png")));
    }
}
