package io.poolbench.suite;

import io.poolbench.suite.process.Artifacts;
import io.poolbench.suite.process.Children;
import io.poolbench.suite.report.SuiteReport;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunDirOptions;

import io.poolbench.testbed.Docker;
import io.poolbench.testbed.run.RunLog;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code poolbench run}: the whole suite. Every scenario of {@link SuiteScenario} runs as its own command in its own
 * JVM (so that one scenario's memory, log redirection and shutdown hooks cannot touch the next, and the drills get
 * their hosts file), one after another, into {@code <run>/<scenario>/}, each a complete run directory of its own;
 * seed 004 and the drills need a Docker engine and are skipped with one line without one. The suite's own
 * {@code run.json} has a phase per scenario ({@code ok}, {@code failed} with the scenario's own outcome line,
 * {@code interrupted}, {@code skipped}); at the end {@link SuiteReport} writes {@code index.md} and the one-page
 * {@code index.html} (also copied to {@code target/poolbench-report/index.html}).
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "The whole suite on the embedded PostgreSQL: JMH and the web load (compare), seeds 000, 001,"
                + " 002 and 003, and with a Docker engine seed 004 and the drills; then one report,"
                + " index.html (offline, images inside) and index.md. About 15 minutes here at the quick preset"
                + " (without Docker about 10).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every scenario ok (or skipped for want of Docker)", "1:a scenario failed (the report marks"
                + " it)", "2:bad input, one line on stderr; nothing started", "130:interrupted (Ctrl-C); what"
                + " finished is kept and reported"})
public final class SuiteCommand implements Callable<Integer> {
    @Option(names = "--preset", defaultValue = "quick", paramLabel = "quick|full",
            description = "quick: every scenario at a small scale (about 15 minutes here); full: each at the"
                    + " article's scale where it runs here in reasonable time (hours). Default ${DEFAULT-VALUE}.")
    String preset;

    @Option(names = "--only", split = ",", paramLabel = "ID",
            description = "Run only these scenarios: compare, seed000, seed001, seed002, seed003, seed004, drills.")
    List<String> only;

    @Option(names = "--skip", split = ",", paramLabel = "ID", description = "Leave these scenarios out.")
    List<String> skip = new ArrayList<>();

    @Mixin
    RunDirOptions runDir;

    @Spec
    CommandSpec spec;

    /**
     * Settings as the manifest records them.
     *
     * @param preset quick or full
     * @param scenarios the scenarios in run order, with their command lines
     */
    record Settings(String preset, Map<String, List<String>> scenarios) {
    }

    @Override
    public Integer call() throws Exception {
        if (!preset.equals("quick") && !preset.equals("full")) {
            throw new TestbedException("--preset " + preset + ": use quick or full");
        }
        List<SuiteScenario> chosen = new ArrayList<>();
        for (String id : only != null ? only : List.<String>of()) {
            SuiteScenario.of(id);
        }
        for (String id : skip) {
            SuiteScenario.of(id);
        }
        for (SuiteScenario s : SuiteScenario.values()) {
            if ((only == null || only.contains(s.id)) && !skip.contains(s.id)) {
                chosen.add(s);
            }
        }
        if (chosen.isEmpty()) {
            throw new TestbedException("--only/--skip leave no scenario to run");
        }
        Path root = runDir.root.toAbsolutePath().normalize();
        Path jar = root.resolve("suite/target/poolbench.jar");
        if (!Files.isRegularFile(jar)) {
            throw new TestbedException(jar + " is missing; " + Artifacts.BUILD_HINT);
        }
        Artifacts.locate(root);
        boolean docker = chosen.stream().anyMatch(s -> s.needsDocker) && Docker.available();
        Map<String, List<String>> lines = new LinkedHashMap<>();
        chosen.forEach(s -> lines.put(s.id, preset.equals("full") ? s.fullArgs : s.quickArgs));
        Path dir = runDir.prepare();
        try (RunLog log = RunLog.redirect(dir.resolve("poolbench.log"))) {
            RunRecord record = RunRecord.start(dir, "run", spec.commandLine().getParseResult().originalArgs(),
                    new Settings(preset, lines), System.out);
            Progress progress = new Progress(System.out);
            Map<SuiteScenario, RunRecord.Phase> phases = new LinkedHashMap<>();
            for (SuiteScenario s : chosen) {
                phases.put(s, record.plan("scenario:" + s.id, s.title + ": ./poolbench " + String.join(" ",
                        lines.get(s.id))));
            }
            RunRecord.Phase reportPhase = record.plan("report", "index.md and index.html");
            record.onInterrupt(() -> SuiteReport.writeQuietly(dir, root));
            long estimate = chosen.stream().filter(s -> docker || !s.needsDocker).mapToLong(s -> s.quickSeconds).sum();
            progress.print(String.format("poolbench run: %d scenarios, preset %s%s; run directory %s", chosen.size(),
                    preset, preset.equals("quick") ? String.format(", about %d min here", Math.round(estimate / 60.0))
                            : "", dir));
            Path hosts = hostsFile(root);
            long t0 = System.nanoTime();
            long doneEstimate = 0;
            int i = 0;
            try {
                for (SuiteScenario s : chosen) {
                    i++;
                    RunRecord.Phase ph = phases.get(s);
                    if (s.needsDocker && !docker) {
                        String why = "no Docker engine answers (start one, e.g. `sudo dockerd &`, or see the README's"
                                + " MySQL and Toxiproxy section)";
                        progress.print("poolbench run: " + s.id + " skipped: " + why);
                        ph.skipped(why);
                        continue;
                    }
                    progress.phase(i, chosen.size(), s.title + eta(t0, doneEstimate, estimate));
                    if (!ph.start()) {
                        break;
                    }
                    int rc = runChild(s, lines.get(s.id), dir, root, jar, hosts, progress);
                    doneEstimate += s.quickSeconds;
                    RunRecord.Manifest child = readQuietly(dir.resolve(s.id));
                    String outcome = child == null ? "no run.json written" : child.phases().stream()
                            .filter(p -> !p.ok()).map(p -> p.id() + " " + p.status()).reduce((a, b) -> a + ", " + b)
                            .orElse("every phase ok");
                    if (rc == 0) {
                        ph.ok(outcome);
                    } else if (rc == RunRecord.EXIT_INTERRUPTED || rc == 143 || record.interrupted()) {
                        break;
                    } else {
                        ph.failed("exit code " + rc + ": " + outcome + " (log: " + dir.resolve(s.id
                                + ".console.log") + ")");
                    }
                }
                if (!record.interrupted() && reportPhase.start()) {
                    SuiteReport.Written w = SuiteReport.write(dir, root);
                    reportPhase.ok(w.html().toString());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                record.finish();
            }
            int rc = record.finish();
            if (!record.interrupted()) {
                SuiteReport.Written w = SuiteReport.write(dir, root);
                progress.print(w.headline());
                progress.print("poolbench run: report " + w.html() + (w.copy() != null ? " (and " + w.copy() + ")"
                        : "") + ", its Markdown twin " + w.markdown());
                progress.print((rc == 0 ? "poolbench run: " : "poolbench run: PROBLEM: ") + record.outcomeLine());
            }
            return rc;
        }
    }

    private static String eta(long t0, long doneEstimate, long estimate) {
        if (doneEstimate == 0) {
            return String.format(" (about %d min left)", Math.round(estimate / 60.0));
        }
        double scale = (System.nanoTime() - t0) / 1e9 / doneEstimate;
        Duration left = Duration.ofSeconds(Math.round((estimate - doneEstimate) * scale));
        return String.format(" (about %d min %02d s left)", left.toMinutes(), left.toSecondsPart());
    }

    /** The drills move the cluster endpoint through the JVM's hosts file (see FailoverTopology). */
    private static Path hostsFile(Path root) throws IOException {
        Path hosts = root.resolve("target/poolbench-drills/hosts");
        Files.createDirectories(hosts.getParent());
        Files.writeString(hosts, "127.0.0.1 localhost\n::1 localhost\n");
        return hosts;
    }

    private static int runChild(SuiteScenario s, List<String> args, Path dir, Path root, Path jar, Path hosts,
            Progress progress) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Children.java()));
        if (s.needsDocker) {
            cmd.addAll(List.of("-Djdk.net.hosts.file=" + hosts, "-Dsun.net.inetaddr.ttl=0",
                    "-Dsun.net.inetaddr.negative.ttl=0"));
        }
        cmd.addAll(List.of("-jar", jar.toString()));
        cmd.addAll(args);
        cmd.addAll(List.of("--out", dir.resolve(s.id).toString()));
        Map<String, String> env = new LinkedHashMap<>();
        env.put("TESTCONTAINERS_RYUK_DISABLED", System.getenv().getOrDefault("TESTCONTAINERS_RYUK_DISABLED", "true"));
        env.put("TESTCONTAINERS_HOST_OVERRIDE", System.getenv().getOrDefault("TESTCONTAINERS_HOST_OVERRIDE",
                "localhost"));
        Process p = Children.start(cmd, env, dir.resolve(s.id + ".console.log"), line -> progress.print("  "
                + s.id + " | " + line), root);
        try {
            int rc = p.waitFor();
            Children.awaitOutput(p);
            return rc;
        } finally {
            if (p.isAlive()) {
                // let the scenario stop its own children and write what it has (its shutdown hook)
                p.destroy();
                if (!p.waitFor(60, TimeUnit.SECONDS)) {
                    Children.stop(p, 1);
                }
            }
        }
    }

    private static RunRecord.Manifest readQuietly(Path dir) {
        try {
            return RunRecord.read(dir);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
