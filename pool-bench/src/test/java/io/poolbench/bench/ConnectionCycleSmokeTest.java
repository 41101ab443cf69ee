package io.poolbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.report.JmhSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Smoke runs with minimal iterations: the JSON holds every expected profile and mode, and the report is written.
 * Nothing is timed.
 */
class ConnectionCycleSmokeTest {
    @TempDir
    Path dir;

    static Set<String> seen(List<JmhSummary.Result> rs) {
        Set<String> s = new TreeSet<>();
        rs.forEach(r -> s.add(r.method() + "/" + r.profile() + "/" + r.mode()));
        return s;
    }

    @Test
    void everyProfileAndModeProducesAResult() throws Exception {
        List<String> profiles = List.of("hikari", "dbcp2", "aurora-article-hikari", "aurora-article-dbcp2");
        Path json = dir.resolve("connection-cycle-2to1.json");
        new Runner(Presets.connectionCycle(new Presets.Plan(0, 0, 1, List.of(2), List.of(0, 500)), profiles, 2, 2,
                json).measurementTime(TimeValue.milliseconds(100)).shouldFailOnError(true).build()).run();
        List<JmhSummary.Result> rs = JmhSummary.read(json);
        Set<String> expected = new TreeSet<>();
        for (String p : profiles) {
            expected.add("ConnectionCycle.latency/" + p + "/sample");
            expected.add("ConnectionCycle.throughput/" + p + "/thrpt");
        }
        assertEquals(expected, seen(rs));
        assertEquals(16, rs.size(), "4 profiles x 2 validation delays x 2 modes");
        assertTrue(rs.stream().allMatch(r -> r.threads() == 4), "threads = pool size x ratio");

        Path st = dir.resolve("statement-cycle.json");
        new Runner(new OptionsBuilder().include(StatementCycle.class.getName() + "\\.")
                // two pools of the catalog beyond HikariCP and DBCP2
                .param("profile", "hikari", "dbcp2", "c3p0", "tomcat-jdbc").forks(0).warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(100)).threads(2).shouldFailOnError(true)
                .resultFormat(ResultFormatType.JSON).result(st.toString()).build()).run();
        Set<String> statementRuns = new HashSet<>();
        for (String p : List.of("hikari", "dbcp2", "c3p0", "tomcat-jdbc")) {
            statementRuns.add("StatementCycle.latency/" + p + "/sample");
            statementRuns.add("StatementCycle.throughput/" + p + "/thrpt");
        }
        assertEquals(statementRuns, seen(JmhSummary.read(st)));

        String md = BenchReport.write(dir);
        assertTrue(md.contains("## ConnectionCycle") && md.contains("## StatementCycle"), md);
        assertTrue(md.contains("| aurora-article-dbcp2 | 500 | 2:1 (4/2) |"), md);
        assertTrue(Files.isRegularFile(dir.resolve("connection-cycle-throughput.png")));
        assertTrue(Files.isRegularFile(dir.resolve("connection-cycle-percentiles-2to1.png")));
    }

    @Test
    void realDatabaseModeRunsAgainstEmbeddedPostgres() throws Exception {
        Path json = dir.resolve("pg.json");
        new Runner(new OptionsBuilder().include(ConnectionCycle.class.getName() + "\\.throughput")
                .param("profile", "hikari", "dbcp2").param("db", "postgres").forks(0).warmupIterations(0)
                .measurementIterations(1).measurementTime(TimeValue.milliseconds(200)).threads(4)
                .shouldFailOnError(true).resultFormat(ResultFormatType.JSON).result(json.toString()).build()).run();
        List<JmhSummary.Result> rs = JmhSummary.read(json);
        assertEquals(2, rs.size());
        assertTrue(rs.stream().allMatch(r -> r.params().get("db").equals("postgres") && r.score() > 0));
    }
}
