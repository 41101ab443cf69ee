package io.poolbench.suite.aurora;

import io.poolbench.testbed.fault.FaultKind;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.aurora.map.MapKnee;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.run.RunRecord;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The failover at each pool's limit composes its summary from its commands' results and says what did not run. */
class FailoverAtLimitTest {
    @TempDir
    Path tmp;

    @Test
    void theKneesComeFromTheMapAndWhatDidNotRunIsSaid() throws Exception {
        Files.createDirectories(tmp.resolve("map/screens"));
        ResultJson.MAPPER.writeValue(tmp.resolve("map/screens/summary.json").toFile(), new AuroraData.Summary("ok",
                List.of(), null, null, List.of(new MapKnee.Knee("aurora-article-dbcp-verbatim", "per-request", 1, 3.2, 2.9,
                4), new MapKnee.Knee("aurora-article-dbcp2", "per-request", 1, null, null, 4))));
        Files.createDirectories(tmp.resolve("planned"));
        FailoverAtLimit.Page page = FailoverAtLimit.read(tmp);
        assertEquals(new FailoverAtLimit.CommandStatus("map", null, false), page.map(), "no manifest: not run");
        assertEquals(List.of(new MapKnee.Knee("aurora-article-dbcp-verbatim", "per-request", 1, 3.2, 2.9, 4),
                new MapKnee.Knee("aurora-article-dbcp2", "per-request", 1, null, null, 4)), page.knees());
        assertEquals(List.of(new FailoverAtLimit.KindSection(FaultKind.PLANNED_FAILOVER, new FailoverAtLimit.CommandStatus(
                "planned", null, false), List.of(), "")), page.kinds(), "kinds not started are left out");
        assertTrue(FailoverAtLimit.claims(tmp).isEmpty());

        String md = FailoverAtLimit.write(tmp);
        assertEquals(md, Files.readString(tmp.resolve("summary.md")));
        assertTrue(md.contains("| aurora-article-dbcp2 | per-request | 1 | none up to the highest | – | 4 |"), md);
        assertTrue(md.contains("### Planned failover (`planned/`)\n\n**Not run** (no planned/run.json)"), md);
    }

    @Test
    void theKneesComeFromTheKneeSearchOverItsRounds() throws Exception {
        Files.createDirectories(tmp.resolve("knees/screens"));
        Files.copy(Path.of("src/test/resources/knees/article-dbcp14-rtt1-5-10-rounds3/knees.json"),
                tmp.resolve("knees/screens/knees.json"));
        FailoverAtLimit.Page page = FailoverAtLimit.read(tmp);
        assertEquals("knees", page.map().dir());
        assertEquals(List.of(1, 5, 10), page.knees().stream().map(MapKnee.Knee::rttMs).toList());
        MapKnee.Knee first = page.knees().get(0);
        assertEquals("seed004-dbcp-verbatim", first.profile());
        // the geometric mean of the three searches' knees, as the rounds give it
        assertEquals(3.30, first.measuredLoad(), 0.005);
    }

    @Test
    void aFinishedCommandLinksItsReport() throws Exception {
        Files.createDirectories(tmp.resolve("map"));
        RunRecord.start(tmp.resolve("map"), "aurora", List.of("aurora", "--map"), Map.of(), new PrintStream(
                OutputStream.nullOutputStream())).finish();
        Files.createDirectories(tmp.resolve("map/screens"));
        Files.writeString(tmp.resolve("map/screens/summary.md"), "# x\n");
        FailoverAtLimit.Page page = FailoverAtLimit.read(tmp);
        assertEquals(new FailoverAtLimit.CommandStatus("map", "ok", true), page.map());
        assertTrue(FailoverAtLimit.markdown(page).contains("Status ok; full report: [map/screens/summary.md]"));
    }

    @Test
    void oneRoundShowsItsRunsFailoverTableFromTheirFiles() throws Exception {
        Path kind = tmp.resolve("planned");
        Files.createDirectories(kind);
        RunRecord record = RunRecord.start(kind, "aurora", List.of("aurora", "--failover", "planned"), Map.of(),
                new PrintStream(OutputStream.nullOutputStream()));
        Phase hikari = record.plan("run:hikari.r1", "HikariCP");
        hikari.start();
        Path run = Files.createDirectories(kind.resolve(AuroraResults.DIR).resolve("hikari.r1"));
        Files.writeString(run.resolve("outcome.json"), "{\"id\":\"hikari.r1\",\"pool\":\"HikariCP\","
                + "\"borrowTimeoutMs\":10000,\"targetPerSecond\":3.125,\"window\":{\"t0EpochMs\":1000,"
                + "\"measureFromEpochMs\":40000,\"measureToEpochMs\":70000},\"writer\":{\"events\":{"
                + "\"injection\":60000,\"old-writer-rebooted\":62500},\"ledger\":{\"acknowledged\":40,\"lost\":0,"
                + "\"unacknowledgedPresent\":0,\"duplicates\":0,\"lostSample\":[],\"failed\":0,\"failedPresent\":0,"
                + "\"unknown\":0,\"unknownCommitted\":0}}}");
        Files.writeString(run.resolve("results.csv"), "timeStamp,elapsed,label,responseCode,success\n"
                + "50000,45,short,200,true\n");
        hikari.ok("1 request");
        record.plan("run:dbcp2.r1", "DBCP2").failed("the webapp exited");
        record.finish();

        FailoverAtLimit.KindSection planned = FailoverAtLimit.read(tmp).kinds().get(0);
        assertEquals(List.of(), planned.claims(), "one round: no comparison");
        List<String> lines = planned.failoverTable().lines().toList();
        assertEquals(3, lines.size(), "the header, its rule and the one run with a result: " + lines);
        assertTrue(lines.get(2).startsWith("| hikari.r1 | 2.5 |"), lines.get(2));
        assertTrue(FailoverAtLimit.write(tmp).contains("each run's failover, from its report:\n\n| run | failover"
                + " took |"));

        Files.writeString(run.resolve("results.csv"), "timeStamp,elapsed,label,success\nabc,45,short,true\n");
        String damaged = FailoverAtLimit.read(tmp).kinds().get(0).failoverTable();
        assertTrue(damaged.startsWith("**No failover table**: the results of run hikari.r1 in "), damaged);
    }
}
