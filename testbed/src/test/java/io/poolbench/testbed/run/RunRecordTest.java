package io.poolbench.testbed.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunRecordTest {
    @TempDir
    Path tmp;

    private final PrintStream quiet = new PrintStream(new ByteArrayOutputStream());

    @Test
    void twoRunsNeverShareADirectory() throws Exception {
        // a second run into the default directory mixed its results with the first one's
        Path base = tmp.resolve("reports");
        Path a = RunDirectory.prepare(null, base, false);
        Files.writeString(a.resolve("x"), "first run");
        Path b = RunDirectory.prepare(null, base, false);
        assertNotEquals(a, b);
        assertTrue(Files.isSymbolicLink(base.resolve("latest")));
        assertEquals(b.toRealPath(), base.resolve("latest").toRealPath());
        TestbedException e = assertThrows(TestbedException.class, () -> RunDirectory.prepare(a, base, false));
        assertTrue(e.getMessage().contains("not empty") && e.getMessage().contains("--force"), e.getMessage());
    }

    @Test
    void forceReplacesAPreviousRunButNeverAnotherDirectory() throws Exception {
        Path run = RunDirectory.prepare(tmp.resolve("run"), tmp, false);
        RunRecord.start(run, "run", List.of("run"), Map.of(), quiet).finish();
        Files.writeString(run.resolve("old-result"), "x");
        Path again = RunDirectory.prepare(run, tmp, true);
        assertTrue(Files.isDirectory(again) && !Files.exists(again.resolve("old-result")));
        Path mine = Files.createDirectories(tmp.resolve("my-documents"));
        Files.writeString(mine.resolve("thesis.txt"), "x");
        assertThrows(TestbedException.class, () -> RunDirectory.prepare(mine, tmp, true));
        assertTrue(Files.exists(mine.resolve("thesis.txt")));
    }

    @Test
    void forceNeverReplacesARunStillGoing() throws Exception {
        Path run = RunDirectory.prepare(tmp.resolve("busy"), tmp, false);
        RunRecord going = RunRecord.start(run, "run", List.of("run"), Map.of(), quiet);
        Files.writeString(run.resolve("result"), "x");
        // this process wrote the manifest and still runs: a second run with --force must leave it alone
        TestbedException e = assertThrows(TestbedException.class, () -> RunDirectory.prepare(run, tmp, true));
        assertTrue(e.getMessage().contains("is in use") && e.getMessage().contains(
                Long.toString(ProcessHandle.current().pid())) && !e.getMessage().contains("\n"), e.getMessage());
        assertTrue(Files.exists(run.resolve("result")), "nothing of the running run deleted");
        going.finish();
        assertTrue(Files.isDirectory(RunDirectory.prepare(run, tmp, true)), "once it ended, --force replaces it");
    }

    @Test
    void anUnwritableOrFileOutIsOneLine() throws Exception {
        Path file = Files.writeString(tmp.resolve("afile"), "x");
        TestbedException e = assertThrows(TestbedException.class, () -> RunDirectory.prepare(file, tmp, false));
        assertTrue(e.getMessage().contains("is a file"), e.getMessage());
        e = assertThrows(TestbedException.class, () -> RunDirectory.prepare(Path.of(""), tmp, false));
        assertEquals("--out is empty text: give a directory, or leave --out away for a time-stamped one",
                e.getMessage());
        e = assertThrows(TestbedException.class, () -> Manifest.read(Path.of("")));
        assertTrue(e.getMessage().startsWith("the run directory is empty text"), e.getMessage());
        e = assertThrows(TestbedException.class,
                () -> RunDirectory.prepare(Path.of("/proc/poolbench-cannot-write"), tmp, false));
        assertTrue(e.getMessage().contains("cannot write") && !e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void phasesAndExitCodes() throws Exception {
        RunRecord r = RunRecord.start(tmp, "run", List.of("run", "--x"), Map.of("a", 1), quiet);
        Phase ok = r.plan("jmh:hikari", "JMH");
        Phase bad = r.plan("load:hikari", "load");
        Phase never = r.plan("report", "report");
        ok.start();
        ok.ok("2 results");
        bad.start();
        bad.failed("the webapp exited with code 137\n\tat somewhere");
        assertEquals(RunRecord.EXIT_FAILED, r.finish());
        Manifest m = Manifest.read(tmp);
        assertEquals("failed", m.status());
        assertEquals("ok", m.phase("jmh:hikari").status());
        assertEquals("the webapp exited with code 137", m.phase("load:hikari").reason(), "one line");
        assertEquals("failed", m.phase("report").status(), "a phase the run never reached is a failure");
        assertEquals("not reached: the run stopped before it", m.phase("report").reason());
        assertEquals(List.of("run", "--x"), m.args());
        assertTrue(r.outcomeLine().contains("FAILED: load:hikari"), r.outcomeLine());
        assertEquals(Status.FAILED, never.status());
    }

    @Test
    void anInterruptionKeepsWhatFinishedAndMarksTheRest() throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunRecord r = RunRecord.start(tmp, "run", List.of("run"), Map.of(), new PrintStream(console, true));
        Phase a = r.plan("a", "first");
        Phase b = r.plan("b", "second");
        r.plan("c", "third");
        a.start();
        a.ok("done");
        b.start();
        assertTrue(r.markInterrupted("Ctrl-C (SIGINT)"));
        b.failed("JMeter exited with code 143"); // the child killed by Ctrl-C did not fail
        Manifest m = Manifest.read(tmp);
        assertEquals("interrupted", m.status());
        assertEquals("ok", m.phase("a").status());
        assertEquals("interrupted", m.phase("b").status());
        assertTrue(m.phase("b").reason().startsWith("Ctrl-C (SIGINT) after"), m.phase("b").reason());
        assertEquals("skipped", m.phase("c").status());
        assertEquals(RunRecord.EXIT_INTERRUPTED, r.finish());
    }

    @Test
    void aDirectoryThatIsNoRunOrADamagedManifestIsOneLine() throws Exception {
        TestbedException e = assertThrows(TestbedException.class, () -> Manifest.read(tmp));
        assertTrue(e.getMessage().contains("not a poolbench run directory"), e.getMessage());
        Files.writeString(tmp.resolve("run.json"), "{ this is not json");
        e = assertThrows(TestbedException.class, () -> Manifest.read(tmp));
        assertTrue(e.getMessage().contains("damaged") && !e.getMessage().contains("\n"), e.getMessage());
        Files.writeString(tmp.resolve("run.json"), "{\"preset\":\"quick\"}");
        e = assertThrows(TestbedException.class, () -> Manifest.read(tmp));
        assertTrue(e.getMessage().contains("not a poolbench manifest"), e.getMessage());
    }

    @Test
    void numericOptionsAreCheckedWithTheirRange() {
        TestbedException e = assertThrows(TestbedException.class, () -> Cli.range("--rate", 0, 0.1, 100_000));
        assertEquals("--rate 0 is out of range: allowed 0.1 .. 100000", e.getMessage());
        assertThrows(TestbedException.class, () -> Cli.range("--rate", Double.NaN, 0.1, 100_000));
        Cli.range("--rate", 100, 0.1, 100_000);
    }

    @Test
    void aRunWhoseProcessIsGoneReadsAsKilledNotRunning() throws Exception {
        Path run = RunDirectory.prepare(tmp.resolve("killed"), tmp, false);
        RunRecord r = RunRecord.start(run, "run", List.of("run"), Map.of(), quiet);
        r.plan("load", "the load").start();
        // while this process writes it, the run is running
        assertEquals("running", Manifest.read(run).status());
        // the same manifest, written by a process that has ended (as after kill -9)
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path f = run.resolve(RunRecord.MANIFEST);
        String pid = "\"pid\" : \"" + ProcessHandle.current().pid() + "\"";
        assertTrue(Files.readString(f).contains(pid));
        Files.writeString(f, Files.readString(f).replace(pid, "\"pid\" : \"" + gone.pid() + "\""));
        Manifest m = Manifest.read(run);
        assertEquals("killed", m.status());
        assertEquals("killed", m.phase("load").status());
        assertTrue(m.phase("load").reason().contains("pid " + gone.pid()), m.phase("load").reason());
        // the next command, which removed the run's containers, writes it so into the file itself
        List<String> said = new ArrayList<>();
        RunEnd.markKilled(List.of(run), said::add);
        assertTrue(Files.readString(f).contains("\"status\" : \"killed\""), Files.readString(f));
        assertEquals(1, said.size(), said.toString());
        RunEnd.markKilled(List.of(run), said::add);
        assertEquals(1, said.size(), "a run already marked is not marked again");
        r.finish();
    }

    /** A scenario whose first phase ends ok or not, and whose second throws a one-line error. */
    private static Scenario breaking(boolean firstOk) {
        return new AbstractScenario("test", Map.of(), dir -> null) {
            @Override
            public void run(RunRecord record, Progress console) {
                Phase db = record.plan("database", "start the database");
                Phase load = record.plan("load", "the load");
                db.start();
                if (!firstOk) {
                    throw new TestbedException("the database could not be reached");
                }
                db.ok("started");
                load.start();
                throw new TestbedException("the database went away");
            }
        };
    }

    @Test
    void aDatabaseThatDiesDuringTheRunIsAFailedRunNotBadInput() throws Exception {
        // a database that died mid-sweep exited 2, the code for bad input
        Path run = RunDirectory.prepare(tmp.resolve("dies"), tmp, false);
        assertEquals(1, ScenarioRunner.run(breaking(true), run, List.of("test"), quiet));
        assertEquals("failed", Manifest.read(run).phase("load").status());
        Path start = RunDirectory.prepare(tmp.resolve("unreachable"), tmp, false);
        TestbedException e = assertThrows(TestbedException.class,
                () -> ScenarioRunner.run(breaking(false), start, List.of("test"), quiet));
        assertTrue(e.getMessage().contains("could not be reached"), e.getMessage());
    }

    @Test
    void aManifestThatCannotBeWrittenFailsThePhaseAndTheRun() throws Exception {
        // a full disk: the run went on measuring, every phase "ok", the manifest saying "running"
        Path run = RunDirectory.prepare(tmp.resolve("gone"), tmp, false);
        RunRecord r = RunRecord.start(run, "run", List.of("run"), Map.of(), quiet);
        Phase first = r.plan("first", "the first");
        Phase second = r.plan("second", "the second");
        first.start();
        Cli.deleteTree(run); // the next write fails, as on a full disk
        first.ok("measured");
        assertEquals("failed", first.entry().status(), "its data may be cut: not ok");
        assertTrue(first.entry().reason().startsWith("cannot write " + run.resolve(RunRecord.MANIFEST)),
                first.entry().reason());
        assertFalse(second.start(), "nothing more starts");
        assertEquals("failed", second.entry().status());
        assertEquals(RunRecord.EXIT_FAILED, r.finish());
    }

    @Test
    void aReportThatCannotBeWrittenFailsTheRunInOneLine() throws Exception {
        Path run = RunDirectory.prepare(tmp.resolve("report"), tmp, false);
        Scenario s = new AbstractScenario("test", Map.of(), dir -> {
            throw new java.io.IOException("No space left on device");
        }) {
            @Override
            public void run(RunRecord record, Progress console) {
                Phase p = record.plan("load", "the load");
                p.start();
                p.ok("done");
            }
        };
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(RunRecord.EXIT_FAILED, ScenarioRunner.run(s, run, List.of("test"), new PrintStream(out, true)));
        assertEquals("failed", Manifest.read(run).status());
        assertEquals("report not written in " + run + ": No space left on device",
                Manifest.read(run).phase("report").reason());
        assertTrue(out.toString().contains("PROBLEM: report not written in " + run + ": No space left on device"),
                out.toString());
    }

    @Test
    void dataFilesAreRecordedRelativeToARelativeRunDirectory() throws Exception {
        // ./poolbench run gives its scenarios ./target/... run directories; the files came as absolute paths
        Path rel = Path.of("").toAbsolutePath().relativize(RunDirectory.prepare(tmp.resolve("rel"), tmp, false));
        assertTrue(!rel.isAbsolute());
        RunRecord r = RunRecord.start(rel, "run", List.of("run"), Map.of(), quiet);
        Phase p = r.plan("load", "the load");
        p.start();
        Path data = Files.createDirectories(rel.resolve("load")).resolve("results.csv");
        Files.writeString(data, "h\n1\n2\n");
        p.ok("2 rows", data.toAbsolutePath(), rel.resolve("missing.csv"));
        r.finish();
        assertEquals(Map.of("load/results.csv", 3L), Manifest.read(rel).phase("load").lines());
        assertEquals(List.of(), Manifest.read(rel).changedFiles(rel));
    }

    @Test
    void aDataFileRewrittenWithAsManyLinesIsToldApart() throws Exception {
        // garbage rows with the line count kept read as "as recorded", the report then showing 0 req/s
        Path run = RunDirectory.prepare(tmp.resolve("garbage"), tmp, false);
        RunRecord r = RunRecord.start(run, "run", List.of("run"), Map.of(), quiet);
        Phase p = r.plan("load", "the load");
        p.start();
        Path data = Files.writeString(Files.createDirectories(run.resolve("load")).resolve("results.csv"), "h\n1\n2\n");
        p.ok("2 rows", run.resolve("load"));
        r.finish();
        Files.writeString(data, "x,y,z\nx,y,z\nx,y,z\n");
        assertEquals(List.of("load/results.csv: 3 lines when load ended, as many now, but other content"),
                Manifest.read(run).changedFiles(run));
    }
}
