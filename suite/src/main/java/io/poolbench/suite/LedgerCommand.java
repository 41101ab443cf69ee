package io.poolbench.suite;

import io.poolbench.suite.report.LedgerUpdate;
import io.poolbench.testbed.stats.Claim;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code poolbench ledger}: records the verdicts of finished runs in the verdict ledger ({@link Ledger}) and
 * rewrites the findings page's history table from it ({@link VerdictHistory}), between its two markers.
 */
@Command(name = "ledger", mixinStandardHelpOptions = true,
        description = "Record finished runs' verdicts in the ledger (docs/lab/ledger.csv: run, commit, preset, measure,"
                + " A, B, estimate, 95 % interval, n, p, Holm p, verdict per comparison; a run recorded again"
                + " replaces its lines) and rewrite the verdict history in docs/findings.md from it: per finding in"
                + " how many recorded runs it held and which verdicts changed, and the A/A false-verdict rate."
                + " Without DIR: only the history is rewritten.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:recorded, history rewritten", "2:a directory that is no finished run, or a damaged ledger"
                + " (one line; nothing written)"})
public final class LedgerCommand implements Callable<Integer> {
    @Parameters(arity = "0..*", paramLabel = "DIR",
            description = "Run directories: a suite run (./poolbench run) or a scenario's own run with rounds.")
    List<Path> dirs = new ArrayList<>();

    @Option(names = "--ledger", defaultValue = "docs/lab/ledger.csv", paramLabel = "FILE",
            description = "The ledger (default ${DEFAULT-VALUE}).")
    Path ledger;

    @Option(names = "--commit", paramLabel = "REV",
            description = "The commit of runs whose manifest records none (runs made before manifests did); a"
                    + " recorded one is never replaced.")
    String commit;

    @Option(names = "--findings", defaultValue = "docs/findings.md", paramLabel = "FILE",
            description = "The page whose history is rewritten between its markers (default ${DEFAULT-VALUE}).")
    Path findings;

    @Override
    public Integer call() throws Exception {
        LedgerUpdate.Done done = LedgerUpdate.apply(ledger, findings, dirs, commit, LedgerCommand::findingsOf);
        done.lines().forEach(l -> System.out.println("poolbench ledger: " + l));
        System.out.print(done.history());
        System.out.println("poolbench ledger: " + done.comparisons() + " comparisons in " + ledger + "; history"
                + " rewritten in " + findings);
        return 0;
    }

    /**
     * @param command a manifest's command ({@code aurora}, {@code sweep pool-size})
     * @return the findings of the scenario that command runs, read from its run directory; null when it runs none
     */
    static Function<Path, List<Claim>> findingsOf(String command) {
        return Arrays.stream(SuiteEntry.values()).filter(s -> command != null && command.equals(s.command()))
                .findFirst().map(s -> s.findings).orElse(null);
    }
}
