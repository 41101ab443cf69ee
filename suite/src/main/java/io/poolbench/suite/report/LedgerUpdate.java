package io.poolbench.suite.report;

import io.poolbench.testbed.AtomicFile;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.stats.Claim;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * {@code ./poolbench ledger}'s work: reads finished runs into the verdict ledger ({@link Ledger}), writes it, and
 * rewrites the findings page's history ({@link VerdictHistory}) between its markers. Every directory is read and the
 * page's markers found before anything is written, so that bad input leaves both files as they were.
 */
public final class LedgerUpdate {
    private LedgerUpdate() {
    }

    /**
     * What an update did.
     *
     * @param lines one line per run recorded: its directory, comparisons, start and commit
     * @param history the history as written into the page, Markdown
     * @param comparisons the ledger's comparisons after the update
     */
    public record Done(List<String> lines, String history, int comparisons) {
    }

    /**
     * @param ledger the ledger file (created when missing)
     * @param findings the page whose history is rewritten
     * @param dirs the run directories to record; none to rewrite the history only
     * @param commit the commit of runs whose manifest records none; null to leave them "unknown"
     * @param findingsOf a scenario's findings by its manifest command ({@link Ledger#of})
     * @return what was recorded and written
     * @throws IOException when a file cannot be read or written
     * @throws TestbedException one line: a directory that is no finished run, a damaged ledger, a page without the
     *     history's markers
     */
    public static Done apply(Path ledger, Path findings, List<Path> dirs, String commit,
            Function<String, Function<Path, List<Claim>>> findingsOf) throws IOException {
        List<Ledger.Entry> all = Ledger.read(ledger);
        List<String> lines = new ArrayList<>();
        for (Path d : dirs) {
            List<Ledger.Entry> run = Ledger.of(d, findingsOf).stream()
                    .map(e -> commit == null || !e.commit().startsWith("unknown") ? e : new Ledger.Entry(e.run(),
                            commit, e.command(), e.preset(), e.question(), e.c(), e.p(), e.holmP(), e.verdict()))
                    .toList();
            all = Ledger.merge(all, run);
            lines.add(d + ": " + run.size() + " comparisons of the run started " + run.get(0).run() + " (commit "
                    + run.get(0).commit() + ")");
        }
        String page = Files.isRegularFile(findings) ? Files.readString(findings) : "";
        int begin = page.indexOf(VerdictHistory.BEGIN);
        int end = page.indexOf(VerdictHistory.END);
        if (begin < 0 || end < begin) {
            throw new TestbedException(findings + " has no verdict history markers (" + VerdictHistory.BEGIN + " … "
                    + VerdictHistory.END + "): pass the findings page with --findings");
        }
        String history = VerdictHistory.markdown(all);
        if (!dirs.isEmpty()) {
            AtomicFile.writeString(ledger, Ledger.csv(all));
        }
        AtomicFile.writeString(findings, page.substring(0, begin + VerdictHistory.BEGIN.length()) + "\n\n" + history
                + "\n" + page.substring(end));
        return new Done(lines, history, all.size());
    }
}
