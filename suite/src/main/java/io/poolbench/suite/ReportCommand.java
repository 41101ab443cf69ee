package io.poolbench.suite;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Rebuilds the report of a run directory. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Rebuild summary.md, summary.json and charts from a run directory, after checking its data"
                + " files against the line counts its manifest recorded.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:report rebuilt", "1:a data file changed since the run (one line each); nothing rebuilt",
            "2:no run directory, or one this version cannot read"})
public final class ReportCommand implements Callable<Integer> {
    @CommandLine.Parameters(defaultValue = "target/poolbench-report/latest", paramLabel = "DIR",
            description = "Run directory (default ${DEFAULT-VALUE}).")
    Path dir;

    @Override
    public Integer call() {
        // what the run recorded of its data files, checked before anything is read: a results file emptied or cut
        // short after the run would give a report of what did not happen
        List<String> changed = ReportRebuild.changedFiles(dir);
        if (changed != null && !changed.isEmpty()) {
            changed.forEach(l -> System.out.println("poolbench report: " + l));
            System.out.println("poolbench report: " + changed.size() + " data file(s) of " + dir + " changed since the"
                    + " run; the report is not rebuilt (rerun the scenario)");
            return 1;
        }
        ReportRebuild.Rebuilt done = ReportRebuild.rebuild(dir);
        System.out.println(done.markdown());
        System.out.println("run status: " + done.status() + "; data files: " + (changed == null
                ? "not checked (no phase recorded its data files)" : "as recorded")
                + "; written: "
                + done.written());
        return 0;
    }

}
