package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.faults.FailoverRequests;
import io.poolbench.suite.aurora.map.MapKnee;
import io.poolbench.suite.aurora.run.InjectedFailover;
import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.testbed.run.Status;
import io.poolbench.testbed.stats.Claim;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Aurora scenario's failover at each pool's limit as the suite runs it ({@code ./poolbench run --preset full},
 * scenario {@code failover-at-limit}): whether DBCP's reconnection "tended to clog" as the load rose, which the
 * article's per-server load cannot show, since no pool is near its limit there. The suite runs it as commands of
 * their own, each a complete Aurora scenario run directory below this scenario's: {@code map/}, the saturation map
 * ({@code aurora --map}), then one per failover kind ({@code planned/}, {@code unplanned/}, {@code stale/}:
 * {@code aurora --failover KIND --at-knee map}, every profile at its own knee and 1.25 × it).
 *
 * <p>This class measures nothing: it composes the scenario's {@code summary.md} from those commands' own results
 * (the knees from the knee search or the map, {@link AuroraResults#knees}; per kind its status and its comparisons
 * over rounds, {@link AuroraFindings#claims}, or with one round its runs' failover table) and links their full
 * reports.
 */
public final class FailoverAtLimit {
    /** The chain's first command's directory: the knee search. */
    public static final String KNEES = "knees";

    private FailoverAtLimit() {
    }

    /**
     * What one of the scenario's commands left: its status and whether it wrote its report.
     *
     * @param dir the command's directory name below the scenario's ({@code map}, {@code planned} …)
     * @param status the run's status ({@code ok}, {@code failed} …), null when it did not run (no manifest)
     * @param report true when it wrote {@code screens/summary.md}
     */
    record CommandStatus(String dir, String status, boolean report) {
    }

    /**
     * One failover kind at the knees.
     *
     * @param kind the failover kind
     * @param status what its command left
     * @param claims its comparisons over rounds ({@link AuroraFindings#claims}), none with one round
     * @param failoverTable without comparisons, its runs' failover table (Markdown, as its report shows it), else empty
     */
    record KindSection(FaultKind kind, CommandStatus status, List<Claim> claims, String failoverTable) {
    }

    /**
     * The scenario's page before it is written.
     *
     * @param map what the saturation map left
     * @param knees each profile's knee from the map, none without its summary
     * @param kinds the failover kinds whose directories exist, in {@link InjectedFailover#KINDS} order
     */
    record Page(CommandStatus map, List<MapKnee.Knee> knees, List<KindSection> kinds) {
    }

    /**
     * Reads what the scenario's commands left.
     *
     * @param dir the scenario's run directory (the one that holds {@code map/} and the kinds' directories)
     * @return the page's content
     * @throws IOException when a report exists and cannot be read
     */
    static Page read(Path dir) throws IOException {
        List<KindSection> kinds = new ArrayList<>();
        for (FaultKind f : InjectedFailover.KINDS) {
            Path k = dir.resolve(f.id());
            if (Files.isDirectory(k)) {
                List<Claim> claims = AuroraFindings.claims(k);
                kinds.add(new KindSection(f, status(k), claims, claims.isEmpty() ? failoverTable(k) : ""));
            }
        }
        Path first = dir.resolve(KNEES);
        if (!Files.isDirectory(first) && Files.isDirectory(dir.resolve("map"))) {
            // a chain that ran the saturation map instead of the knee search
            first = dir.resolve("map");
        }
        return new Page(status(first), AuroraResults.knees(first), kinds);
    }

    /**
     * Writes {@code summary.md} into the scenario's directory.
     *
     * @param dir the scenario's run directory (the one that holds {@code map/} and the kinds' directories)
     * @return the Markdown written
     * @throws IOException when the summary cannot be written
     */
    public static String write(Path dir) throws IOException {
        String md = markdown(read(dir));
        Files.writeString(dir.resolve("summary.md"), md);
        return md;
    }

    /**
     * @param page the page's content ({@link #read})
     * @return the page as Markdown
     */
    static String markdown(Page page) {
        StringBuilder md = new StringBuilder("# Failover at each pool's limit\n\n");
        md.append("The article's second claim: with DBCP2, reconnection after an Aurora failover \"tended to clog\" as"
                + " the load rose. At the article's per-server load no pool is near its limit, so here the saturation"
                + " knee search (`knees/`, `aurora --find-knee`) first finds each profile's knee (where the short"
                + " screen's p99 reaches 10 × its value at the light load), then each failover kind runs every profile at its own knee and 1.25 × it"
                + " (capped at × 4, the article's whole load on one webapp; a profile without a knee runs at the"
                + " highest load measured). Each is an Aurora scenario run of its own, linked below with its full report;"
                + " every figure here is taken from those.\n\n");
        md.append("## The knees\n\n").append(markdown(page.map())).append("\n\n");
        if (!page.knees().isEmpty()) {
            Table t = Table.of("profile", "borrowing", ">round trip added, ms", ">knee, × the article's per-server"
                    + " load", ">the model's knee", ">highest load measured");
            for (MapKnee.Knee k : page.knees()) {
                t.row(k.profile(), k.borrow(), Integer.toString(k.rttMs()), k.measuredLoad() == null ? "none up to"
                        + " the highest" : String.format(Locale.ROOT, "%.2f", k.measuredLoad()), k.modelLoad() == null
                        ? "–" : String.format(Locale.ROOT, "%.2f", k.modelLoad()), Figures.plain(k.highestLoad()));
            }
            md.append(t.markdown()).append('\n');
        }
        md.append("## Failovers at the knee\n");
        for (KindSection k : page.kinds()) {
            String noun = InjectedFailover.noun(k.kind());
            md.append("\n### ").append(noun.substring(0, 1).toUpperCase(Locale.ROOT)).append(noun.substring(1))
                    .append(" (`").append(k.kind().id()).append("/`)\n\n")
                    .append(markdown(k.status())).append("\n\n");
            if (k.claims().isEmpty()) {
                md.append(k.failoverTable().isEmpty() ? "No comparison over rounds and no failover table (no results).\n"
                        : "No comparison over rounds (one round): each run's failover, from its report:\n\n"
                        + k.failoverTable());
            }
            k.claims().forEach(c -> md.append("- ").append(c.markdown()).append('\n'));
        }
        return md.toString();
    }

    /**
     * @param dir the scenario's run directory
     * @return each failover kind's comparisons over rounds, its kind's directory named; none where one is missing
     */
    public static List<Claim> claims(Path dir) {
        List<Claim> out = new ArrayList<>();
        for (FaultKind f : InjectedFailover.KINDS) {
            AuroraFindings.claims(dir.resolve(f.id())).forEach(c -> out.add(new Claim("At each pool's knee: "
                    + c.markdown(), c.solid(), c.comparisons())));
        }
        return out;
    }

    private static CommandStatus status(Path run) {
        String name = run.getFileName().toString();
        if (!Files.isRegularFile(run.resolve(RunRecord.MANIFEST))) {
            return new CommandStatus(name, null, false);
        }
        return new CommandStatus(name, Manifest.read(run).status(), Files.isRegularFile(
                AuroraResults.summaryPage(run)));
    }

    /** One line: the command's status and where its full report is, or that it did not run. */
    private static String markdown(CommandStatus s) {
        if (s.status() == null) {
            return "**Not run** (no " + s.dir() + "/" + RunRecord.MANIFEST + ").";
        }
        String status = Status.OK.label().equals(s.status()) ? s.status() : "**" + s.status() + "**";
        String report = s.dir() + "/" + AuroraResults.DIR + "/summary.md";
        return "Status " + status + "; " + (s.report() ? "full report: [" + report + "](" + report + ")"
                : "no report written") + ".";
    }

    /**
     * @param run one failover kind's Aurora run directory
     * @return its runs' failover table, from the runs' own files; empty when no run produced a result; one line
     *     saying why when a run's results cannot be read (the rest of the page is still written)
     */
    static String failoverTable(Path run) {
        if (!Files.isRegularFile(run.resolve(RunRecord.MANIFEST))) {
            return "";
        }
        try {
            List<RunFiles> runs = AuroraResults.runs(run, Manifest.read(run));
            return runs.isEmpty() ? "" : FailoverRequests.table(runs);
        } catch (TestbedException e) {
            return "**No failover table**: " + e.getMessage() + ".\n";
        }
    }
}
