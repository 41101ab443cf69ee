package io.poolbench.suite.check;

import io.poolbench.testbed.AtomicFile;
import io.poolbench.testbed.Cli;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.fault.Durations;
import io.poolbench.testbed.fault.Prediction;
import io.poolbench.testbed.fault.Prediction.Change;
import io.poolbench.testbed.fault.Prediction.Failure;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.report.RunFile;
import io.poolbench.testbed.report.Table;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code check.md}: per configuration, the pool as read back (its warnings in its own words first), then per fault the
 * longest wait with its chain of timeouts, what fails as which outcome, and when the pool serves again, then what to
 * change. The console shows the same text.
 */
public final class CheckReport {
    /** @return the JSON files {@code check} writes, for {@code docs/reference/run-files.md} */
    public static List<RunFile> runFiles() {
        return List.of(RunFile.listOf("check.json", "Per configuration: the pool read back, the network and load"
                + " given, and per fault the predicted longest wait, outcomes and what to change.", CheckResult.class),
                RunFile.listOf("measure/<time>/check-measure.json", "`--measure`: per profile and fault the measured"
                        + " figures beside the predicted ones.", MeasuredFault.class),
                RunFile.listOf("measure/<time>/check-measure-tcp.json", "`--measure --tcp-faults`: per profile and"
                        + " TCP-level fault the prediction at the run's timers and at Linux's, and each run's longest"
                        + " wait.", MeasuredTcpFault.class),
                RunFile.of("measure/<time>/" + FrozenPredictions.FILE, "`--measure`: the model's predictions for the"
                        + " stand-in and the TCP-level faults, with poolbench's commit, written before the first fault"
                        + " ran; the page sets these beside the measurements.", FrozenPredictions.class));
    }

    private CheckReport() {
    }

    /**
     * Removes an earlier run's {@code check.md}, {@code check.json}, {@code versions.md} and its versions'
     * {@code pool-<version>/} and {@code driver-<version>/} directories from {@code out}, so that a run that stops on
     * bad input leaves no page that looks like its own. The {@code measure/} run directories stay.
     *
     * @param out the output directory, which may not exist
     * @throws TestbedException one line when a file cannot be removed
     */
    public static void clear(Path out) {
        try {
            Files.deleteIfExists(out.resolve("check.md"));
            Files.deleteIfExists(out.resolve("check.json"));
            Files.deleteIfExists(out.resolve("versions.md"));
            if (Files.isDirectory(out)) {
                try (Stream<Path> s = Files.list(out)) {
                    for (Path d : s.filter(d -> Files.isDirectory(d) && d.getFileName().toString().matches(
                            "(pool|driver)-.+") && Files.isRegularFile(d.resolve("check.md"))).toList()) {
                        Cli.deleteTree(d);
                    }
                }
            }
        } catch (IOException e) {
            throw new TestbedException("--out " + out + ": cannot remove the earlier check there (" + e.getMessage()
                    + ")");
        }
    }

    /**
     * Writes {@code check.md} and {@code check.json} into {@code out}, replacing each at once (a reader never sees
     * half a file).
     *
     * @param out the directory, made when missing
     * @param results one per configuration
     * @return the page, Markdown (what the console shows)
     * @throws TestbedException one line when the directory cannot be written
     */
    public static String write(Path out, List<CheckResult> results) {
        String md = markdown(results);
        try {
            Files.createDirectories(out);
            AtomicFile.writeString(out.resolve("check.md"), md);
            AtomicFile.write(out.resolve("check.json"), o -> ResultJson.MAPPER.writeValue(o, results));
        } catch (IOException e) {
            throw new TestbedException("--out " + out + ": cannot write there (" + e.getMessage() + ")");
        }
        return md;
    }

    /**
     * @param results one per configuration
     * @return the page, Markdown
     */
    public static String markdown(List<CheckResult> results) {
        StringBuilder sb = new StringBuilder("# What a stall, a failover and a stale endpoint do to your pool\n\n");
        sb.append("Predicted from the settings alone (no database, no Docker): each pool built against a stub driver"
                + " and its settings read back; the driver's timeouts read with the driver's own parser; Linux's"
                + " defaults for what no setting bounds. `--measure` runs the same faults and prints the measured"
                + " figures beside these.\n");
        for (CheckResult r : results) {
            section(sb, r);
        }
        return sb.toString();
    }

    private static void section(StringBuilder sb, CheckResult r) {
        CheckedPool p = r.pool();
        sb.append("\n## ").append(MarkdownText.cell(p.source())).append(": ").append(p.pool()).append(" (")
                .append(p.input()).append(")\n\n");
        if (!p.poolWarnings().isEmpty()) {
            sb.append("What ").append(p.pool()).append(" itself logged while it was built:\n\n");
            p.poolWarnings().forEach(w -> sb.append("- ").append(MarkdownText.cell(w)).append('\n'));
            sb.append('\n');
        }
        if (!p.ignored().isEmpty()) {
            sb.append("Settings nothing reads:\n\n");
            p.ignored().forEach(w -> sb.append("- ").append(MarkdownText.cell(w)).append('\n'));
            sb.append('\n');
        }
        if (!r.loadConflicts().isEmpty()) {
            sb.append("Your load against these settings:\n\n");
            r.loadConflicts().forEach(w -> sb.append("- ").append(MarkdownText.cell(w)).append('\n'));
            sb.append('\n');
        }
        Table settings = Table.of("setting", "value");
        settingRows(r).forEach(settings::row);
        sb.append("Settings read back from the built pool and the driver:\n\n").append(settings.markdown()).append('\n');
        Table faults = Table.of("fault", "longest wait", "chain of timeouts", "fails", "lent unchecked",
                "serves again after");
        for (Prediction f : r.predictions()) {
            faults.row(f.fault().label(), Durations.text(f.longestWaitMs()), f.chainText(), failures(f.failures()),
                    f.lentUnchecked(), Durations.text(f.servesAgainMs()) + " (" + f.servesAgainWhy() + ")");
        }
        sb.append("Per fault").append(r.load().ratePerSecond() > 0 ? " at " + Math.round(r.load().ratePerSecond())
                + " requests/s holding a connection " + Figures.plain(r.load().holdMs()) + " ms each (--request-hold-ms and"
                + " the round trip, as the load section counts it: " + Math.round(100 * r.load().busy(
                r.pool().timeouts().maxSize())) + " % of the pool busy)" : ", without a"
                + " load (give --rate and --request-hold-ms for the backlog a stall leaves)").append(":\n\n")
                .append(faults.markdown()).append('\n');
        for (Prediction f : r.predictions()) {
            if (f.branches().isEmpty()) {
                continue;
            }
            Table branches = Table.of("where the connection stood", "longest wait", "chain of timeouts", "symptom");
            f.branches().forEach(b -> branches.row(b.branch().label(), Durations.text(b.longestWaitMs()), b.chain(),
                    b.symptom()));
            sb.append("At the ").append(f.fault().label()).append(", per TCP branch: the writer vanishes without"
                    + " closing anything, so where no setting ends a wait, the client's own kernel does (")
                    .append(r.network().tcp().text()).append(r.network().tcp().isLinuxDefault() ? ", Linux's defaults;"
                    + " give yours with --tcp-retries2 and --tcp-keepalive" : "").append(r.network().backMs() < 0
                    ? "; --old-writer-back-s adds the branch where the old address answers again" : "")
                    .append("):\n\n").append(branches.markdown()).append('\n');
        }
        if (r.plan() != null) {
            sb.append("Where it breaks under your load (`poolbench plan`'s queueing model, no fault):\n\n```\n")
                    .append(r.plan()).append("```\n\n");
        }
        Map<String, Change> changes = new LinkedHashMap<>();
        for (Prediction f : r.predictions()) {
            for (Change c : f.changes()) {
                changes.putIfAbsent(c.setting(), c);
            }
        }
        if (!changes.isEmpty()) {
            Table t = Table.of("change", "effect", "cost");
            changes.values().forEach(c -> t.row(c.setting(), c.effect(), c.cost()));
            sb.append("What to change:\n\n").append(t.markdown()).append('\n');
        }
    }

    private static String failures(List<Failure> fs) {
        if (fs.isEmpty()) {
            return "none";
        }
        return String.join("; ", fs.stream().map(f -> f.outcome() + ": " + f.which()).toList());
    }

    /**
     * The settings a check read, as its page shows them: the pool's and the driver's jars with their versions, the
     * settings read back from the built pool, the driver's timeouts, the JVM's DNS cache.
     *
     * @param r a configuration's check
     * @return setting → value, in the page's order
     */
    static Map<String, String> settingRows(CheckResult r) {
        CheckedPool p = r.pool();
        Map<String, String> m = new LinkedHashMap<>();
        if (p.poolJar() != null) {
            m.put("pool jar", p.poolJar().text());
        }
        if (p.driverJar() != null) {
            m.put("driver jar", p.driverJar().text());
        }
        m.putAll(p.effective());
        m.put("driver", p.driver().driver());
        m.put("driver connectTimeout", p.driver().connectTimeoutMs() == 0 ? "none"
                : Durations.text(p.driver().connectTimeoutMs()));
        m.put("driver socketTimeout", p.driver().socketTimeoutMs() == 0 ? "none"
                : Durations.text(p.driver().socketTimeoutMs()));
        if (p.driver().loginTimeoutMs() > 0) {
            m.put("driver loginTimeout", Durations.text(p.driver().loginTimeoutMs()));
        }
        m.put("driver tcpKeepAlive", Boolean.toString(p.driver().tcpKeepAlive()));
        if (!p.driver().plugins().isEmpty()) {
            m.put("AWS wrapper plugins", String.join(", ", p.driver().plugins()));
        }
        if (p.driver().monitoring() != null) {
            m.put("AWS wrapper host monitoring aborts a lone call after", Durations.text(p.driver().monitoring()
                    .abortMs()) + " (" + p.driver().monitoring().text(-1) + ")");
        }
        m.put("client TCP timers", r.network().tcp().text());
        m.put("JVM DNS cache", Durations.text(r.network().jvmDnsTtlMs()) + " (networkaddress.cache.ttl)");
        return m;
    }
}
