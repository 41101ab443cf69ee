package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.faults.Clogged;
import io.poolbench.suite.aurora.faults.ControlTwins;
import io.poolbench.suite.aurora.faults.FailoverRequests;
import io.poolbench.suite.aurora.faults.RecoveryOverRounds;
import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.suite.aurora.run.MapCell;
import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.stats.DifferenceFinding;
import io.poolbench.testbed.stats.Finding;
import io.poolbench.testbed.stats.MeanInterval;
import io.poolbench.testbed.stats.RatioInterval;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The Aurora scenario over rounds ({@code --rounds}): every pair of profiles, within each round, on the short screen's p99 (a
 * ratio: where the article's tail shows first) and, with {@code --failover}, on the requests that failed from the
 * injection on and on how long the pool kept its borrowers waiting after the new writer's first write (differences:
 * either may be 0), beside each profile's failures per round with their mean and its 95 % interval, and a verdict
 * on the article's "clogged" ({@link Clogged}). A run without a result drops its round from the pairs it is in, so
 * n counts only complete pairs. Every pair is tested at 95 % on its own; the scenario's page
 * ({@link AuroraRoundsPage}) and the suite's verdict table also adjust them over their family (Holm). With
 * {@code --aa-twin} the first profile also runs as a variant of its own ({@link LoadRun#aaTwin}), compared with that
 * profile only: the tool's own noise on the same measures.
 */
public final class AuroraRounds {
    private AuroraRounds() {
    }

    /**
     * The comparisons over rounds.
     *
     * @param p99 short-screen p99 response time, A ÷ B, per pair of profiles
     * @param failed failed requests from the injection on, A − B, per pair (empty without a failover)
     * @param failures per profile, its failed requests from the injection on in each round (null: no result) and
     *     their mean (empty without a failover)
     * @param drain seconds of borrow wait above normal after the new writer's first write, A − B, per pair (empty
     *     without a failover)
     * @param loadMultiple the load in multiples of the article's per-server rate ({@code --share} ÷ 0.25); 0 when
     *     there are no findings; {@link #OWN_LOADS} when each run has its own ({@code --at-knee},
     *     the load in its id)
     * @param failoverKind the failover injected ({@link FaultKind#id}); null without one
     */
    record Findings(List<Finding> p99, List<DifferenceFinding> failed, List<Failures> failures,
            List<DifferenceFinding> drain, double loadMultiple, String failoverKind) {
        static final Findings NONE = new Findings(List.of(), List.of(), List.of(), List.of(), 0, null);
        /** {@link #loadMultiple} when each profile ran at its own load ({@code --at-knee}). */
        static final double OWN_LOADS = -1;

        /** @return the load in words: "× 3.2 the article's per-server load", or each profile's own */
        String load() {
            if (loadMultiple == OWN_LOADS) {
                return "each profile's own load (the multiple in its run id: its knee and above)";
            }
            return loadMultiple > 0 && Math.abs(loadMultiple - 1) > 1e-9
                    ? "× " + Figures.plain(loadMultiple) + " the article's per-server load"
                    : "the article's per-server load";
        }

        /** @return these findings with the profiles' comparisons only, the A/A twins' left out */
        Findings profiles() {
            return new Findings(keep(p99, Finding::b, false), keep(failed, DifferenceFinding::b, false), failures,
                    keep(drain, DifferenceFinding::b, false), loadMultiple, failoverKind);
        }

        /** @return these findings with the A/A twins' comparisons only (each profile against its twin) */
        Findings twins() {
            return new Findings(keep(p99, Finding::b, true), keep(failed, DifferenceFinding::b, true), List.of(),
                    keep(drain, DifferenceFinding::b, true), loadMultiple, failoverKind);
        }

        private static <T> List<T> keep(List<T> comparisons, Function<T, String> second, boolean twin) {
            return comparisons.stream().filter(x -> (LoadRun.twinOf(second.apply(x)) != null) == twin).toList();
        }
    }

    /**
     * One profile's failover over the rounds.
     *
     * @param profile the profile's run id
     * @param perRound failed requests from the injection on, per round (null where the run has no result)
     * @param mean their mean with its 95 % interval
     * @param firstWriteSeconds the first write acknowledged by the new writer, s after the injection, over the
     *     rounds that had one; null when none had
     * @param borrowBackSeconds the borrow wait back to normal, s after the injection, over the rounds in which it
     *     was back within the measured period; null when it never was
     * @param newWriterConnections connections opened to the new writer in the 10 s from the injection, over the
     *     rounds that sampled them; null when none did
     * @param drainSeconds borrow wait above normal after the new writer's first write, s
     *     ({@link FailoverRequests.Counts#drainMs}), over the rounds that measured both ends; null when none did
     * @param roundsNotBack rounds whose borrow wait was not back to normal within the measured period
     * @param roundsQueuedBefore rounds in which the pool queued before the injection
     * @param clogged the verdict on the article's "clogged" (against the control when one ran)
     * @param control the profile's control twin over the rounds ({@code --control}); null without one
     */
    record Failures(String profile, List<Double> perRound, MeanInterval mean, MeanInterval firstWriteSeconds,
            MeanInterval borrowBackSeconds, MeanInterval newWriterConnections, MeanInterval drainSeconds,
            int roundsNotBack, int roundsQueuedBefore, Clogged clogged, ControlTwins.Twin control) {
    }


    /**
     * @param settings the run's settings
     * @param runs each run's files
     * @return the findings; {@link Findings#NONE} when the profiles ran in one round
     */
    static Findings of(AuroraSettings settings, List<RunFiles> runs) {
        if (settings.rounds() < 2) {
            return Findings.NONE;
        }
        int n = settings.rounds();
        Map<String, Double[]> p99 = new LinkedHashMap<>();
        Map<String, Double[]> failed = new LinkedHashMap<>();
        Map<String, Double[]> drain = new LinkedHashMap<>();
        Map<String, RecoveryOverRounds> recovery = new LinkedHashMap<>();
        Map<String, FailoverRequests.Counts[]> countsByRound = new LinkedHashMap<>();
        Map<String, RunFiles[]> controls = new LinkedHashMap<>();
        Map<String, RunFiles> byId = new LinkedHashMap<>();
        runs.forEach(x -> byId.put(x.id(), x));
        for (LoadRun r : settings.runs()) {
            if (r.round() == null) {
                continue;
            }
            if (r.isControl()) {
                String base = r.variantId().substring(0, r.variantId().length()
                        - LoadRun.CONTROL_SUFFIX.length());
                controls.computeIfAbsent(base, k -> new RunFiles[n])[r.roundNo() - 1] = byId.get(r.id());
                continue;
            }
            Double[] p = p99.computeIfAbsent(r.variantId(), k -> new Double[n]);
            Double[] f = failed.computeIfAbsent(r.variantId(), k -> new Double[n]);
            Double[] d = drain.computeIfAbsent(r.variantId(), k -> new Double[n]);
            RunFiles run = byId.get(r.id());
            if (run == null) {
                continue;
            }
            run.stats().screens().stream().filter(x -> x.screen().equals("short") && x.n() > 0).findFirst()
                    .ifPresent(x -> p[r.roundNo() - 1] = (double) x.p99Ms());
            FailoverRequests.Counts c = FailoverRequests.counts(run.outcome(), run.screens());
            if (settings.network().failover() && !run.screens().isEmpty() && c != null) {
                f[r.roundNo() - 1] = (double) c.failed();
                d[r.roundNo() - 1] = c.drainMs() == null ? null : c.drainMs() / 1000.0;
                recovery.computeIfAbsent(r.variantId(), k -> new RecoveryOverRounds()).add(c);
                countsByRound.computeIfAbsent(r.variantId(), k -> new FailoverRequests.Counts[n])[r.roundNo() - 1] = c;
            }
        }
        List<String> variants = new ArrayList<>(p99.keySet());
        List<Finding> ratios = new ArrayList<>();
        List<DifferenceFinding> diffs = new ArrayList<>();
        List<DifferenceFinding> drains = new ArrayList<>();
        for (List<String> pair : pairs(variants)) {
            String a = pair.get(0);
            String b = pair.get(1);
            RatioInterval.paired(Arrays.asList(p99.get(a)), Arrays.asList(p99.get(b)))
                    .ifPresent(ri -> ratios.add(new Finding("short-screen p99 ms", a, b, false, ri)));
            if (settings.network().failover()) {
                DifferenceFinding.paired("failed requests from the failover on", a, b, false,
                        Arrays.asList(failed.get(a)), Arrays.asList(failed.get(b))).ifPresent(diffs::add);
                DifferenceFinding.paired(ControlTwins.DRAIN, a, b, false, Arrays.asList(drain.get(a)),
                        Arrays.asList(drain.get(b))).ifPresent(drains::add);
            }
        }
        List<Failures> failures = new ArrayList<>();
        failed.forEach((v, counts) -> {
            List<Double> per = Arrays.asList(counts);
            List<Double> present = per.stream().filter(Objects::nonNull).toList();
            if (settings.network().failover() && !present.isEmpty()) {
                RecoveryOverRounds rec = recovery.getOrDefault(v, new RecoveryOverRounds());
                MeanInterval drained = RecoveryOverRounds.of(rec.drainSeconds());
                ControlTwins.Twin twin = ControlTwins.of(countsByRound.getOrDefault(v, new FailoverRequests.Counts[n]),
                        controls.get(v), rec.notBack()[0], present.size());
                failures.add(new Failures(v, per, MeanInterval.ofCounts(present), RecoveryOverRounds.of(rec.firstWriteSeconds()),
                        RecoveryOverRounds.of(rec.borrowBackSeconds()), rec.newWriterConnections().isEmpty() ? null
                        : MeanInterval.ofCounts(rec.newWriterConnections()), drained,
                        rec.notBack()[0], rec.queuedBefore()[0], twin != null ? twin.clogged()
                        : Clogged.of(drained, rec.notBack()[0], rec.queuedBefore()[0], present.size()), twin));
            }
        });
        boolean ownLoads = settings.runs().stream().anyMatch(r -> r.cell() != null);
        return new Findings(ratios, diffs, failures, drains, ownLoads ? Findings.OWN_LOADS
                : settings.load().share() / MapCell.ARTICLE_SHARE,
                settings.network().failover() ? settings.network().kind().id() : null);
    }

    /**
     * @param variants the profiles' run ids across rounds, in the order run, A/A twins ({@link LoadRun#aaTwin})
     *     among them
     * @return every pair of profiles, in that order, and each A/A twin with the profile it repeats (that one
     *     first); a twin meets no other profile
     */
    static List<List<String>> pairs(List<String> variants) {
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i < variants.size(); i++) {
            for (String b : variants.subList(i + 1, variants.size())) {
                String a = variants.get(i);
                if (LoadRun.twinOf(a) == null && LoadRun.twinOf(b) == null) {
                    out.add(List.of(a, b));
                } else if (a.equals(LoadRun.twinOf(b)) || b.equals(LoadRun.twinOf(a))) {
                    out.add(LoadRun.twinOf(b) != null ? List.of(a, b) : List.of(b, a));
                }
            }
        }
        return out;
    }
}
