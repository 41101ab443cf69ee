package io.poolbench.suite.compare;

import io.poolbench.suite.process.JtlSummary;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.stats.Claim;
import io.poolbench.testbed.stats.Comparison;
import io.poolbench.testbed.stats.Finding;
import io.poolbench.testbed.stats.Holm;
import io.poolbench.testbed.stats.RatioInterval;
import io.poolbench.testbed.stats.Rounds;
import io.poolbench.testbed.stats.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * Compare's verdicts over rounds: the first profile against each other one, in the whole load's throughput (req/s,
 * higher is better) and p99 (ms, lower is better), and in the p99 of the time /short requests waited in
 * getConnection (the webapp's own record, lower is better). Each round ran every profile once, so a ratio is taken within
 * each round (paired) and summarised by {@link RatioInterval}; a round in which either profile's load failed gives no
 * ratio, and the finding's n counts only the rounds with both. {@link #claims} puts them on top of the suite's page.
 */
public final class CompareFindings {
    private CompareFindings() {
    }

    /**
     * @param profiles the profiles in the order given (the first is compared with each other one)
     * @param rounds the rounds run (one: no findings)
     * @param loads the loads that ended ok, each with its round
     * @return per other profile: req/s, p99, then the borrow wait's p99; none when no round has both of a pair
     */
    static List<Finding> of(List<CompareSettings.ProfileRun> profiles, Integer rounds, List<CompareData.Load> loads) {
        return pairs(profiles, rounds, loads, false);
    }

    /**
     * @param profiles the profiles in the order given
     * @param rounds the rounds run
     * @param loads the loads that ended ok
     * @return the first profile against its A/A twin ({@code --aa-twin}): the tool's own noise, in the same three
     *     measures; empty without a twin
     */
    static List<Finding> aa(List<CompareSettings.ProfileRun> profiles, Integer rounds, List<CompareData.Load> loads) {
        return pairs(profiles, rounds, loads, true);
    }

    private static List<Finding> pairs(List<CompareSettings.ProfileRun> profiles, Integer rounds,
            List<CompareData.Load> loads, boolean twins) {
        List<Finding> out = new ArrayList<>();
        if (rounds == null || profiles.size() < 2) {
            return out;
        }
        CompareSettings.ProfileRun a = profiles.get(0);
        for (CompareSettings.ProfileRun b : profiles.subList(1, profiles.size())) {
            if ((b.twinOf() != null) != twins) {
                continue;
            }
            add(out, "req/s", true, a, b, rounds, loads, l -> all(l, JtlSummary.LabelStats::throughput));
            add(out, "p99 ms", false, a, b, rounds, loads, l -> all(l, JtlSummary.LabelStats::p99Ms));
            add(out, "borrow wait p99 ms on /short (the webapp's record)", false, a, b, rounds, loads,
                    CompareFindings::shortBorrowP99);
        }
        return out;
    }

    private static void add(List<Finding> out, String measure, boolean higherIsBetter, CompareSettings.ProfileRun a,
            CompareSettings.ProfileRun b, int rounds, List<CompareData.Load> loads,
            ToDoubleFunction<CompareData.Load> figure) {
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (int r = 1; r <= rounds; r++) {
            xs.add(value(loads, a.id(), r, figure));
            ys.add(value(loads, b.id(), r, figure));
        }
        RatioInterval.paired(xs, ys).ifPresent(ri -> out.add(new Finding(measure, a.pool() + " (" + a.id() + ")",
                b.pool() + " (" + b.id() + ")", higherIsBetter, ri)));
    }

    /** @return the figure of that profile's load in that round; NaN when it has none */
    private static double value(List<CompareData.Load> loads, String id, int round,
            ToDoubleFunction<CompareData.Load> figure) {
        for (CompareData.Load l : loads) {
            if (l.profile().equals(id) && l.round() != null && l.round() == round) {
                return figure.applyAsDouble(l);
            }
        }
        return Double.NaN;
    }

    /** @return a figure of the whole load ({@code all}); NaN without JMeter's statistics */
    private static double all(CompareData.Load l, ToDoubleFunction<JtlSummary.LabelStats> figure) {
        JtlSummary.LabelStats s = l.stats() == null ? null : l.stats().get("all");
        return s == null ? Double.NaN : figure.applyAsDouble(s);
    }

    /** @return the p99 of the time /short requests spent in getConnection, ms; NaN without the webapp's record */
    private static double shortBorrowP99(CompareData.Load l) {
        LoadRecord.BorrowWait w = l.record() == null ? null : l.record().borrow().get("short");
        return w == null ? Double.NaN : w.p99Ms();
    }

    /**
     * @param profiles the profiles in the order given
     * @param rounds the rounds run (null: nothing to say)
     * @param loads the loads that ended ok
     * @param findings {@link #of}: the profiles against each other, one family
     * @param aa {@link #aa}: the first profile against its A/A twin, listed first and left out of the family
     * @param rampupExcluded true when the figures leave the ramp-up out
     * @param margin the equivalence margin declared before the run, a fraction of the ratio; NaN for none
     * @return the section: how the rounds ran, each round's figures per profile, the verdicts; empty when no load
     *     ended with data
     */
    static String markdown(List<CompareSettings.ProfileRun> profiles, Integer rounds, List<CompareData.Load> loads,
            List<Finding> findings, List<Finding> aa, boolean rampupExcluded, double margin) {
        if (rounds == null || profiles.isEmpty() || loads.isEmpty()) {
            return ""; // no load ended with data: the web-load table says why
        }
        StringBuilder sb = new StringBuilder("## Over rounds: who is ahead\n\n");
        sb.append(String.format(Locale.ROOT, "%d round%s; each ran every profile once, the order rotated from round to"
                + " round, so that drift of the shared machine falls on every profile alike. A ratio is taken within"
                + " each round, then summarised: geometric mean, 95 %% interval (Student's t on the log"
                + " ratios), n = the rounds in which both loads ended ok. Figures of the whole"
                + " load (every class), ramp-up %s.%n%n", rounds, rounds == 1 ? "" : "s", rampupExcluded ? "excluded"
                : "included"));
        List<String> headers = new ArrayList<>(List.of(">round", "order"));
        profiles.forEach(p -> headers.addAll(List.of(">" + p.id() + " req/s", ">" + p.id() + " p99 ms")));
        Table t = Table.of(headers.toArray(String[]::new));
        for (int r = 1; r <= rounds; r++) {
            List<String> row = new ArrayList<>(List.of(Integer.toString(r), String.join(", ", Rounds.order(profiles, r)
                    .stream().map(CompareSettings.ProfileRun::id).toList())));
            for (CompareSettings.ProfileRun p : profiles) {
                double rps = value(loads, p.id(), r, l -> all(l, JtlSummary.LabelStats::throughput));
                double p99 = value(loads, p.id(), r, l -> all(l, JtlSummary.LabelStats::p99Ms));
                row.add(Double.isNaN(rps) ? "–" : Figures.fixed(rps, 1));
                row.add(Double.isNaN(p99) ? "–" : Figures.plain(p99));
            }
            t.row(row.toArray(String[]::new));
        }
        sb.append(t.markdown());
        sb.append('\n');
        List<Finding> listed = new ArrayList<>(aa);
        listed.addAll(findings);
        if (listed.isEmpty()) {
            sb.append(profiles.size() < 2 ? "One profile: nothing to compare.\n\n"
                    : "No round has both loads of a pair ended ok: no comparison.\n\n");
        }
        profiles.stream().filter(p -> p.twinOf() != null).findFirst().ifPresent(twin -> sb.append("`").append(twin.id())
                .append("` is `").append(twin.twinOf()).append("` run again as a variant of its own (A/A): its comparison"
                + " with the original is the tool's own noise, the floor under every other comparison; a"
                + " difference inside it is no verdict.\n\n"));
        listed.forEach(f -> {
            boolean bold = f.verdict() == Verdict.AHEAD || Comparison.of(f).withMargin(margin).verdict()
                    == Verdict.ALIKE;
            sb.append("- ").append(bold ? "**" + text(f, margin) + "**" : text(f, margin)).append('\n');
        });
        sb.append(Holm.markdown(findings.stream().map(Comparison::of).toList()));
        return sb.append('\n').toString();
    }

    /**
     * @param f a comparison over rounds
     * @param margin the equivalence margin declared before the run, a fraction of the ratio; NaN for none
     * @return its sentence, and with a margin whether two one-sided tests call the two alike within it
     */
    static String text(Finding f, double margin) {
        Comparison c = Comparison.of(f).withMargin(margin);
        return f.text() + (Double.isNaN(margin) || c.verdict() == Verdict.AHEAD ? "" : c.verdict() == Verdict.ALIKE
                ? "; alike within " + c.marginText() + " (the margin declared before the run; two one-sided tests at"
                + " 5 %)" : "; nor shown alike within " + c.marginText());
    }

    /**
     * The findings this scenario puts on top of the suite's page, each a sentence with its figures (Markdown), from
     * the run's own {@code summary.json}: the web load's comparison over rounds (or its figures from one round), then
     * the JMH borrow/return comparison ({@link JmhFindings}).
     *
     * @param dir the scenario's run directory
     * @return the findings; none when the summary is missing or damaged (the section says why)
     */
    public static List<Claim> claims(Path dir) {
        CompareData.Summary j = ResultJson.readIfPresent(dir.resolve("summary.json"), CompareData.Summary.class).orElse(null);
        if (j == null) {
            return List.of();
        }
        String head = "**A Tomcat service whose borrowers outnumber its connections** (16 concurrent requests on a"
                + " pool of 10";
        List<Claim> out = new ArrayList<>();
        Set<String> twins = j.run() == null || j.run().profiles() == null ? Set.of() : j.run().profiles().stream()
                .filter(p -> p.twinOf() != null).map(CompareSettings.ProfileRun::id).collect(Collectors.toSet());
        JmhFindings.claim(j.jmh(), twins).ifPresent(out::add);
        JmhFindings.noiseFloor(j.jmh(), twins).ifPresent(out::add);
        if (j.aa() != null && !j.aa().isEmpty()) {
            out.add(Claim.noiseFloor("**The tool's own noise (A/A)**: " + j.aa().get(0).a() + " against itself run"
                    + " as a second variant, " + j.run().rounds() + " rounds: " + String.join("; ", j.aa().stream()
                    .map(Finding::text).toList()) + ". Its interval is the floor: a difference inside it is no"
                    + " verdict.", j.aa()));
        }
        if (j.findings() != null && !j.findings().isEmpty()) {
            double margin = j.run().equivalenceMarginPercent() == null ? Double.NaN
                    : j.run().equivalenceMarginPercent() / 100;
            List<Comparison> cs = j.findings().stream().map(f -> Comparison.of(f).withMargin(margin)).toList();
            out.add(0, new Claim(head + ", " + j.run().rounds() + " rounds): " + String.join("; ", j.findings()
                    .stream().map(f -> text(f, margin)).toList()) + ".", cs.stream().anyMatch(c -> c.verdict()
                    == Verdict.AHEAD || c.verdict() == Verdict.ALIKE), cs));
            return out;
        }
        // one round: its figures, one run each, no verdict
        List<String> parts = new ArrayList<>();
        for (CompareData.Load l : j.load() == null ? List.<CompareData.Load>of() : j.load()) {
            JtlSummary.LabelStats all = l.stats() == null ? null : l.stats().get("all");
            if (all != null) {
                parts.add(String.format(Locale.ROOT, "%s %,.0f req/s, p99 %d ms, max %,d ms", l.pool(),
                        all.throughput(), all.p99Ms(), all.maxMs()));
            }
        }
        out.addAll(0, Claim.oneRun(parts.isEmpty() ? List.of() : List.of(head + "): " + String.join("; ", parts)
                + " (one run each: no interval, no verdict).")));
        return out;
    }
}
