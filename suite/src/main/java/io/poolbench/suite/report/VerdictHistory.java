package io.poolbench.suite.report;

import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.stats.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.commons.math3.stat.interval.ClopperPearsonInterval;
import org.apache.commons.math3.stat.interval.ConfidenceInterval;

/**
 * A finding's history over the recorded runs of the ledger ({@link Ledger}): in how many of the runs that stated it
 * each of its comparisons got the verdict most of them gave it (it "held"; on a tie, the verdict recorded first), and
 * each comparison whose verdict
 * changed from run to run ("flipped"), with the count of each verdict. The A/A rows (a variant against itself) are
 * counted apart: their "ahead" verdicts are false ones, given as a share of all A/A comparisons with its exact 95 %
 * interval (Clopper–Pearson, Commons Math's {@code ClopperPearsonInterval}).
 */
public final class VerdictHistory {
    /** The marker before the history in the findings page; what lies between it and {@link #END} is rewritten. */
    public static final String BEGIN = "<!-- verdict history: ./poolbench ledger rewrites it -->";
    /** The marker after it. */
    public static final String END = "<!-- end of verdict history -->";

    private VerdictHistory() {
    }

    /**
     * One finding over the runs.
     *
     * @param question the finding
     * @param comparisons how many comparisons it states (distinct measure, A and B over all runs)
     * @param runs the runs that stated it
     * @param held the runs in which each of its comparisons got its most frequent verdict
     * @param flipped per comparison whose verdict changed between runs: {@code measure, A vs B: verdict in k, …}
     */
    public record Row(String question, int comparisons, int runs, int held, List<String> flipped) {
    }

    /**
     * The A/A comparisons over the runs.
     *
     * @param runs the runs with at least one A/A row
     * @param comparisons the A/A rows over them
     * @param falseVerdicts those that said "ahead": a difference between a variant and itself
     * @param low the share's exact 95 % interval, low end (0..1); NaN without rows
     * @param high its high end
     */
    public record AaRate(int runs, int comparisons, int falseVerdicts, double low, double high) {
        /** @return e.g. {@code 1 false verdict in 20 A/A comparisons over 5 runs (5.0 %, 95 % interval 0.1–24.9 %)} */
        public String text() {
            if (comparisons == 0) {
                return "no A/A comparison recorded";
            }
            return String.format(Locale.ROOT, "%d false verdict%s in %d A/A comparisons over %d run%s (%.1f %%, 95 %%"
                    + " interval %.1f–%.1f %%, Clopper–Pearson)", falseVerdicts, falseVerdicts == 1 ? "" : "s",
                    comparisons, runs, runs == 1 ? "" : "s", 100.0 * falseVerdicts / comparisons, 100 * low,
                    100 * high);
        }
    }

    /**
     * @param ledger every entry
     * @return one row per finding other than the A/A ones, in the order of their first appearance
     */
    public static List<Row> rows(List<Ledger.Entry> ledger) {
        Map<String, List<Ledger.Entry>> byQuestion = new LinkedHashMap<>();
        ledger.stream().filter(e -> !e.c().noiseFloor())
                .forEach(e -> byQuestion.computeIfAbsent(e.question(), k -> new ArrayList<>()).add(e));
        List<Row> out = new ArrayList<>();
        byQuestion.forEach((q, entries) -> {
            Map<String, List<Ledger.Entry>> byKey = entries.stream().collect(Collectors.groupingBy(Ledger.Entry::key,
                    LinkedHashMap::new, Collectors.toList()));
            Map<String, String> modal = new LinkedHashMap<>();
            List<String> flipped = new ArrayList<>();
            byKey.forEach((k, es) -> {
                Map<String, Long> counts = es.stream().collect(Collectors.groupingBy(Ledger.Entry::outcome,
                        LinkedHashMap::new, Collectors.counting()));
                modal.put(k, counts.entrySet().stream().max(Comparator.comparingLong(Map.Entry::getValue))
                        .orElseThrow().getKey());
                if (counts.size() > 1) {
                    Ledger.Entry first = es.get(0);
                    flipped.add(first.c().measure() + ", " + first.c().a() + " vs " + first.c().b() + ": "
                            + counts.entrySet().stream().map(x -> x.getKey() + " in " + x.getValue())
                            .collect(Collectors.joining(", ")));
                }
            });
            List<String> runs = entries.stream().map(Ledger.Entry::run).distinct().toList();
            int held = (int) runs.stream().filter(run -> entries.stream().filter(e -> e.run().equals(run))
                    .allMatch(e -> e.outcome().equals(modal.get(e.key())))).count();
            out.add(new Row(q, byKey.size(), runs.size(), held, flipped));
        });
        return out;
    }

    /**
     * @param ledger every entry
     * @return the A/A rows' false verdicts over the runs
     */
    public static AaRate aa(List<Ledger.Entry> ledger) {
        List<Ledger.Entry> aa = ledger.stream().filter(e -> e.c().noiseFloor()).toList();
        int runs = (int) aa.stream().map(Ledger.Entry::run).distinct().count();
        int falses = (int) aa.stream().filter(e -> e.verdict() == Verdict.AHEAD).count();
        if (aa.isEmpty()) {
            return new AaRate(0, 0, 0, Double.NaN, Double.NaN);
        }
        // Commons Math's exact interval builds an F distribution with 0 degrees of freedom at 0 or n successes (it
        // throws): there the interval has a closed form
        ConfidenceInterval ci = falses == 0 || falses == aa.size()
                ? exactAtEdge(aa.size(), falses) : new ClopperPearsonInterval().createInterval(aa.size(), falses, 0.95);
        return new AaRate(runs, aa.size(), falses, ci.getLowerBound(), ci.getUpperBound());
    }

    /** Clopper–Pearson at 0 or n successes, where it has the closed form 1 − (α/2)^(1/n). */
    private static ConfidenceInterval exactAtEdge(int n, int k) {
        double edge = 1 - Math.pow(0.025, 1.0 / n);
        return k == 0 ? new ConfidenceInterval(0, edge, 0.95) : new ConfidenceInterval(1 - edge, 1, 0.95);
    }

    /**
     * @param ledger every entry
     * @return the history as Markdown: the A/A rate, then a table, one row per finding (runs, held k of n, the
     *     comparisons that flipped); a line saying so when the ledger is empty
     */
    public static String markdown(List<Ledger.Entry> ledger) {
        if (ledger.isEmpty()) {
            return "No run is recorded in the ledger yet.\n";
        }
        long runs = ledger.stream().map(Ledger.Entry::run).distinct().count();
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "Over the %d runs of [the ledger](lab/ledger.csv)"
                + " (`./poolbench ledger DIR`): the tool's own noise, %s. A finding *held* in a run where each of its"
                + " comparisons got the verdict most runs gave it.%n%n", runs, aa(ledger).text()));
        Table t = Table.of("finding", ">comparisons", ">held in", "verdicts that changed between runs");
        for (Row r : rows(ledger)) {
            t.row(r.question(), Integer.toString(r.comparisons()), r.held() + " of " + r.runs(),
                    r.flipped().isEmpty() ? "none" : String.join("; ", r.flipped()));
        }
        return md.append(t.markdown()).toString();
    }
}
