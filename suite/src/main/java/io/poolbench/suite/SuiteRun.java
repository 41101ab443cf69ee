package io.poolbench.suite;

import io.poolbench.suite.process.Children;
import io.poolbench.testbed.run.AbstractScenario;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.toxiproxy.HostsFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The whole suite as one run ({@code ./poolbench run}): every chosen scenario one after another, each as its own
 * command in its own JVM (its own memory, log and shutdown hooks) and its own complete run directory
 * {@code <run>/<id>/} (a scenario of several commands, {@link SuiteEntry#chained}: one sub-directory each, e.g.
 * {@code <run>/failover-at-limit/map/}; a command that fails does not stop the next, an interruption does); a phase
 * {@code scenario:<id>} each, then the page ({@link SuiteReport}). A scenario that needs Docker is skipped with one
 * line when no engine answers.
 */
final class SuiteRun extends AbstractScenario {
    private final String preset;
    private final List<SuiteEntry> chosen;
    private final Map<String, List<String>> lines;
    private final boolean docker;
    private final Path root;
    private final Path jar;
    /** The scenario running as a child process, if any. */
    private final AtomicReference<Process> running = new AtomicReference<>();
    /** How long an interruption waits for the child to write its report (Children's own hook kills it after 10 s). */
    private static final int CHILD_REPORT_SECONDS = 12;

    /**
     * Settings as the manifest records them.
     *
     * @param preset quick or full
     * @param scenarios the scenarios in run order, with their command lines
     */
    public record Settings(String preset, Map<String, List<String>> scenarios) {
    }

    /**
     * @param preset quick or full
     * @param chosen the scenarios in run order
     * @param lines each scenario's command line
     * @param docker whether a Docker engine answers
     * @param root the project root
     * @param jar the suite's jar, which runs each scenario
     */
    SuiteRun(String preset, List<SuiteEntry> chosen, Map<String, List<String>> lines, boolean docker, Path root,
            Path jar) {
        super("run", new Settings(preset, lines));
        this.preset = preset;
        this.chosen = chosen;
        this.lines = lines;
        this.docker = docker;
        this.root = root;
        this.jar = jar;
    }

    @Override
    public String report(Path dir) throws IOException {
        SuiteReport.Written w = SuiteReport.write(dir, root);
        return w.headline() + "\npoolbench run: report " + w.html() + (w.copy() != null ? " (and " + w.copy() + ")"
                : "") + ", its Markdown twin " + w.markdown();
    }

    @Override
    public void run(RunRecord record, Progress progress) throws IOException {
        Path dir = record.dir();
        // Ctrl-C or SIGTERM: the scenario running as a child gets the signal too (its own hook writes its report);
        // the page is written after it ended, so that it shows that report, not "(no report)"
        record.onInterruptFirst(this::stopChild);
        Map<SuiteEntry, Phase> phases = new LinkedHashMap<>();
        for (SuiteEntry s : chosen) {
            phases.put(s, record.plan("scenario:" + s.id, s.title + ": ./poolbench " + String.join(" ",
                    lines.get(s.id))));
        }
        Phase reportPhase = record.plan("report", "index.md and index.html");
        long estimate = chosen.stream().filter(s -> docker || !s.needsDocker).mapToLong(s -> s.quickSeconds).sum();
        progress.print(String.format("poolbench run: %d scenarios, preset %s%s; run directory %s", chosen.size(),
                preset, preset.equals("quick") ? String.format(", about %d min here", Math.round(estimate / 60.0))
                        : "", dir));
        Path hosts = hostsFile(root);
        long t0 = System.nanoTime();
        long doneEstimate = 0;
        int i = 0;
        try {
            for (SuiteEntry s : chosen) {
                i++;
                Phase ph = phases.get(s);
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
                Path sdir = dir.resolve(s.id);
                Files.createDirectories(sdir);
                int rc = 0;
                boolean interrupted = false;
                List<String> outcomes = new ArrayList<>();
                for (SuiteStep st : s.steps(preset)) {
                    // a scenario of several commands: each writes its sub-directory and its own console log
                    String name = st.sub() == null ? s.id : s.id + "-" + st.sub();
                    Path log = dir.resolve(name + ".console.log");
                    int r = runChild(s, name, st.argsIn(sdir), log, hosts, progress);
                    Manifest child = readQuietly(st.sub() == null ? sdir : sdir.resolve(st.sub()));
                    String outcome = child == null ? "no run.json written" : child.phases().stream()
                            .filter(p -> !p.ok()).map(p -> p.id() + " " + p.status()).reduce((a, b) -> a + ", " + b)
                            .orElse("every phase ok");
                    outcomes.add((st.sub() == null ? "" : st.sub() + ": ") + (r == 0 ? outcome : "exit code " + r
                            + ": " + outcome + " (log: " + log + ")"));
                    rc = rc == 0 ? r : rc;
                    interrupted = r == RunRecord.EXIT_INTERRUPTED || r == 143 || record.interrupted();
                    if (interrupted) {
                        break;
                    }
                }
                doneEstimate += s.quickSeconds;
                if (rc == 0) {
                    ph.ok(String.join("; ", outcomes));
                } else if (interrupted) {
                    break;
                } else {
                    ph.failed(String.join("; ", outcomes));
                }
            }
            if (!record.interrupted() && reportPhase.start()) {
                SuiteReport.Written w = SuiteReport.write(dir, root);
                reportPhase.ok(w.html().toString());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the scenario running as a child, and waits a while for it to write its report. */
    private void stopChild() {
        Process child = running.get();
        if (child != null && child.isAlive()) {
            child.destroy();
            try {
                child.waitFor(CHILD_REPORT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
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

    /**
     * The drills move the cluster endpoint through the JVM's hosts file (see FailoverTopology): one file per suite
     * run ({@code hosts.<pid>}, as the {@code poolbench} script names its own), so that another command started
     * meanwhile cannot move this run's endpoint; removed when the suite's JVM exits.
     */
    private static Path hostsFile(Path root) throws IOException {
        Path hosts = root.resolve("target/poolbench-drills/hosts." + ProcessHandle.current().pid());
        Files.createDirectories(hosts.getParent());
        Files.writeString(hosts, HostsFile.LOCAL);
        hosts.toFile().deleteOnExit();
        return hosts;
    }

    private int runChild(SuiteEntry s, String name, List<String> args, Path log, Path hosts, Progress progress)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Children.java()));
        if (s.needsDocker) {
            cmd.addAll(List.of("-Djdk.net.hosts.file=" + hosts, "-Dsun.net.inetaddr.ttl=0",
                    "-Dsun.net.inetaddr.negative.ttl=0"));
        }
        cmd.addAll(List.of("-jar", jar.toString()));
        cmd.addAll(args);
        Map<String, String> env = new LinkedHashMap<>();
        env.put("TESTCONTAINERS_RYUK_DISABLED", System.getenv().getOrDefault("TESTCONTAINERS_RYUK_DISABLED", "true"));
        env.put("TESTCONTAINERS_HOST_OVERRIDE", System.getenv().getOrDefault("TESTCONTAINERS_HOST_OVERRIDE",
                "localhost"));
        Process p = Children.start(cmd, env, log, line -> progress.print("  " + name + " | " + line), root);
        running.set(p);
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

    private static Manifest readQuietly(Path dir) {
        try {
            return Manifest.read(dir);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
