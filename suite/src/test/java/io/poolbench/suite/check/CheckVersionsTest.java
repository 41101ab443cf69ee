package io.poolbench.suite.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.poolbench.suite.Console;
import io.poolbench.testbed.report.ResultJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code poolbench check --pool-version}: one configuration at two versions of its pool, side by side. */
class CheckVersionsTest {
    @TempDir
    Path tmp;

    @Test
    void theChildGetsTheSameOptionsWithItsOwnOutput() {
        assertEquals(List.of("hikari", "--stall", "20", "--rate", "50", "--out", "/x/pool-7.1.0"),
                CheckVersions.childArgs(List.of("check", "hikari", "--pool-version", "7.0.2,7.1.0", "--stall", "20",
                        "--out", "/y", "--rate", "50"), Path.of("/x/pool-7.1.0")));
        assertEquals(List.of("hikari", "--out", "/x"), CheckVersions.childArgs(List.of("hikari",
                "--pool-version=7.0.2,7.1.0", "--out=/y"), Path.of("/x")));
    }

    @Test
    void everySettingAndPredictionSideBySideTheChangedOnesMarked() {
        Map<String, String> a = new LinkedHashMap<>();
        a.put("pool jar", "g:a 1.0");
        a.put("pool size", "10");
        a.put("keepalive ms", "0");
        Map<String, String> b = new LinkedHashMap<>(a);
        b.put("pool jar", "g:a 2.0");
        b.put("keepalive ms", "120000");
        b.put("new setting", "on");
        CheckVersions.VersionCheck older = new CheckVersions.VersionCheck("1.0", a,
                List.of(new CheckVersions.FaultFigures("stall 20 s", 20_000, 20_000)), 20_000);
        CheckVersions.VersionCheck newer = new CheckVersions.VersionCheck("2.0", b,
                List.of(new CheckVersions.FaultFigures("stall 20 s", 30_000, 20_000)), 30_000);
        List<CheckVersions.Row> rows = CheckVersions.compare(older, newer);
        assertEquals(List.of(new CheckVersions.Row("pool jar", "g:a 1.0", "g:a 2.0"),
                new CheckVersions.Row("pool size", "10", "10"),
                new CheckVersions.Row("keepalive ms", "0", "120000"),
                new CheckVersions.Row("new setting", "–", "on"),
                new CheckVersions.Row("stall 20 s: longest wait", "20 s", "30 s"),
                new CheckVersions.Row("stall 20 s: serves again after", "20 s", "20 s")), rows);
        assertEquals(List.of(true, false, true, true, true, false), rows.stream().map(CheckVersions.Row::changed)
                .toList());
        String md = CheckVersions.markdown("g:a", older, newer);
        assertTrue(md.startsWith("# g:a 2.0 against 1.0\n\n3 of 5 settings and predictions changed"), md);
    }

    @Test
    void hikariAtTwoVersionsEachCheckedFromItsOwnJar() throws Exception {
        Path out = tmp.resolve("out");
        Console r = Console.run("check", "hikari", "--stall", "20", "--pool-version", "7.0.2,7.1.0", "--out",
                out.toString(), "--max-hang-s", "60");
        // the unplanned failover's wait (no socketTimeout: Linux's keepalive) is above --max-hang-s at both
        // versions: exit 3, a line each
        assertEquals(3, r.code(), r.err() + r.out());
        for (String v : List.of("7.0.2", "7.1.0")) {
            assertTrue(r.out().contains("jdbc/poolbench at " + v + ": a predicted wait of 2.2 h is above"
                    + " --max-hang-s 60"), r.out());
        }
        for (String v : List.of("7.0.2", "7.1.0")) {
            JsonNode json = ResultJson.MAPPER.readTree(out.resolve("pool-" + v).resolve("check.json").toFile());
            assertEquals(v, json.at("/0/pool/poolJar/version").asText());
        }
        String md = Files.readString(out.resolve("versions.md"));
        assertTrue(md.startsWith("# com.zaxxer:HikariCP 7.1.0 against 7.0.2"), md);
        assertTrue(md.contains("| stall 20 s: longest wait |"), md);
        assertFalse(Files.exists(out.resolve("check.json")), "only the versions' own checks are written");
    }

    @Test
    void connectorJAtTwoVersionsEachReadWithItsOwnParser() throws Exception {
        Path out = tmp.resolve("driver");
        Console r = Console.run("check", "aurora-article-hikari-verbatim", "--driver-version", "8.4.0,9.4.0", "--out",
                out.toString());
        assertEquals(0, r.code(), r.err() + r.out());
        for (String v : List.of("8.4.0", "9.4.0")) {
            JsonNode json = ResultJson.MAPPER.readTree(out.resolve("driver-" + v).resolve("check.json").toFile());
            assertEquals(v, json.at("/0/pool/driverJar/version").asText());
            assertEquals("7.0.2", json.at("/0/pool/poolJar/version").asText());
        }
        assertTrue(Files.readString(out.resolve("versions.md")).startsWith(
                "# com.mysql:mysql-connector-j 9.4.0 against 8.4.0"));
    }

    @Test
    void badVersionsEndInOneLine() {
        Console same = Console.run("check", "hikari", "--pool-version", "7.0.2,7.0.2", "--out", tmp.toString());
        assertEquals(2, same.code());
        assertTrue(same.err().contains("7.0.2 is given twice"), same.err());
        Console two = Console.run("check", "hikari", "dbcp2", "--pool-version", "7.0.2,7.1.0", "--out", tmp.toString());
        assertEquals(2, two.code());
        assertTrue(two.err().contains("give one PATH"), two.err());
        Console both = Console.run("check", "hikari", "--pool-version", "7.0.2,7.1.0", "--driver-version",
                "8.4.0,9.4.0", "--out", tmp.toString());
        assertEquals(2, both.code());
        assertTrue(both.err().contains("give one of them"), both.err());
        Console none = Console.run("check", "hikari", "--pool-version", "7.0.2,0.0.0-none", "--out", tmp.toString());
        assertEquals(2, none.code());
        assertTrue(none.err().contains("com.zaxxer:HikariCP:0.0.0-none cannot be resolved"), none.err());
        assertEquals(1, none.err().strip().lines().count(), none.err());
    }
}
