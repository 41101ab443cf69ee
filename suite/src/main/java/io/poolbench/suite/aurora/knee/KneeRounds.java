package io.poolbench.suite.aurora.knee;

import io.poolbench.testbed.Figures;
import io.poolbench.testbed.stats.RatioInterval;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One knee over its rounds: the searches of one profile, round trip and borrowing pattern, each run once per round
 * ({@code aurora --find-knee --rounds N}). One search's own interval (its bracket and the bootstrap over its cells'
 * requests) holds the noise of the requests it measured, not the scatter from one search to the next: which long
 * screens a 20-s cell happens to draw moves its p99, and two searches of c3p0 at +1 ms, one after the other, found
 * × 2.55 and × 3.45. So the knee is summarised over the rounds as the geometric mean of the searches' knees with
 * Student's t interval on their logarithms ({@link RatioInterval}); one round gives none.
 *
 * @param profile the profile
 * @param rttMs the round trip added, ms
 * @param borrow {@code per-request} or {@code per-query}
 * @param searches the searches run (every round's, whatever its status)
 * @param knees the knees found, in round order (a search without one is not among them)
 * @param knee the geometric mean of the knees, their interval and n; null when no search found one
 * @param model the model's knee over the cell's window with the stand-in's round trip, the mean over the searches
 *     (each measured its own), or over the window alone for searches without it; null without one
 * @param highestLoad the highest load any of the searches measured, multiples of the article's per-server rate; NaN
 *     when none ran a cell
 * @param searchRatios each search's own model knee (with its own stand-in round trip) ÷ its measured knee, in round
 *     order, for the searches that have both: the model's error per search, which a mean over discordant searches
 *     would hide
 */
public record KneeRounds(String profile, int rttMs, String borrow, int searches, List<Double> knees,
        RatioInterval knee, Double model, double highestLoad, List<Double> searchRatios) {
    /**
     * @param results every search, in any order
     * @return one summary per profile, round trip and borrowing pattern, in the order each first appears
     */
    public static List<KneeRounds> of(List<KneeResult> results) {
        Map<String, List<KneeResult>> by = new LinkedHashMap<>();
        for (KneeResult r : results) {
            by.computeIfAbsent(r.profile() + " " + r.rttMs() + " " + r.borrow(), x -> new ArrayList<>()).add(r);
        }
        List<KneeRounds> out = new ArrayList<>();
        for (List<KneeResult> same : by.values()) {
            KneeResult first = same.get(0);
            List<Double> knees = same.stream().sorted(Comparator.comparingInt(KneeResult::round))
                    .filter(r -> r.knee() != null && r.knee() > 0).map(KneeResult::knee).toList();
            RatioInterval k = knees.isEmpty() ? null
                    : RatioInterval.of(knees.stream().mapToDouble(Double::doubleValue).toArray());
            // each search predicts with its own stand-in round trip: the model's knee over the rounds is their mean
            double[] predicted = same.stream().map(r -> r.model().predicted()).filter(x -> x != null)
                    .mapToDouble(Double::doubleValue).toArray();
            double highest = same.stream().flatMap(r -> r.cells().stream()).mapToDouble(KneeResult.CellRun::load)
                    .max().orElse(Double.NaN);
            List<Double> ratios = same.stream().sorted(Comparator.comparingInt(KneeResult::round))
                    .filter(r -> r.knee() != null && r.knee() > 0 && r.model().predicted() != null)
                    .map(r -> r.model().predicted() / r.knee()).toList();
            out.add(new KneeRounds(first.profile(), first.rttMs(), first.borrow(), same.size(), knees, k,
                    predicted.length == 0 ? null : Arrays.stream(predicted).average().orElseThrow(), highest,
                    ratios));
        }
        return out;
    }

    /**
     * @return the knee over its rounds in one console line: profile, round trip, borrowing, the geometric mean with
     *     its interval and n, the model's knee
     */
    public String line() {
        return profile + " +" + rttMs + " ms " + borrow + " over " + searches + " rounds: " + (knee == null
                ? "no knee found" : "× " + Figures.sig3(knee.ratio()) + (knee.n() < 2 ? " (one search found it)"
                : " (95 % interval " + Figures.sig3(knee.low()) + " .. " + Figures.sig3(knee.high()) + ", n "
                + knee.n() + ")")) + "; the model's " + (model == null ? "none" : "× " + Figures.sig3(model));
    }

    /** @return the model's knee ÷ the measured one (geometric mean over the rounds); NaN without both */
    public double modelRatio() {
        return knee == null || model == null ? Double.NaN : model / knee.ratio();
    }
}
