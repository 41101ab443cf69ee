package io.poolbench.suite.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.Console;
import io.poolbench.testbed.fault.Fault;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.fault.Load;
import io.poolbench.testbed.fault.Network;
import io.poolbench.testbed.fault.Prediction;
import io.poolbench.testbed.fault.TcpTimers;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.RunDirectory;
import io.poolbench.testbed.run.RunRecord;
import java.io.PrintStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code check-measure.md} of a run that did not reach every fault, and {@code poolbench report} of such a run. */
class CheckMeasureReportTest {
    @TempDir
    Path tmp;

    @Test
    void anInterruptedRunSaysSoItsRowsWithoutRunsReadNotMeasuredAndReportRebuildsIt() throws Exception {
        Path dir = RunDirectory.prepare(tmp.resolve("measure"), tmp, false);
        CheckedPool pool = CheckedPool.of(PoolProfile.load(Path.of("../webapp/conf/hikari.xml")));
        CheckResult predicted = CheckResult.predict(pool, Network.linux(30_000, 30_000), Load.NONE,
                List.of(Fault.stall(5_000), Fault.of(FaultKind.UNPLANNED_FAILOVER)), 1);
        MeasureSettings s = new MeasureSettings(List.of(pool.name()), 3, 50, 1, List.of(5), 10, null, null, dir,
                List.of(), TcpTimers.LINUX, false, List.of(FaultKind.UNPLANNED_FAILOVER));
        RunRecord record = RunRecord.start(dir, "check --measure", List.of("check", "--measure"), s,
                new PrintStream(OutputStream.nullOutputStream()));
        ResultJson.MAPPER.writeValue(dir.resolve(CheckMeasureReport.PREDICTED).toFile(), List.of(predicted));
        ResultJson.MAPPER.writeValue(dir.resolve(CheckMeasureReport.SETTINGS).toFile(), s);
        record.plan("stall-5s", "the stall");
        record.finish();
        // as SIGTERM leaves it: the run interrupted before its first fault ran
        Path manifest = dir.resolve(RunRecord.MANIFEST);
        Files.writeString(manifest, Files.readString(manifest).replaceFirst("\"status\" : \"\\w+\"",
                "\"status\" : \"interrupted\""));
        String md = CheckMeasureReport.write(dir);
        assertTrue(md.startsWith("> This run was interrupted before it ended"), md);
        assertTrue(md.contains("| no run has a result |"), md);
        assertTrue(md.contains("| not measured |"), md);
        assertFalse(md.contains("| none |"), "a row without a run shows no failed requests as none:\n" + md);
        // report DIR rebuilds a check --measure run's page rather than refusing it
        Console r = Console.run("report", dir.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("written: " + dir.resolve(CheckMeasureReport.PAGE)), r.out());
    }

    @Test
    void thePageSetsThePredictionsWrittenBeforeTheRunBesideTheMeasurementsNotOnesComputedLater() throws Exception {
        Path dir = RunDirectory.prepare(tmp.resolve("frozen"), tmp, false);
        CheckedPool pool = CheckedPool.of(PoolProfile.load(Path.of("../webapp/conf/hikari.xml")));
        CheckResult predicted = CheckResult.predict(pool, Network.linux(30_000, 30_000), Load.NONE,
                List.of(Fault.stall(5_000)), 1);
        MeasureSettings s = new MeasureSettings(List.of(pool.name()), 3, 50, 1, List.of(5), 10, null, null, dir,
                List.of(), TcpTimers.LINUX, false, List.of());
        RunRecord record = RunRecord.start(dir, "check --measure", List.of("check", "--measure"), s,
                new PrintStream(OutputStream.nullOutputStream()));
        ResultJson.MAPPER.writeValue(dir.resolve(CheckMeasureReport.PREDICTED).toFile(), List.of(predicted));
        ResultJson.MAPPER.writeValue(dir.resolve(CheckMeasureReport.SETTINGS).toFile(), s);
        FrozenPredictions frozen = FrozenPredictions.of(List.of(predicted), s, "abc123");
        assertEquals(1, frozen.standIn().size());
        frozen.writeTo(dir);
        record.finish();
        FrozenPredictions back = FrozenPredictions.read(dir, List.of(predicted), s);
        assertEquals("abc123", back.commit());
        assertEquals(frozen.standIn(), back.standIn(), "read back as written");
        // a model revised after the run: the page still shows what was written before it
        Prediction p = back.standIn().get(0).prediction();
        FrozenPredictions revised = new FrozenPredictions("abc123", back.writtenAt(), List.of(new FrozenPredictions.StandIn(
                pool.name(), p.fault().label(), new Prediction(p.fault(), 987_654, p.chain(),
                p.failures(), p.lentUnchecked(), p.servesAgainMs(), p.servesAgainWhy(), p.changes(), p.branches()))),
                List.of());
        revised.writeTo(dir);
        assertTrue(CheckMeasureReport.write(dir).contains("16.5 min"), "987,654 ms as the page writes it");
        Files.delete(dir.resolve(FrozenPredictions.FILE));
        assertTrue(FrozenPredictions.read(dir, List.of(predicted), s).commit().startsWith("computed by this"
                + " version"), "an older run directory says its predictions were computed at report time");
    }
}
