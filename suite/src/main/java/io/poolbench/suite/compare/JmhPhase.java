package io.poolbench.suite.compare;

import io.poolbench.suite.process.Artifacts;
import io.poolbench.suite.process.ChildWait;
import io.poolbench.suite.process.Children;
import io.poolbench.testbed.pool.PoolKind;
import io.poolbench.testbed.report.JmhSummary;
import io.poolbench.testbed.run.Progress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** Compare's JMH phase for one profile: ConnectionCycle on the stub driver, in JMH's own JVM. */
final class JmhPhase {
    /** Silence after which JMH is stopped, s: JMH's default iteration timeout ({@code -to}, 10 min) plus 1 min. */
    static final long SILENCE_SECONDS = 660;
    /** The main class of the benchmarks' jar (JMH's own, as its manifest names it). */
    static final String JMH_MAIN = "org.openjdk.jmh.Main";

    private JmhPhase() {
    }

    /**
     * Runs JMH ({@code -foe true}: a failed benchmark fails the run) for one profile on the stub driver.
     *
     * @param art the built pieces (the JMH jar, the profiles)
     * @param settings the JMH arguments
     * @param p the profile
     * @param out the run directory ({@code jmh/<profile>/} receives jmh.json and jmh.log)
     * @param progress where JMH's progress lines go
     * @return the ok line: how many results
     * @throws CompareExperiment.PhaseFailure when JMH fails or writes no results (one line)
     * @throws IOException when the directory cannot be written
     * @throws InterruptedException when interrupted
     */
    static String run(Artifacts art, CompareSettings settings, CompareSettings.ProfileRun p, Path out,
            Progress progress) throws IOException, InterruptedException, CompareExperiment.PhaseFailure {
        Path dir = out.resolve("jmh").resolve(p.id());
        Files.createDirectories(dir);
        Path json = dir.resolve("jmh.json");
        List<String> cmd = new ArrayList<>(List.of(Children.java()));
        cmd.addAll(Children.classPath(p.jarsFirst(), art.benchmarksJar(), JMH_MAIN));
        cmd.addAll(settings.jmhArgs());
        cmd.addAll(List.of("-p", "profile=" + p.file(), "-foe", "true",
                "-jvmArgsAppend", "-Xms1g -Xmx1g -Dpoolbench.conf=" + art.confDir().toAbsolutePath(),
                "-rf", "json", "-rff", json.toAbsolutePath().toString()));
        AtomicLong lastLine = new AtomicLong(System.nanoTime());
        Set<String> loaded = ConcurrentHashMap.newKeySet();
        Process proc = Children.start(cmd, Map.of(), dir.resolve("jmh.log"), line -> {
            lastLine.set(System.nanoTime());
            String v = PoolKind.versionIn(line);
            if (v != null) {
                loaded.add(v);
            }
            if (line.startsWith("# Run progress") || line.startsWith("# Benchmark:")
                    || line.startsWith("WARNING profile")) {
                progress.detail("jmh", line.replace("# ", ""));
            }
        });
        // JMH prints a line per iteration: one that prints nothing for longer than its own iteration timeout
        // (10 min by default) plus a minute hangs, and is stopped; the run as a whole has no planned length, so its
        // deadline only catches a JMH that prints without end
        String hung = ChildWait.await(proc, TimeUnit.DAYS.toSeconds(1), "JMH did not end within 24 h and was stopped"
                + " (log: " + dir.resolve("jmh.log") + ")", List.of(() ->
                System.nanoTime() - lastLine.get() > TimeUnit.SECONDS.toNanos(SILENCE_SECONDS) ? "JMH printed nothing"
                        + " for " + SILENCE_SECONDS / 60 + " min and was stopped (log: " + dir.resolve("jmh.log") + ")"
                        : null));
        if (hung != null) {
            throw new CompareExperiment.PhaseFailure(hung);
        }
        int rc = proc.exitValue();
        Children.awaitOutput(proc);
        if (rc != 0) {
            throw new CompareExperiment.PhaseFailure("JMH exited with code " + rc + ": " + jmhError(dir.resolve("jmh.log"))
                    + " (log: " + dir.resolve("jmh.log") + ")");
        }
        List<JmhSummary.Result> results;
        try {
            results = Files.isRegularFile(json) && Files.size(json) > 0 ? JmhSummary.read(json) : List.of();
        } catch (IOException e) {
            throw new CompareExperiment.PhaseFailure("JMH results unreadable: " + e.getMessage());
        }
        if (results.isEmpty()) {
            throw new CompareExperiment.PhaseFailure("JMH produced no results (log: " + dir.resolve("jmh.log") + ")");
        }
        return results.size() + " JMH results" + p.checkLoaded(loaded, "JMH's forks");
    }

    /** The first exception line JMH printed for a failed benchmark, or a pointer to the log. */
    static String jmhError(Path log) {
        try {
            for (String l : Files.readAllLines(log)) {
                String t = l.trim();
                if (t.matches("^([a-zA-Z_$][\\w$]*\\.)+[A-Z][\\w$]*(Exception|Error)(: .*)?$")
                        || t.startsWith("No matching benchmarks") || t.startsWith("Error parsing command line")) {
                    return t;
                }
            }
        } catch (IOException e) {
            // the pointer to the log below is all there is
        }
        return "see the log";
    }
}
