package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.stats.Comparison;
import io.poolbench.testbed.stats.Finding;
import io.poolbench.testbed.stats.Holm;
import io.poolbench.testbed.stats.MeanInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The Aurora scenario's section over rounds, in Markdown: each profile's failures at the failover per round with the
 * article's "clogged" verdict, then every pair's comparison ({@link AuroraRounds}), the family of them adjusted as a
 * whole (Holm), and apart from them the A/A twin's, the tool's own noise.
 */
final class AuroraRoundsPage {
    private AuroraRoundsPage() {
    }

    /**
     * @param f the findings
     * @param rounds the rounds run
     * @return the report's section, empty for {@link AuroraRounds.Findings#NONE}
     */
    static String markdown(AuroraRounds.Findings f, int rounds) {
        if (f.p99().isEmpty() && f.failed().isEmpty() && f.failures().isEmpty() && f.drain().isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "## Over the %d rounds%n%nEach round ran"
                + " every profile once, the order rotated from round to round; every pair of profiles is compared"
                + " within each round. The short screen's p99 as a ratio (Student's t on the log ratios);"
                + " the failed requests from the injection on as a difference (Student's t on the differences: either"
                + " count may be 0). A verdict only where the 95 %% interval excludes no difference.%n%n", rounds));
        if (!f.failures().isEmpty()) {
            md.append(String.format(Locale.ROOT, "At %s. *Waiting after the first"
                    + " write*: from the new writer's first acknowledged write until the borrow wait was back to"
                    + " normal (0 when it was back before), s, in 1-s windows; the article's \"clogged\" read as"
                    + " this: **clogged** when its 95 %% interval lies above one window or the wait was not back"
                    + " within the measured period in most rounds, *no* when every round was back within one"
                    + " window by the interval; *cannot tell* where the pool already queued before the injection"
                    + " in most rounds (its median borrow wait, or a 1-s window's median that is ≥ 10 × it, over"
                    + " 40 ms, the short screen's SQL time): at or past its limit it queues without a failover"
                    + " too.%n%n", f.load()));
            boolean twins = f.failures().stream().anyMatch(x -> x.control() != null);
            if (twins) {
                md.append("With a control twin per profile and round (the same load without the failover, its moment"
                        + " marked): *control* is its waiting after the failover's first write, from the mark plus"
                        + " that round's delay to the first write; **clogged** when the failover's waiting minus the"
                        + " control's, paired within each round, has its 95 % interval above one window, or the"
                        + " failover was not back in most rounds while the control was; *no* when that interval lies"
                        + " at or below one window. The queue before the injection then no longer stops a"
                        + " verdict.\n\n");
            }
            List<String> headers = new ArrayList<>(List.of("profile", "failed requests from the injection on, per"
                    + " round", "mean (95 % Poisson interval)", "first write on the new writer, s", "borrow wait back to normal,"
                    + " s", "waiting after the first write, s"));
            if (twins) {
                headers.addAll(List.of("control: waiting after the same moment, s", "failover − control, s"));
            }
            headers.addAll(List.of("clogged", "connections opened to the new writer by 10 s after the endpoint"
                    + " moved"));
            Table t = Table.of(headers.toArray(String[]::new));
            for (AuroraRounds.Failures x : f.failures()) {
                List<String> row = new ArrayList<>(List.of(MarkdownText.cell(x.profile()), String.join(", ",
                        x.perRound().stream().map(d -> d == null ? "–" : String.format(Locale.ROOT, "%.0f", d))
                                .toList()), mean(x.mean()), mean(x.firstWriteSeconds()), mean(x.borrowBackSeconds())
                        + (x.roundsNotBack() > 0 ? "; not back in " + x.roundsNotBack() : ""),
                        mean(x.drainSeconds())));
                if (twins) {
                    row.add(x.control() == null ? "–" : mean(x.control().waiting()) + (x.control().notBack() > 0
                            ? "; not back in " + x.control().notBack() : ""));
                    row.add(x.control() == null ? "–" : mean(x.control().overControl()));
                }
                row.add(x.clogged().label());
                row.add(mean(x.newWriterConnections()));
                t.markdownRow(row.toArray(String[]::new));
            }
            md.append(t.markdown());
            md.append('\n');
        }
        AuroraRounds.Findings profiles = f.profiles();
        AuroraRounds.Findings twins = f.twins();
        md.append(Finding.bullets(profiles.p99()));
        Stream.concat(profiles.failed().stream(), profiles.drain().stream())
                .forEach(d -> md.append("- ").append(d.claim().markdown()).append('\n'));
        md.append(Holm.markdown(Stream.concat(profiles.p99().stream().map(Comparison::of), Stream.concat(
                profiles.failed().stream(), profiles.drain().stream()).map(Comparison::of)).toList()));
        List<String> aa = Stream.concat(twins.p99().stream().map(Finding::text), Stream.concat(twins.failed().stream(),
                twins.drain().stream()).map(d -> d.claim().markdown().replace("**", ""))).toList();
        if (!aa.isEmpty()) {
            md.append("\nThe A/A twin (`").append(LoadRun.AA_SUFFIX).append("`: the first profile run again as a"
                    + " variant of its own in every round, `--aa-twin`): the tool's own noise, no finding. A difference"
                    + " between two profiles whose estimate lies inside its interval is no verdict on the suite's"
                    + " page.\n\n");
            aa.forEach(x -> md.append("- ").append(x).append('\n'));
        }
        return md.append('\n').toString();
    }

    /** @return {@code mean (low–high, n = N)}, "no interval" from one round, a dash for none */
    static String mean(MeanInterval m) {
        if (m == null) {
            return "–";
        }
        return m.text(1);
    }
}
