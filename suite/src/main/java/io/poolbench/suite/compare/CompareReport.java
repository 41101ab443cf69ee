package io.poolbench.suite.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.report.JmhSummary;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.report.RunFile;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.PhaseEntry;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.testbed.stats.Finding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a run directory into {@code summary.md}, {@code summary.json} and {@code charts/*.png}, from its manifest
 * ({@link RunRecord}) and the data of the phases that ended ok. A phase that failed, was interrupted or never ran
 * appears in every table where its numbers would be, marked with its status and reason, and without numbers: a
 * run never reports what did not happen.
 */
public final class CompareReport {
    /** @return the JSON files a compare run writes, for {@code docs/reference/run-files.md} */
    public static List<RunFile> runFiles() {
        return List.of(RunFile.of("summary.json", "The report's figures: the phases and their status, the run's"
                + " settings, the JMH results, each profile's web load per round and the verdicts.",
                CompareData.Summary.class),
                RunFile.of("jmh/<profile>/jmh.json", "JMH's own result file (`-rf json`) for the profile's borrow/return"
                        + " benchmarks: JMH's format.", null),
                RunFile.of("load/<profile>/profile.json", "The profile as the webapp ran it: the pool and its"
                        + " settings read back (never a password).", CompareData.Profile.class),
                RunFile.listOf("load/<profile>/r<round>/cpu.json", "CPU per process over the round's measured period"
                        + " (JMeter, the webapp, the database).", io.poolbench.testbed.process.ProcessCpu.Usage.class));
    }

    private static final ObjectMapper JSON = ResultJson.MAPPER;
    static final List<String> CLASSES = List.of("short", "medium", "long");

    private CompareReport() {
    }

    private static final Object LOCK = new Object();

    /**
     * Writes the report files from the run directory's manifest and the data of the phases that ended ok.
     *
     * @param dir run directory
     * @param progress where to print problems with partial results
     * @return the Markdown summary
     * @throws IOException when files cannot be written
     * @throws TestbedException one line when the directory is no run or a result file is damaged
     */
    public static String write(Path dir, Progress progress) throws IOException {
        synchronized (LOCK) {
            Manifest m = Manifest.read(dir);
            CompareData.SettingsView run = m.settings() == null ? new CompareData.SettingsView(null, null, null, null,
                    null, null, null, null, null, null, List.of(), null, null) : m.settings(CompareData.SettingsView.class);
            List<JmhSummary.Result> jmh = new ArrayList<>();
            List<CompareData.Load> loads = new ArrayList<>();
            List<CompareData.Missing> jmhMissing = new ArrayList<>();
            List<CompareData.Missing> loadMissing = new ArrayList<>();
            for (CompareSettings.ProfileRun pr : run.profiles() == null ? List.<CompareSettings.ProfileRun>of()
                    : run.profiles()) {
                String id = pr.id();
                PhaseEntry jp = m.phase("jmh:" + id);
                if (jp != null && jp.ok()) {
                    Path f = dir.resolve("jmh").resolve(id).resolve("jmh.json");
                    try {
                        for (JmhSummary.Result r : JmhSummary.read(f)) {
                            jmh.add(r.withProfile(id));
                        }
                    } catch (IOException e) {
                        throw new TestbedException(f + " is damaged (" + Redact.oneLine(e.getMessage())
                                + "): rerun the scenario");
                    }
                } else if (jp != null && !"skipped".equals(jp.status())) {
                    jmhMissing.add(new CompareData.Missing(id, null, jp.status(), jp.reason()));
                }
            }
            for (int r = 1; r <= run.rounds(); r++) {
                for (CompareSettings.ProfileRun pr : run.profiles() == null ? List.<CompareSettings.ProfileRun>of()
                        : run.profiles()) {
                    PhaseEntry lp = m.phase(LoadDirectory.phaseId(pr.id(), r));
                    if (lp != null && lp.ok()) {
                        loads.add(LoadDirectory.read(dir, pr.id(), r, run.warmupMs()));
                    } else if (lp != null && !"--skip-load".equals(lp.reason())) {
                        loadMissing.add(new CompareData.Missing(pr.id(), r, lp.status(), lp.reason()));
                    }
                }
            }
            List<CompareSettings.ProfileRun> profiles = run.profiles() == null ? List.of() : run.profiles();
            List<Finding> findings = CompareFindings.of(profiles, run.rounds(), loads);
            List<Finding> aa = CompareFindings.aa(profiles, run.rounds(), loads);
            String md = markdown(m, run, jmh, loads, jmhMissing, loadMissing, findings, aa);
            Files.writeString(dir.resolve("summary.md"), md);
            Map<String, List<CompareData.Missing>> missing = new LinkedHashMap<>();
            missing.put("jmh", jmhMissing);
            missing.put("load", loadMissing);
            JSON.writeValue(dir.resolve("summary.json").toFile(), new CompareData.Summary(m.status(), m.phases(), run,
                    jmh, loads, missing, findings, aa));
            CompareCharts.write(dir.resolve("charts"), jmh, loads);
            return md;
        }
    }




    static String markdown(Manifest m, CompareData.SettingsView run, List<JmhSummary.Result> jmh, List<CompareData.Load> loads,
            List<CompareData.Missing> jmhMissing, List<CompareData.Missing> loadMissing, List<Finding> findings,
            List<Finding> aa) {
        StringBuilder sb = new StringBuilder();
        sb.append("# compare: the pools under JMH and under the web load\n\n");
        sb.append("- run status: **").append(m.status()).append("**, started ").append(m.startedAt())
                .append(m.endedAt() == null ? "" : ", ended " + m.endedAt()).append('\n');
        sb.append("- command line: `poolbench ").append(String.join(" ", m.args())).append("`\n");
        sb.append("- preset: ").append(CompareTables.q(run.preset())).append(", database: ").append(CompareTables.q(run.database()))
                .append(", orders rows: ").append(CompareTables.q(run.rows())).append('\n');
        Map<String, String> env = m.environment() == null ? Map.of() : m.environment();
        sb.append("- machine: ").append(env.getOrDefault("cores", "?")).append(" cores, ")
                .append(env.getOrDefault("os", "?")).append(", Java ").append(env.getOrDefault("java", "?"))
                .append("; load generator, webapp and database share them, so absolute figures are this"
                        + " machine's; compare pools within one run.\n\n");
        Table phases = Table.of("phase", "status", "outcome or reason");
        m.phases().forEach(p -> phases.markdownRow(MarkdownText.cell(p.id()), p.ok() ? MarkdownText.cell(p.status())
                : MarkdownText.status(p.status(), null), MarkdownText.firstLine(p.ok() ? p.note() : p.reason())));
        sb.append(phases.markdown());
        sb.append('\n');
        sb.append(CompareFindings.markdown(run.profiles() == null ? List.of() : run.profiles(), run.rounds(), loads,
                findings, aa, run.warmupMs() > 0, run.equivalenceMarginPercent() == null ? Double.NaN
                : run.equivalenceMarginPercent() / 100));
        sb.append(CompareTables.webLoad(run, loads, loadMissing, env));

        sb.append(CompareTables.borrowReturn(run, jmh, jmhMissing));

        sb.append(CompareTables.compared(loads));
        String load = run.rounds() == null ? "load/<profile>/" : "load/<profile>/r<round>/";
        sb.append("Files: `run.json` (the manifest: command line, settings, every phase's status), `jmh/<profile>/jmh.json`"
                + " and `jmh.log` (JMH), `" + load + "results.csv` (JMeter samples), `" + load + "dashboard/index.html`"
                + " (JMeter HTML dashboard), `" + load + "pool.csv` (pool state), `charts/*.png`, `summary.json`.\n");
        return sb.toString();
    }


}
