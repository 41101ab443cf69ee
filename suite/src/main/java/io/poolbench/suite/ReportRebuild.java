package io.poolbench.suite;

import io.poolbench.suite.borrowers.BorrowersReport;
import io.poolbench.suite.check.CheckMeasureReport;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.RunRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code ./poolbench report DIR}: rebuilds the report of any run directory from what it holds (its manifest and the
 * data of the phases that ended ok), so a report can be read again, or after an interruption, without rerunning.
 */
final class ReportRebuild {
    private ReportRebuild() {
    }

    /**
     * What a rebuild wrote.
     *
     * @param markdown the report's Markdown
     * @param written the file to open (the page, or the scenario's {@code summary.md})
     * @param status the run's status as its manifest records it
     */
    record Rebuilt(String markdown, Path written, String status) {
    }

    /**
     * Rebuilds the report of a run directory: the suite's page for a run of the whole suite, else the scenario's
     * own report, chosen by the command its manifest records.
     *
     * @param dir the run directory
     * @return what was written
     * @throws TestbedException one line when the directory is no run, holds a command this version cannot
     *     report, or its results are damaged
     */
    static Rebuilt rebuild(Path dir) {
        Manifest m = Manifest.read(dir);
        try {
            if ("run".equals(m.command()) && m.settings().has("scenarios")) {
                SuiteReport.Written w = SuiteReport.write(dir, Path.of("."));
                return new Rebuilt(Files.readString(w.markdown()), w.html(), m.status());
            } else {
                // "run" without scenarios: a run of the main job before it became the suite's compare
                SuiteEntry sc = "run".equals(m.command()) ? SuiteEntry.COMPARE
                        : SuiteEntry.ofCommand(m.command());
                if (sc == null && "check --measure".equals(m.command())) {
                    String md = CheckMeasureReport.write(dir);
                    if (md == null) {
                        throw new TestbedException(dir + " holds a check --measure run that ended before it wrote"
                                + " its predictions (" + m.status() + "): nothing to report; rerun it");
                    }
                    return new Rebuilt(md, dir.resolve(CheckMeasureReport.PAGE), m.status());
                }
                if (sc == null && "borrowers".equals(m.command())) {
                    return new Rebuilt(BorrowersReport.write(dir), dir.resolve(BorrowersReport.DIR).resolve(
                            "summary.md"), m.status());
                }
                if (sc == null) {
                    throw new TestbedException(dir + " holds a run of '" + m.command() + "', which this version"
                            + " cannot report; rerun it");
                }
                return new Rebuilt(sc.writer.write(dir, m), dir.resolve(sc.summary), m.status());
            }
        } catch (IOException e) {
            throw new TestbedException("the results of " + m.command() + " in " + dir + " are damaged or"
                    + " unwritable (" + Redact.oneLine(e.getMessage()) + "): rerun it");
        }
    }

    /**
     * The data files changed since the run, of the run and of the scenarios a suite run ran as children (each in a
     * sub-directory with its own manifest).
     *
     * @param dir the run directory
     * @return one line per changed file (paths relative to {@code dir}); null when no manifest recorded any file
     */
    static List<String> changedFiles(Path dir) {
        List<String> own = Manifest.read(dir).changedFiles(dir);
        List<String> all = own == null ? null : new ArrayList<>(own);
        try (Stream<Path> subs = Files.list(dir)) {
            for (Path sub : subs.filter(p -> Files.isRegularFile(p.resolve(RunRecord.MANIFEST))).sorted().toList()) {
                List<String> c = Manifest.read(sub).changedFiles(sub);
                if (c != null) {
                    all = all == null ? new ArrayList<>() : all;
                    for (String l : c) {
                        all.add(dir.relativize(sub) + "/" + l);
                    }
                }
            }
        } catch (IOException e) {
            // the run's own files were checked; sub-directories that cannot be listed are not
        }
        return all;
    }
}
