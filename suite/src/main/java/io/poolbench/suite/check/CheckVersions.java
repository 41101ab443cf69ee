package io.poolbench.suite.check;

import io.poolbench.suite.process.Children;
import io.poolbench.suite.versions.ArtifactVersions;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.fault.Durations;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.report.Table;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One configuration checked at two versions of its pool or of its driver: "did the upgrade change anything?" for the
 * settings a pool and a driver really apply. Each version's jar is fetched by Maven Resolver ({@link ArtifactVersions})
 * and put before poolbench's own on the class path of a {@code poolbench check} of its own (a child JVM), which builds
 * the pool against the stub driver, reads its settings and the driver's timeouts back and predicts the faults as a
 * check always does. The two {@code check.json} are then set side by side: every row of the check's settings table
 * ({@link CheckReport#settingRows}) and every predicted wait, and which changed. Each child's jar row is what its jar
 * says it is: a check whose jar names another version than asked is refused, never shown as that version.
 */
final class CheckVersions {
    /** The most a check at one version may take: a JVM's start and a pool built against the stub driver. */
    static final int CHILD_SECONDS = 120;

    private CheckVersions() {
    }

    /** Which jar the versions are of. */
    enum Which {
        /** The pool's own jar ({@code --pool-version}). */
        POOL,
        /** The JDBC driver's jar ({@code --driver-version}). */
        DRIVER;

        /** @return the jar of this kind a check read; null when it read none */
        CheckedPool.Jar of(CheckedPool p) {
            return this == POOL ? p.poolJar() : p.driverJar();
        }
    }

    /**
     * What one version's check found.
     *
     * @param version the version asked for
     * @param settings the check's settings table, setting → value ({@link CheckReport#settingRows})
     * @param faults per fault, in the check's order
     * @param worstWaitMs the longest predicted wait over the faults, ms; -1 when one is without limit
     */
    record VersionCheck(String version, Map<String, String> settings, List<FaultFigures> faults, long worstWaitMs) {
        /**
         * @param version the version asked for
         * @param r the check at it
         * @return its settings, per fault its figures, and its longest wait
         */
        static VersionCheck of(String version, CheckResult r) {
            return new VersionCheck(version, CheckReport.settingRows(r), r.predictions().stream().map(p ->
                    new FaultFigures(p.fault().label(), p.longestWaitMs(), p.servesAgainMs())).toList(),
                    r.worstWaitMs());
        }
    }

    /**
     * The two checks and their comparison.
     *
     * @param checks the check at each version, in the order given
     * @param markdown the comparison page, {@code versions.md}
     */
    record Comparison(List<VersionCheck> checks, String markdown) {
    }

    /**
     * One fault's prediction at one version.
     *
     * @param fault the fault's label, e.g. {@code stall 20 s}
     * @param longestWaitMs the longest a request waits, ms; -1 without limit
     * @param servesAgainMs when the pool serves again after the fault, ms; -1 never
     */
    record FaultFigures(String fault, long longestWaitMs, long servesAgainMs) {
    }

    /**
     * One row of the comparison.
     *
     * @param what a row of the settings table, or a fault's longest wait or return to service
     * @param older its value at the first version; {@code –} where that version has no such setting
     * @param newer its value at the second
     */
    record Row(String what, String older, String newer) {
        /** @return whether the two versions differ in this row */
        boolean changed() {
            return !older.equals(newer);
        }
    }

    /**
     * Checks one configuration at each version and writes {@code versions.md} beside each version's own
     * {@code <out>/pool-<version>/check.md} (or {@code driver-<version>/}).
     *
     * @param which the pool's jar or the driver's
     * @param artifact its {@code groupId:artifactId}
     * @param versions two different versions
     * @param args the check's command line as typed, without {@code check} itself
     * @param out the check's output directory
     * @return both checks and the comparison's Markdown
     * @throws TestbedException one line for a version that does not resolve, or a check that fails or reads
     *     another version than asked
     * @throws IOException when the directory cannot be written
     * @throws InterruptedException when interrupted while a check runs
     */
    static Comparison run(Which which, String artifact, List<String> versions, List<String> args, Path out)
            throws IOException, InterruptedException {
        List<Path> jars = versions.stream().map(v -> ArtifactVersions.jar(artifact + ":" + v)).toList();
        List<VersionCheck> checks = new ArrayList<>();
        for (int i = 0; i < versions.size(); i++) {
            checks.add(checkAt(which, versions.get(i), jars.get(i), args, out.resolve(prefix(which)
                    + versions.get(i))));
        }
        String md = markdown(artifact, checks.get(0), checks.get(1));
        Files.writeString(out.resolve("versions.md"), md);
        return new Comparison(checks, md);
    }

    /** @return the directory of one version's check: {@code pool-<version>} or {@code driver-<version>} */
    static String prefix(Which which) {
        return which == Which.POOL ? "pool-" : "driver-";
    }

    private static VersionCheck checkAt(Which which, String version, Path jar, List<String> args, Path dir)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        List<String> cmd = new ArrayList<>(List.of(Children.java(), "-cp", jar + File.pathSeparator
                + System.getProperty("java.class.path"), "io.poolbench.suite.PoolbenchMain", "check"));
        cmd.addAll(childArgs(args, dir));
        Path log = dir.resolve("check.log");
        Process p = Children.start(cmd, Map.of(), log, null);
        try {
            if (!p.waitFor(CHILD_SECONDS, TimeUnit.SECONDS)) {
                throw new TestbedException("the check at " + version + " did not end within " + CHILD_SECONDS
                        + " s: see " + log);
            }
            Children.awaitOutput(p);
        } finally {
            p.destroyForcibly();
        }
        // 3: a predicted wait above --max-hang-s, which the comparison shows
        if (p.exitValue() != 0 && p.exitValue() != 3) {
            throw new TestbedException("the check at " + version + " failed (exit " + p.exitValue() + "): "
                    + Redact.oneLine(lastLine(log)) + "; its output is in " + log);
        }
        CheckResult r = ResultJson.MAPPER.readValue(dir.resolve("check.json").toFile(), CheckResult[].class)[0];
        CheckedPool.Jar loaded = which.of(r.pool());
        if (loaded == null || !version.equals(loaded.version())) {
            throw new TestbedException("the check at " + version + " read " + (loaded == null ? "no such jar"
                    : loaded.text()) + ": the version's jar did not come first on its class path (" + jar + ")");
        }
        return VersionCheck.of(version, r);
    }

    /**
     * @param args the check's command line as typed
     * @param out the child's output directory
     * @return the same options without {@code --pool-version}, {@code --driver-version} and {@code --out}, then
     *     {@code --out out}
     */
    static List<String> childArgs(List<String> args, Path out) {
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--pool-version") || a.equals("--driver-version") || a.equals("--out")) {
                i++;
            } else if (!a.startsWith("--pool-version=") && !a.startsWith("--driver-version=") && !a.startsWith("--out=")
                    && !(i == 0 && a.equals("check"))) {
                kept.add(a);
            }
        }
        kept.addAll(List.of("--out", out.toString()));
        return kept;
    }

    /**
     * @param older the first version's check
     * @param newer the second's
     * @return every setting either check shows (the first's order, then the second's own), then per fault its
     *     longest wait and its return to service
     */
    static List<Row> compare(VersionCheck older, VersionCheck newer) {
        List<Row> rows = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>(older.settings().keySet());
        names.addAll(newer.settings().keySet());
        for (String n : names) {
            rows.add(new Row(n, older.settings().getOrDefault(n, "–"), newer.settings().getOrDefault(n, "–")));
        }
        for (int i = 0; i < Math.min(older.faults().size(), newer.faults().size()); i++) {
            FaultFigures a = older.faults().get(i);
            FaultFigures b = newer.faults().get(i);
            rows.add(new Row(a.fault() + ": longest wait", Durations.text(a.longestWaitMs()),
                    Durations.text(b.longestWaitMs())));
            rows.add(new Row(a.fault() + ": serves again after", Durations.text(a.servesAgainMs()),
                    Durations.text(b.servesAgainMs())));
        }
        return rows;
    }

    /**
     * @param artifact the pool's {@code groupId:artifactId}
     * @param older the first version's check
     * @param newer the second's
     * @return the comparison page: a line that counts the changed rows, then every row
     */
    static String markdown(String artifact, VersionCheck older, VersionCheck newer) {
        List<Row> rows = compare(older, newer);
        long changed = rows.stream().filter(Row::changed).count();
        Table t = Table.of("setting or prediction", older.version(), newer.version(), "changed");
        rows.forEach(r -> t.row(r.what(), r.older(), r.newer(), r.changed() ? "yes" : ""));
        return "# " + artifact + " " + newer.version() + " against " + older.version() + "\n\n" + (changed - 1)
                + " of " + (rows.size() - 1) + " settings and predictions changed (the jar's own row aside); each"
                + " version's own check is in its directory's check.md.\n\n" + t.markdown();
    }

    private static String lastLine(Path log) throws IOException {
        if (!Files.isRegularFile(log)) {
            return "no output";
        }
        List<String> lines = Files.readAllLines(log);
        return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1);
    }
}
