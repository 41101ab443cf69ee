package io.poolbench.testbed.run;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Leftovers;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs a {@link Scenario} in a prepared run directory: the run skeleton, written once for every command.
 *
 * <ol>
 *   <li>the libraries' logging goes to the scenario's log file in the run directory ({@link RunLog});</li>
 *   <li>the manifest is started ({@link RunRecord#start}) with the command line and the scenario's settings, and
 *       Ctrl-C / SIGTERM are handled from then on: the report of what finished is written, marked interrupted;</li>
 *   <li>the scenario plans and runs its phases; the record is finished also when it throws or an Error escapes
 *       (a phase still running or pending is then failed, not left "running"). An exception fails the running
 *       phase with its message and the report of what finished is written; a {@link TestbedException} (one line,
 *       e.g. an unreachable database) then ends the command with exit code 2, any other with 1;</li>
 *   <li>unless interrupted: the report is written and printed, then one closing line: {@code <name>: <outcome>}
 *       or {@code <name>: PROBLEM: <outcome>}.</li>
 * </ol>
 */
public final class ScenarioRunner {
    private ScenarioRunner() {
    }

    /**
     * @param scenario the scenario, its settings checked
     * @param dir its run directory, new and empty ({@link RunDirectory#prepare})
     * @param args the whole command line as typed (no password is ever on it)
     * @param console where progress and the closing line go
     * @return {@link RunRecord#exitCode()}: 0 every phase ok, 1 a phase failed (also when the scenario threw after a
     *     phase had ended ok: the database died during the run), 130 / 143 interrupted
     * @throws TestbedException what the scenario threw as one line before any phase ended ok (bad input, a database
     *     unreachable at start: exit 2), after the record was finished and the report written
     */
    public static int run(Scenario scenario, Path dir, List<String> args, PrintStream console) throws Exception {
        try (RunLog log = RunLog.redirect(dir.resolve(scenario.logFile()))) {
            RunRecord record = RunRecord.start(dir, scenario.command(), args, scenario.settings(), console);
            RunEnd.markKilled(Leftovers.atRunStart(dir, console::println), console::println);
            record.onInterrupt(() -> reportQuietly(scenario, dir, console));
            Progress progress = new Progress(console);
            try {
                scenario.run(record, progress);
            } catch (Exception e) {
                if (record.interrupted()) {
                    return record.finish(); // the signal handler said what finished; the hook writes the report
                }
                // a one-line error before any phase ended ok is the input's or the start's (the database could not be
                // reached): exit 2; after one, the run failed on the way (the database died during it): exit 1
                boolean underWay = record.manifest().phases().stream().anyMatch(PhaseEntry::ok);
                // what was running when it broke is failed with the reason; what finished is still reported
                record.failRunning(Redact.rootMessage(e));
                record.finish();
                reportQuietly(scenario, dir, console);
                if (e instanceof TestbedException && !underWay) {
                    throw e;
                }
                progress.print(scenario.consoleName() + ": PROBLEM: " + record.outcomeLine());
                return record.exitCode();
            } finally {
                // also on an Error: the run ends here, not in the shutdown hook as "interrupted"
                record.finish();
            }
            int rc = record.finish();
            if (!record.interrupted()) {
                String md;
                try {
                    md = scenario.report(dir);
                } catch (IOException | UncheckedIOException e) {
                    String why = "report not written in " + dir + ": " + Redact.rootMessage(e);
                    record.plan("report", "the report").failed(why);
                    progress.print(scenario.consoleName() + ": PROBLEM: " + why);
                    return record.exitCode();
                }
                if (md != null) {
                    progress.print(md);
                }
                progress.print(scenario.consoleName() + ": " + (rc == 0 ? "" : "PROBLEM: ") + record.outcomeLine());
            }
            return rc;
        }
    }

    /** The report after an interruption: a failure to write it is one line, never a second exception. */
    private static void reportQuietly(Scenario scenario, Path dir, PrintStream console) {
        try {
            scenario.report(dir);
        } catch (Exception e) {
            console.println(scenario.consoleName() + ": report not written: " + Redact.rootMessage(e));
        }
    }
}
