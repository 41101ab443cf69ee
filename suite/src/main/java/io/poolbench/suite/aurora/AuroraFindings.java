package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.faults.Clogged;
import io.poolbench.suite.aurora.run.InjectedFailover;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.stats.Claim;
import io.poolbench.testbed.stats.Comparison;
import io.poolbench.testbed.stats.Finding;
import io.poolbench.testbed.stats.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The Aurora scenario's findings on top of the suite's page, read from a finished run's {@code summary.json}. */
public final class AuroraFindings {
    private AuroraFindings() {
    }

    /**
     * @param dir the run directory
     * @return the comparisons over rounds for the suite's page (the failed requests at the failover, then the
     *     short screen's p99), each with its interval; none from one round or when the results are missing
     */
    public static List<Claim> claims(Path dir) {
        AuroraData.Summary j;
        try {
            j = AuroraResults.summary(dir).orElse(null);
        } catch (IOException e) {
            return List.of();
        }
        if (j == null || j.findings() == null) {
            return List.of();
        }
        List<Claim> out = new ArrayList<>();
        AuroraRounds.Findings all = j.findings();
        AuroraRounds.Findings f = all.profiles();
        if (!f.failures().isEmpty()) {
            List<String> means = f.failures().stream().map(x -> x.profile() + " " + x.mean().text(1)).toList();
            boolean solid = f.failed().stream().anyMatch(d -> d.verdict() == Verdict.AHEAD);
            String load = f.load();
            FaultKind kind = InjectedFailover.parse(f.failoverKind());
            out.add(new Claim("**A" + (kind == FaultKind.UNPLANNED_FAILOVER ? "n " : " ") + InjectedFailover.noun(kind) + " at " + load
                    + "** (the Aurora scenario, "
                    + f.failures().get(0).perRound().size() + " rounds): failed requests from the injection on, mean"
                    + " (95 % interval): " + String.join(", ", means) + ". " + String.join("; ", f.failed().stream()
                    .map(d -> d.claim().markdown()).toList()) + ".",
                    solid, f.failed().stream().map(Comparison::of).toList()));
            List<AuroraRounds.Failures> judged = f.failures();
            if (!judged.isEmpty()) {
                out.add(new Claim("The Aurora article's \"clogged\" reconnection at " + load + " (borrowers kept waiting"
                        + " after the new writer's first write, s, mean and 95 % interval): " + String.join(", ",
                        judged.stream().map(x -> x.profile() + " " + x.clogged().label().replace("**", "") + " ("
                                + AuroraRoundsPage.mean(x.drainSeconds()) + ")").toList()) + ".",
                        judged.stream().anyMatch(x -> x.clogged() == Clogged.YES)));
            }
        }
        if (!f.p99().isEmpty()) {
            out.add(Claim.of("The Aurora article's short screen, p99: " + String.join("; ", f.p99().stream()
                    .map(Finding::text).toList()) + ".", f.p99()));
        }
        out.addAll(aa(all));
        return out;
    }

    /**
     * @return the first profile against its A/A twin ({@code aurora --aa-twin}) on the short screen's p99 and the
     *     failed requests: the noise floor under the comparisons of the same measures; empty without a twin
     */
    private static List<Claim> aa(AuroraRounds.Findings all) {
        AuroraRounds.Findings twins = all.twins();
        List<Comparison> floor = new ArrayList<>();
        twins.p99().stream().map(Comparison::of).forEach(floor::add);
        twins.failed().stream().map(Comparison::of).forEach(floor::add);
        if (floor.isEmpty()) {
            return List.of();
        }
        return List.of(new Claim("**The Aurora scenario's A/A twin**: `" + floor.get(0).a() + "` against itself run as"
                + " a second profile in every round, the tool's own noise on the short screen's p99 and the failed"
                + " requests: " + String.join("; ", floor.stream().map(c -> c.measure() + " " + c.estimateText()
                + " (" + c.intervalText() + ", n = " + c.n() + ")").toList()) + ".", false,
                floor.stream().map(Comparison::asNoiseFloor).toList()));
    }
}
