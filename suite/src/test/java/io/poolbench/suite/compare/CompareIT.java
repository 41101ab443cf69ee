package io.poolbench.suite.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.PoolbenchMain;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.db.DatabaseSettings;
import io.poolbench.testbed.db.Docker;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.PhaseEntry;
import io.poolbench.testbed.run.RunRecord;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The main job from the built artifacts of this reactor (JMH jar, webapp jar, JMeter home) against embedded
 * PostgreSQL, at a tiny scale: what the report contains and how faults end, never how fast anything was.
 */
class CompareIT {
    static final String TINY_JMH = "ConnectionCycle -f 1 -wi 0 -i 1 -r 200ms -t 4";

    @TempDir
    Path tmp;

    static String[] tinyLoad(Path out, String... more) {
        List<String> a = new ArrayList<>(List.of("compare", "--root", "..", "--out", out.toString(), "--rows", "5000",
                "--rampup", "1", "--short-threads", "3", "--medium-threads", "2", "--long-threads", "1"));
        if (!List.of(more).contains("--duration")) {
            a.addAll(List.of("--duration", "6"));
        }
        if (!List.of(more).contains("--rounds")) {
            a.addAll(List.of("--rounds", "1"));
        }
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    static Manifest manifest(Path dir) {
        return Manifest.read(dir);
    }

    @Test
    void tinyMainJobReportsBothPoolsAndAllQueryClasses() throws Exception {
        Path out = tmp.resolve("run");
        assertEquals(0, PoolbenchMain.run(tinyLoad(out, "--jmh-args", TINY_JMH, "--rounds", "2", "--duration", "4")));
        JsonNode s = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(4, s.get("load").size(), "2 profiles x 2 rounds");
        for (JsonNode load : s.get("load")) {
            for (String c : CompareReport.CLASSES) {
                assertTrue(load.at("/stats/" + c + "/requests").asLong() > 0, load.get("profile") + " " + c);
            }
            assertTrue(load.at("/poolState/samples").asInt() > 0);
        }
        assertEquals(4, s.get("jmh").size());
        // the first profile against the second, paired within the 2 rounds, with interval and verdict:
        // req/s, p99, and the borrow wait's p99 on /short from the webapp's own record
        assertEquals(3, s.get("findings").size(), s.get("findings").toString());
        assertTrue(s.get("findings").get(2).get("measure").asText().startsWith("borrow wait p99 ms on /short"));
        for (JsonNode l : s.get("load")) {
            assertTrue(l.at("/record/borrow/short/n").asLong() > 0, "the webapp's record of /short: " + l);
            assertTrue(l.at("/record/cpu").size() >= 2, "CPU of the webapp and JMeter at least: " + l);
        }
        for (JsonNode f : s.get("findings")) {
            assertEquals(2, f.at("/ratio/n").asInt(), f.toString());
            assertTrue(f.at("/ratio/low").asDouble() <= f.at("/ratio/ratio").asDouble()
                    && f.at("/ratio/ratio").asDouble() <= f.at("/ratio/high").asDouble(), f.toString());
            assertTrue(List.of("AHEAD", "NO_DIFFERENCE").contains(f.get("verdict").asText()), f.toString());
            assertTrue(f.get("text").asText().contains("2 rounds)"), f.toString());
        }
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("| HikariCP (hikari, round 1) | short |") && md.contains("| DBCP2 (dbcp2, round 2) | long |"),
                md);
        assertTrue(md.contains("| 1 | hikari, dbcp2 |") && md.contains("| 2 | dbcp2, hikari |"), "rotated order: " + md);
        assertTrue(Files.isRegularFile(out.resolve("load/hikari/r1/dashboard/index.html")));
        assertTrue(Files.isRegularFile(out.resolve("load/dbcp2/r2/dashboard/index.html")));
        Manifest m = manifest(out);
        assertEquals("ok", m.status());
        assertTrue(m.phases().stream().allMatch(PhaseEntry::ok), m.phases().toString());
        assertEquals(List.of("database", "jmh:hikari", "jmh:dbcp2", "load:hikari:r1", "load:dbcp2:r1", "load:dbcp2:r2",
                "load:hikari:r2", "report"), m.phases().stream().map(PhaseEntry::id).toList());
        // the report is rebuilt from the data as recorded; a results file cut short after the run is
        // refused (exit 1), not reported as a run of fewer requests
        assertEquals(List.of(), m.changedFiles(out));
        assertEquals(0, PoolbenchMain.run("report", out.toString()));
        Path results = out.resolve("load/hikari/r1/results.csv");
        List<String> all = Files.readAllLines(results);
        Files.write(results, all.subList(0, 25));
        assertEquals(List.of(String.format(Locale.ROOT, "load/hikari/r1/results.csv: %,d lines when load:hikari:r1 ended,"
                + " 25 now", all.size())), m.changedFiles(out));
        assertEquals(1, PoolbenchMain.run("report", out.toString()));
        Files.write(results, all);
        // the same --out twice is refused, --force replaces the run
        assertEquals(2, PoolbenchMain.run(tinyLoad(out, "--skip-jmh")));
        assertEquals(0, PoolbenchMain.run("compare", "--root", "..", "--out", out.toString(), "--force", "--skip-load",
                "--profiles", "hikari", "--jmh-args", TINY_JMH));
        assertTrue(!Files.exists(out.resolve("load")), "the old run's load data is gone with --force");
        assertTrue(!Files.readString(out.resolve("summary.md")).contains("| DBCP2 (dbcp2)"),
                "the new summary shows only the new run's profiles");
    }

    @Test
    void poolsBeyondHikariAndDbcp2RunAndTheirEffectiveSettingsHeadTheReport() throws Exception {
        // the main job with pools of the catalog, here c3p0 (Tomcat BeanFactory) and no pool at all
        Path out = tmp.resolve("run");
        assertEquals(0, PoolbenchMain.run(tinyLoad(out, "--profiles", "c3p0,unpooled", "--duration", "4",
                "--jmh-args", TINY_JMH)));
        Manifest m = manifest(out);
        assertTrue(m.phase("jmh:c3p0").ok() && m.phase("load:c3p0:r1").ok() && m.phase("load:unpooled:r1").ok(),
                m.phases().toString());
        assertEquals("skipped", m.phase("jmh:unpooled").status(), "the driver's own DataSource has no stub run");
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("| c3p0 (c3p0, round 1) | short |") && md.contains("| unpooled (unpooled, round 1) | short |"), md);
        assertTrue(md.contains("pool size (maxPoolSize): 10") && md.contains("pool size: none"), md);
        assertTrue(Files.readString(out.resolve("load/c3p0/lint.txt")).contains("effective settings"));
    }

    @Test
    void aWebappThatDiesDuringTheLoadFailsItsPhase() throws Exception {
        // kill -9 of the webapp child mid-phase was reported as a fast profile, exit 0
        Path out = tmp.resolve("run");
        Thread killer = new Thread(() -> {
            try {
                for (int i = 0; i < 600; i++) {
                    List<ProcessHandle> jm = ProcessHandle.current().descendants().filter(p -> p.info().commandLine()
                            .orElse("").contains("ApacheJMeter")).toList();
                    if (!jm.isEmpty()) {
                        Thread.sleep(2_000);
                        ProcessHandle.current().descendants().filter(p -> p.info().commandLine().orElse("")
                                .contains("webapp-")).forEach(ProcessHandle::destroyForcibly);
                        return;
                    }
                    Thread.sleep(100);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        killer.start();
        int rc = PoolbenchMain.run(tinyLoad(out, "--skip-jmh", "--profiles", "hikari", "--duration", "20"));
        killer.join();
        assertEquals(RunRecord.EXIT_FAILED, rc);
        PhaseEntry load = manifest(out).phase("load:hikari:r1");
        assertEquals("failed", load.status());
        assertTrue(load.reason().contains("the webapp exited"), load.reason());
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("**FAILED**") && !md.contains("| HikariCP (hikari, round 1) | short |"), md);
    }

    @Test
    void profilesWithTheSameFileNameKeepTheirOwnResultsAndAnyNameStaysOneCell() throws Exception {
        // a/context.xml and b/context.xml overwrote each other's results; x|y;z.xml broke the tables
        Path a = Files.createDirectories(tmp.resolve("a")).resolve("context.xml");
        Path b = Files.createDirectories(tmp.resolve("b")).resolve("context.xml");
        Path c = tmp.resolve("x|y;z.xml");
        Files.copy(Path.of("../webapp/conf/hikari.xml"), a);
        Files.copy(Path.of("../webapp/conf/dbcp2.xml"), b);
        Files.copy(Path.of("../webapp/conf/hikari.xml"), c);
        Path out = tmp.resolve("run");
        assertEquals(0, PoolbenchMain.run("compare", "--root", "..", "--out", out.toString(), "--skip-load",
                "--profiles", a + "," + b + "," + c, "--jmh-args", TINY_JMH));
        Manifest m = manifest(out);
        assertTrue(m.phase("jmh:context").ok() && m.phase("jmh:context-2").ok() && m.phase("jmh:x|y;z").ok(),
                m.phases().toString());
        JsonNode s = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        Set<String> profiles = new HashSet<>();
        s.get("jmh").forEach(r -> profiles.add(r.at("/params/profile").asText()));
        assertEquals(Set.of("context", "context-2", "x|y;z"), profiles);
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("| HikariCP (context) |") && md.contains("| DBCP2 (context-2) |"), md);
        String html = HtmlRenderer.builder().extensions(List.of(TablesExtension.create())).build().render(
                Parser.builder().extensions(List.of(TablesExtension.create())).build().parse(md));
        assertTrue(html.contains("<td>HikariCP (x|y;z)</td>"), "the name is one cell of the borrow/return table: "
                + html);
        assertEquals(0, PoolbenchMain.run("report", out.toString()));
    }

    @Test
    void aFailedJmhRunFailsItsPhaseWithJmhsReason() throws Exception {
        // a failed benchmark ended with exit 0 and "No JMH results"
        Path out = tmp.resolve("run");
        assertEquals(RunRecord.EXIT_FAILED, PoolbenchMain.run("compare", "--root", "..", "--out", out.toString(),
                "--skip-load", "--profiles", "hikari", "--jmh-args", "ConnectionCycle -f 1 -wi 0 -i 1 -r 200ms"
                        + " -p holdUs=abc"));
        PhaseEntry p = manifest(out).phase("jmh:hikari");
        assertEquals("failed", p.status());
        assertTrue(p.reason().startsWith("JMH exited with code"), p.reason());
        assertTrue(Files.readString(out.resolve("summary.md")).contains("**FAILED**"));
        // and a value JMH would fail on is caught before anything starts, naming the attribute
        Path bad = tmp.resolve("bad.xml");
        Files.writeString(bad, Files.readString(Path.of("../webapp/conf/dbcp2.xml")).replace("maxTotal=\"10\"",
                "maxTotal=\"abc\""));
        assertEquals(2, PoolbenchMain.run("compare", "--root", "..", "--out", tmp.resolve("bad").toString(),
                "--profiles", bad.toString()));
        assertTrue(!Files.exists(tmp.resolve("bad")), "nothing started");
    }

    @Test
    void aPoolAtTwoVersionsRunsAsTwoProfilesEachLoadingItsOwnJar() throws Exception {
        // HikariCP 7.0.2 and 7.1.0 (Maven Resolver), each jar first on JMH's and the webapp's class path; every
        // process names the version it loaded and the phase checks it against the one asked for
        Path out = tmp.resolve("run");
        assertEquals(0, PoolbenchMain.run(tinyLoad(out, "--profiles", "hikari", "--pool-version",
                "hikari=7.1.0,7.0.2", "--duration", "3", "--jmh-args", TINY_JMH)));
        Manifest m = manifest(out);
        for (String v : List.of("7.0.2", "7.1.0")) {
            for (String phase : List.of("jmh:hikari@" + v, "load:hikari@" + v + ":r1")) {
                PhaseEntry p = m.phase(phase);
                assertTrue(p.ok() && p.note().endsWith("HikariCP " + v + " loaded"), phase + ": " + p);
            }
        }
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("hikari@7.1.0") && md.contains("hikari@7.0.2"), md);
    }

    @Test
    void skipLoadNeedsNoDatabase() {
        // --skip-load loaded 200,000 rows that JMH on the stub driver never reads
        assertEquals(0, PoolbenchMain.run("compare", "--root", "..", "--out", tmp.resolve("run").toString(),
                "--skip-load", "--profiles", "hikari", "--db", "external", "--jdbc-url",
                "jdbc:postgresql://127.0.0.1:1/unreachable", "--jmh-args", TINY_JMH));
    }

    @Test
    void badInputIsOneLineAndExitCode2BeforeAnythingStarts() throws Exception {
        assertEquals(2, PoolbenchMain.run("compare", "--root", "..", "--profiles", "hikary"));
        assertEquals(2, PoolbenchMain.run("compare", "--root", "..", "--preset", "fast"));
        assertEquals(2, PoolbenchMain.run("compare", "--root", "/nonexistent"));
        assertEquals(2, PoolbenchMain.run("compare", "--root", "..", "--skip-jmh", "--out", tmp.resolve("x").toString(),
                "--db", "external", "--jdbc-url", "jdbc:postgresql://127.0.0.1:1/none"));
        assertEquals(2, PoolbenchMain.run("report", "/nonexistent/dir"));
        for (String[] bad : new String[][] {{"--duration", "0"}, {"--duration", "-5"}, {"--short-threads", "-1"},
                {"--webapp-max-threads", "0"}, {"--rows", "0"}, {"--max-error-percent", "101"}}) {
            assertEquals(2, PoolbenchMain.run("compare", "--root", "..", bad[0], bad[1]), String.join(" ", bad));
        }
        assertEquals(2, PoolbenchMain.run("compare", "--root", "..", "--short-threads", "0", "--medium-threads", "0",
                "--long-threads", "0"));
        // an unwritable --out is one line, before the database starts
        assertEquals(2, PoolbenchMain.run("compare", "--root", "..", "--out", "/proc/poolbench-out"));
        // a MySQL-only profile on the embedded PostgreSQL
        assertEquals(2, PoolbenchMain.run("compare", "--root", "..", "--profiles", "hikari-tuned"));
        // nothing beneath the driver's own DataSource to trace
        assertEquals(2, PoolbenchMain.run("compare", "--root", "..", "--profiles", "unpooled", "--trace-jdbc"));
        // a profile file with two resources, and none chosen
        Path two = tmp.resolve("two.xml");
        String h = Files.readString(Path.of("../webapp/conf/hikari.xml"));
        String res = h.substring(h.indexOf("<Resource"), h.indexOf("/>", h.indexOf("<Resource")) + 2);
        Files.writeString(two, "<Context>" + res + res.replace("jdbc/poolbench", "jdbc/other") + "</Context>");
        assertEquals(2, PoolbenchMain.run("compare", "--root", "..", "--profiles", two.toString()));
        // report on a directory that is no run writes nothing into it
        Path foreign = Files.createDirectories(tmp.resolve("foreign"));
        assertEquals(2, PoolbenchMain.run("report", foreign.toString()));
        try (var s = Files.list(foreign)) {
            assertEquals(0, s.count());
        }
    }

    /**
     * A canary password in every form a user can give one, all in one run: the environment (POOLBENCH_JDBC_PASSWORD),
     * a {@code password=} parameter of --jdbc-url, and one in a second profile's URL. The run must succeed with it (so
     * it was used) and show it in no line of the console and no file of the run directory.
     */
    @Test
    void thePasswordOfTheRunAppearsInNoFileAndNoLine() throws Exception {
        // the embedded run has no password of its own, so the run is pointed, as --db external, at an embedded
        // server whose user has one
        String secret = "Pw-7c1f-never-shown";
        try (Database db = DatabaseSettings.embedded().open()) {
            try (Connection c = db.connect(); Statement st = c.createStatement()) {
                st.execute("CREATE ROLE pbsecret LOGIN SUPERUSER PASSWORD '" + secret + "'");
            }
            Path out = tmp.resolve("run");
            String url = db.jdbcUrl() + "?password=" + secret;
            Path canary = tmp.resolve("canary.xml");
            Files.writeString(canary, Files.readString(Path.of("../webapp/conf/hikari.xml")).replace(
                    "jdbcUrl=\"${poolbench.jdbc.url}\"", "jdbcUrl=\"${poolbench.jdbc.url}&amp;password=" + secret
                    + "\""));
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-jar", Path.of("target/poolbench.jar").toAbsolutePath().toString()));
            // traced too: the JDBC trace writes every failed call's message
            cmd.addAll(List.of(tinyLoad(out, "--profiles", "hikari," + canary, "--skip-jmh", "--duration", "3", "--db",
                    "external", "--jdbc-url", url, "--jdbc-user", "pbsecret", "--trace-jdbc")));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            pb.environment().put("POOLBENCH_JDBC_PASSWORD", secret);
            Process p = pb.start();
            String console = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(5, TimeUnit.MINUTES));
            assertEquals(0, p.exitValue(), console);
            assertTrue(!console.contains(secret), "the console shows the password");
            List<Path> files;
            try (var w = Files.walk(out)) {
                files = w.filter(Files::isRegularFile).collect(Collectors.toList());
            }
            assertTrue(files.size() > 10, files.toString());
            assertTrue(files.stream().anyMatch(f -> f.endsWith("trace.csv")), files.toString());
            assertTrue(Files.readString(out.resolve("summary.md")).contains("Beneath the pool"), "the trace's table");
            for (Path f : files) {
                byte[] bytes = Files.readAllBytes(f);
                assertTrue(!new String(bytes, StandardCharsets.ISO_8859_1).contains(secret), f + " shows the password");
            }
        }
    }

    /**
     * The launcher's JVM, started the way ./poolbench starts it from a terminal. A build started in the background
     * of a non-interactive shell ({@code .ci/run &}) ignores SIGINT, and every child inherits that: the JVM then never
     * sees the Ctrl-C this test sends (the run simply went on). A terminal's Ctrl-C reaches a process whose SIGINT is
     * at its default, so the child is started with it reset ({@code env --default-signal}, coreutils 8.31+).
     */
    private Process launch(Path out, String... more) throws Exception {
        List<String> cmd = new ArrayList<>();
        if (sigintIgnored()) {
            cmd.addAll(List.of("env", "--default-signal=INT"));
        }
        cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", Path.of("target/poolbench.jar").toAbsolutePath().toString()));
        cmd.addAll(List.of(tinyLoad(out, more)));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    /** @return true when this JVM was started with SIGINT ignored (Linux: bit 2 of SigIgn in /proc/self/status) */
    private static boolean sigintIgnored() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return false;
        }
        return Files.readAllLines(status).stream().filter(l -> l.startsWith("SigIgn:"))
                .anyMatch(l -> (Long.parseLong(l.substring("SigIgn:".length()).trim(), 16) & 0x2L) != 0);
    }

    private static void awaitLine(Process p, String marker, List<String> lines) throws Exception {
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = r.readLine()) != null) {
            lines.add(line);
            if (line.contains(marker)) {
                Thread t = new Thread(() -> {
                    try {
                        String l;
                        while ((l = r.readLine()) != null) {
                            synchronized (lines) {
                                lines.add(l);
                            }
                        }
                    } catch (IOException ignored) {
                        // the process ended
                    }
                });
                t.setDaemon(true);
                t.start();
                return;
            }
        }
        throw new AssertionError("no '" + marker + "' in:\n" + String.join("\n", lines));
    }

    private static Set<Long> ourServers() {
        return ProcessHandle.allProcesses().filter(p -> {
            String c = p.info().commandLine().orElse("");
            return c.contains("poolbench-pg") || c.contains("webapp-") && c.contains("--shutdown-port")
                    || c.contains("ApacheJMeter");
        }).map(ProcessHandle::pid).collect(Collectors.toSet());
    }

    private static void assertGone(Set<Long> pids) throws InterruptedException {
        for (int i = 0; i < 60 && pids.stream().anyMatch(pid -> ProcessHandle.of(pid).isPresent()); i++) {
            Thread.sleep(500);
        }
        assertTrue(pids.stream().noneMatch(pid -> ProcessHandle.of(pid).isPresent()), "left running: " + pids);
    }

    @Test
    void ctrlCKeepsWhatFinishedMarksTheRestAndStopsEverything() throws Exception {
        // an interrupted run printed nothing, and report showed 7 s of 20 as complete
        Assumptions.assumeTrue(Files.isRegularFile(Path.of("target/poolbench.jar")), "needs the packaged jar");
        Set<Long> before = ourServers();
        Path out = tmp.resolve("run");
        Process p = launch(out, "--skip-jmh", "--duration", "40");
        List<String> lines = new ArrayList<>();
        try {
            awaitLine(p, "jmeter hikari", lines);
            Set<Long> started = ourServers();
            started.removeAll(before);
            assertTrue(!started.isEmpty(), "the run started its servers");
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the run ended after Ctrl-C");
            assertEquals(RunRecord.EXIT_INTERRUPTED, p.exitValue());
            assertGone(started);
        } finally {
            p.destroyForcibly();
        }
        synchronized (lines) {
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("poolbench: interrupted (Ctrl-C (SIGINT)); finished:"
                    + " database; not finished: load:hikari:r1 interrupted, load:dbcp2:r1 skipped")), String.join("\n", lines));
        }
        Manifest m = manifest(out);
        assertEquals("interrupted", m.status());
        assertEquals("interrupted", m.phase("load:hikari:r1").status());
        assertEquals("skipped", m.phase("load:dbcp2:r1").status());
        assertEquals(0, PoolbenchMain.run("report", out.toString()));
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("| hikari, round 1 | all | **INTERRUPTED**") && !md.contains("| HikariCP (hikari, round 1) | short |"), md);
    }

    @Test
    void killMinus9OfTheRunStopsItsWebappJmeterAndPostgres() throws Exception {
        // kill -9 of the main process orphaned the webapp and embedded PostgreSQL
        Assumptions.assumeTrue(Files.isRegularFile(Path.of("target/poolbench.jar")), "needs the packaged jar");
        Set<Long> before = ourServers();
        Process p = launch(tmp.resolve("run"), "--skip-jmh", "--duration", "40");
        Set<Long> started;
        try {
            awaitLine(p, "jmeter hikari", new ArrayList<>());
            started = ourServers();
            started.removeAll(before);
            assertTrue(started.size() >= 3, "PostgreSQL, webapp and JMeter run: " + started);
            p.destroyForcibly(); // SIGKILL: no shutdown hook runs
            p.waitFor(10, TimeUnit.SECONDS);
        } finally {
            p.destroyForcibly();
        }
        assertGone(started);
        try (var s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            List<Path> left = s.filter(x -> x.getFileName().toString().startsWith("poolbench-tomcat-" + p.pid() + "-")
                    || x.getFileName().toString().startsWith("detect_linux_distribution_")).toList();
            assertTrue(left.isEmpty(), "temp files left: " + left);
        }
    }

    @Test
    void aDatabaseThatDiesEndsTheLoadWithinSecondsAndFailsTheRunWithoutFigures() throws Exception {
        // a dead database let the load run to its planned end on failed requests
        Assumptions.assumeTrue(Files.isRegularFile(Path.of("target/poolbench.jar")), "needs the packaged jar");
        Set<Long> before = ourServers();
        Path out = tmp.resolve("run");
        Process p = launch(out, "--skip-jmh", "--duration", "120", "--profiles", "hikari,dbcp2");
        List<String> lines = new ArrayList<>();
        try {
            awaitLine(p, "jmeter hikari", lines);
            ProcessHandle postmaster = ProcessHandle.allProcesses().filter(h -> !before.contains(h.pid())
                    && h.info().commandLine().orElse("").matches(".*/postgres .*-D .*poolbench-pg.*")).findFirst()
                    .orElseThrow(() -> new AssertionError("no postmaster of this run"));
            postmaster.destroyForcibly();
            // the load had 120 s to go: the run ends long before (the deadline here only stops a broken test)
            assertTrue(p.waitFor(90, TimeUnit.SECONDS), "the run went on after its database died:\n" + lines);
        } finally {
            p.destroyForcibly();
        }
        assertEquals(1, p.exitValue(), String.join("\n", lines));
        PhaseEntry load = manifest(out).phase("load:hikari:r1");
        assertEquals("failed", load.status());
        assertTrue(load.reason().matches("the database's process embedded \\(pid \\d+\\) is gone at \\d+ s of the"
                + " 120 s load; JMeter was stopped"), load.reason());
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("| hikari, round 1 | all | **FAILED**") && !md.contains("| HikariCP (hikari, round 1) | short |"), md);
        assertTrue(manifest(out).phase("load:dbcp2:r1").reason().startsWith("not started: the database's process"));
    }

    @Test
    void aMySqlProfileRunsWithDbMysql() throws Exception {
        // hikari-tuned and aurora-article-* could not be used with run at all
        boolean ci = "true".equals(System.getenv("CI"));
        Assumptions.assumeTrue(ci || Docker.available(), "no Docker engine (runs in CI)");
        // an invalid image name was a stack trace, an image that is not MySQL cost 3 x 2 minutes
        assertEquals(2, PoolbenchMain.run("compare", "--root", "..", "--out", tmp.resolve("bad1").toString(), "--db",
                "mysql", "--mysql-image", "Not A/Valid:Image:Name"));
        assertEquals(2, PoolbenchMain.run("compare", "--root", "..", "--out", tmp.resolve("bad2").toString(), "--db",
                "mysql", "--mysql-image", "poolbench/toxiproxy:local"));
        assertTrue(!Files.exists(tmp.resolve("bad1")) && !Files.exists(tmp.resolve("bad2")), "nothing started");
        Path out = tmp.resolve("run");
        assertEquals(0, PoolbenchMain.run("compare", "--root", "..", "--out", out.toString(), "--skip-jmh", "--db",
                "mysql", "--rows", "2000", "--profiles", "hikari-tuned", "--duration", "5", "--rounds", "1", "--rampup", "1",
                "--short-threads", "2", "--medium-threads", "1", "--long-threads", "1"));
        assertTrue(manifest(out).phase("load:hikari-tuned:r1").ok());
    }
}
