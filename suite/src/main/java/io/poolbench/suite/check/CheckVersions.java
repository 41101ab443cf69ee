package io.poolbench.suite.check;

import com.fasterxml.jackson.databind.JsonNode;
import io.poolbench.suite.process.Children;
import io.poolbench.suite.versions.ArtifactVersions;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.fault.Durations;
import io.poolbench.testbed.fault.Fault;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.report.Table;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One configuration checked at two versions of its pool: "did the upgrade change anything?" for the settings a pool
 * really applies. Each version's jar is fetched by Maven Resolver ({@link ArtifactVersions}) and put before
 * poolbench's own on the class path of a {@code poolbench check} of its own (a child JVM), which builds the pool
 * against the stub driver, reads its settings back and predicts the faults as a check always does. The two
 * {@code check.json} are then set side by side: every setting and every predicted wait, and which changed. The
 * version row ({@link CheckedPool#VERSION_ROW}) is what each child's pool jar says it is: a check whose jar names
 * another version than asked is refused, never shown as that version.
 */
final class CheckVersions {
    /** The most a check at one version may take: a JVM's start and a pool built against the stub driver. */
    static final int CHILD_SECONDS = 120;

    private CheckVersions() {
    }

    /**
     * What one version's check found.
     *
     * @param version the version asked for
     * @param effective setting → value as read back from the built pool, its version row first
     * @param faults per fault, in the check's order
     */
    record VersionCheck(String version, Map<String, String> effective, List<FaultFigures> faults) {
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
     * @param what a setting, or a fault's longest wait or return to service
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
     * {@code <out>/pool-<version>/check.md}.
     *
     * @param artifact the pool's {@code groupId:artifactId}
     * @param versions two different versions
     * @param args the check's command line as typed, without {@code check} itself
     * @param out the check's output directory
     * @return the comparison's Markdown
     * @throws TestbedException one line for a version that does not resolve, or a check that fails or reads
     *     another version than asked
     * @throws IOException when the directory cannot be written
     * @throws InterruptedException when interrupted while a check runs
     */
    static String run(String artifact, List<String> versions, List<String> args, Path out) throws IOException,
            InterruptedException {
        List<Path> jars = versions.stream().map(v -> ArtifactVersions.jar(artifact + ":" + v)).toList();
        List<VersionCheck> checks = new ArrayList<>();
        for (int i = 0; i < versions.size(); i++) {
            checks.add(checkAt(versions.get(i), jars.get(i), args, out.resolve("pool-" + versions.get(i))));
        }
        String md = markdown(artifact, checks.get(0), checks.get(1));
        Files.writeString(out.resolve("versions.md"), md);
        return md;
    }

    private static VersionCheck checkAt(String version, Path jar, List<String> args, Path dir) throws IOException,
            InterruptedException {
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
        VersionCheck c = read(version, ResultJson.MAPPER.readTree(dir.resolve("check.json").toFile()));
        String loaded = c.effective().get(CheckedPool.VERSION_ROW);
        if (!version.equals(loaded)) {
            throw new TestbedException("the check at " + version + " built its pool from a jar that names "
                    + loaded + ": the version's jar did not come first on its class path (" + jar + ")");
        }
        return c;
    }

    /**
     * @param args the check's command line as typed
     * @param out the child's output directory
     * @return the same options without {@code --pool-version} and {@code --out}, then {@code --out out}
     */
    static List<String> childArgs(List<String> args, Path out) {
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--pool-version") || a.equals("--out")) {
                i++;
            } else if (!a.startsWith("--pool-version=") && !a.startsWith("--out=") && !(i == 0 && a.equals("check"))) {
                kept.add(a);
            }
        }
        kept.addAll(List.of("--out", out.toString()));
        return kept;
    }

    /**
     * @param version the version asked for
     * @param checkJson a {@code check.json} of one configuration
     * @return its settings and per fault its figures
     */
    static VersionCheck read(String version, JsonNode checkJson) {
        JsonNode r = checkJson.get(0);
        Map<String, String> effective = new LinkedHashMap<>();
        r.at("/pool/effective").fields().forEachRemaining(e -> effective.put(e.getKey(), e.getValue().asText()));
        List<FaultFigures> faults = new ArrayList<>();
        for (JsonNode p : r.get("predictions")) {
            Fault f = new Fault(Fault.Kind.valueOf(p.at("/fault/kind").asText()), p.at("/fault/stallMs").asLong());
            faults.add(new FaultFigures(f.label(), p.get("longestWaitMs").asLong(), p.get("servesAgainMs").asLong()));
        }
        return new VersionCheck(version, effective, faults);
    }

    /**
     * @param older the first version's check
     * @param newer the second's
     * @return every setting either reads back (the first's order, then the second's own), then per fault its longest
     *     wait and its return to service
     */
    static List<Row> compare(VersionCheck older, VersionCheck newer) {
        List<Row> rows = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>(older.effective().keySet());
        names.addAll(newer.effective().keySet());
        for (String n : names) {
            rows.add(new Row(n, older.effective().getOrDefault(n, "–"), newer.effective().getOrDefault(n, "–")));
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
                + " of " + (rows.size() - 1) + " settings and predictions changed (the version row aside); each"
                + " version's own check is in pool-<version>/check.md.\n\n" + t.markdown();
    }

    private static String lastLine(Path log) throws IOException {
        if (!Files.isRegularFile(log)) {
            return "no output";
        }
        List<String> lines = Files.readAllLines(log);
        return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1);
    }
}
