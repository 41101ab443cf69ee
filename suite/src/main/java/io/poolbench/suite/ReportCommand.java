package io.poolbench.suite;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.report.SuiteReport;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.toxiproxy.drill.DrillReport;
import io.poolbench.toxiproxy.drill.DrillSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** Rebuilds the report of a run directory. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Rebuild summary.md, summary.json and charts from a run directory.")
public final class ReportCommand implements Callable<Integer> {
    @CommandLine.Parameters(defaultValue = "target/poolbench-report/latest", paramLabel = "DIR",
            description = "Run directory (default ${DEFAULT-VALUE}).")
    Path dir;

    /**
     * The drills' report from a run directory (the settings are in its manifest).
     *
     * @param dir the run directory
     * @param m its manifest
     * @return the Markdown
     * @throws IOException when the results cannot be read or the report written
     */
    static String drill(Path dir, Manifest m) throws IOException {
        DrillSettings s;
        try {
            s = new ObjectMapper().treeToValue(m.settings(),
                    DrillSettings.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new TestbedException(dir.resolve(RunRecord.MANIFEST) + ": the drill settings are damaged ("
                    + Redact.oneLine(e.getMessage()) + "): rerun the drills");
        }
        return DrillReport.write(dir, s);
    }

    @Override
    public Integer call() throws Exception {
        Manifest m = Manifest.read(dir);
        Path written;
        try {
            if ("run".equals(m.command()) && m.settings().has("scenarios")) {
                SuiteReport.Written w = SuiteReport.write(dir, Path.of("."));
                System.out.println(Files.readString(w.markdown()));
                written = w.html();
            } else {
                // "run" without scenarios: a run of the main job before it became the suite's compare
                SuiteEntry sc = "run".equals(m.command()) ? SuiteEntry.COMPARE
                        : SuiteEntry.ofCommand(m.command());
                if (sc == null) {
                    throw new TestbedException(dir + " holds a run of '" + m.command() + "', which this version"
                            + " cannot report; rerun it");
                }
                System.out.println(sc.writer.write(dir, m));
                written = dir.resolve(sc.summary);
            }
        } catch (IOException e) {
            throw new TestbedException("the results of " + m.command() + " in " + dir + " are damaged or"
                    + " unwritable (" + Redact.oneLine(e.getMessage()) + "): rerun it");
        }
        System.out.println("run status: " + m.status() + "; written: " + written);
        return 0;
    }
}
