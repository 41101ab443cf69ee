package io.poolbench.suite.compare;

import io.poolbench.testbed.report.JmhSummary;
import io.poolbench.testbed.stats.Claim;
import io.poolbench.testbed.stats.Finding;
import io.poolbench.testbed.stats.RatioInterval;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The JMH borrow/return comparison among the suite's findings: the first profile's ConnectionCycle throughput
 * (ops/ms, higher is better) against each other profile's at the same threads and parameters. JMH runs each pool in
 * forks of its own, one pool after the other, so the forks are not paired: each fork's mean is one figure, and the
 * ratio of the two pools' geometric means gets Welch's t interval ({@link RatioInterval#unpaired}); n is the forks.
 */
final class JmhFindings {
    private JmhFindings() {
    }

    /**
     * @param jmh the run's JMH results, the first profile's first
     * @return per other profile and configuration of throughput mode: first ÷ other in ops/ms; empty without two
     *     profiles with fork means at the same configuration
     */
    static List<Finding> of(List<JmhSummary.Result> jmh) {
        return of(jmh, Set.of(), false);
    }

    /**
     * @param jmh the run's JMH results, the first profile's first
     * @param twins the ids of A/A twins ({@code --aa-twin})
     * @param aa true for the first profile against its twins only, false for it against every other profile only
     * @return those comparisons, first ÷ other in ops/ms
     */
    static List<Finding> of(List<JmhSummary.Result> jmh, Set<String> twins, boolean aa) {
        Map<String, List<JmhSummary.Result>> byConfig = new LinkedHashMap<>();
        for (JmhSummary.Result r : jmh == null ? List.<JmhSummary.Result>of() : jmh) {
            if ("thrpt".equals(r.mode()) && !r.forkMeans().isEmpty()) {
                byConfig.computeIfAbsent(config(r), k -> new ArrayList<>()).add(r);
            }
        }
        List<Finding> out = new ArrayList<>();
        for (List<JmhSummary.Result> same : byConfig.values()) {
            JmhSummary.Result a = same.get(0);
            for (JmhSummary.Result b : same.subList(1, same.size())) {
                if (twins.contains(b.profile()) != aa) {
                    continue;
                }
                out.add(new Finding(a.method().replaceFirst("\\..*", "") + " " + a.unit() + ", " + a.threads()
                        + " threads", a.profile(), b.profile(), true, RatioInterval.unpaired(a.forkMeans(),
                        b.forkMeans())));
            }
        }
        return out;
    }

    /**
     * @param jmh the run's JMH results
     * @return the finding for the suite's page, when there is a comparison
     */
    static Optional<Claim> claim(List<JmhSummary.Result> jmh) {
        return claim(jmh, Set.of());
    }

    /**
     * @param jmh the run's JMH results
     * @param twins the ids of A/A twins, whose comparisons are left to {@link #noiseFloor}
     * @return the finding for the suite's page, when there is a comparison
     */
    static Optional<Claim> claim(List<JmhSummary.Result> jmh, Set<String> twins) {
        List<Finding> f = of(jmh, twins, false);
        return f.isEmpty() ? Optional.empty() : Optional.of(Claim.of("**Borrow and return, the pool's own cost** (JMH"
                + " on the stub driver, no network; forks as the rounds, Welch's t): " + String.join("; ", f.stream()
                .map(Finding::text).toList()).replace(" rounds)", " forks)") + ". A network round trip per borrow"
                + " costs a thousand times more.", f));
    }

    /**
     * @param jmh the run's JMH results
     * @param twins the ids of A/A twins
     * @return the first profile against its twin in JMH, the floor under the JMH comparison; empty without a twin
     */
    static Optional<Claim> noiseFloor(List<JmhSummary.Result> jmh, Set<String> twins) {
        List<Finding> f = of(jmh, twins, true);
        return f.isEmpty() ? Optional.empty() : Optional.of(Claim.noiseFloor("**JMH's own noise (A/A)**: the first"
                + " profile against itself in forks of its own: " + String.join("; ", f.stream().map(Finding::text)
                .toList()).replace(" rounds)", " forks)") + ".", f));
    }

    /** @return the result's configuration without its profile: method, threads, the other parameters */
    private static String config(JmhSummary.Result r) {
        Map<String, String> p = new LinkedHashMap<>(r.params());
        p.remove("profile");
        return r.method() + " " + r.threads() + " " + p;
    }
}
