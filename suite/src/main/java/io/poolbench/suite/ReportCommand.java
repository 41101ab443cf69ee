package io.poolbench.suite;

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

    @Override
    public Integer call() {
        ReportRebuild.Rebuilt done = ReportRebuild.rebuild(dir);
        System.out.println(done.markdown());
        System.out.println("run status: " + done.status() + "; written: " + done.written());
        return 0;
    }
}
