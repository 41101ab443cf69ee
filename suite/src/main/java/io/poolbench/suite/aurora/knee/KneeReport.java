package io.poolbench.suite.aurora.knee;

import com.fasterxml.jackson.core.type.TypeReference;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.stats.RatioInterval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The report's section of {@code aurora --find-knee}: each search's knee with its 95 % interval, the cells it ran and
 * the model's knee beside it, from {@code screens/knees.json}.
 */
public final class KneeReport {
    /** The file of the searches' results, in {@code screens/}. */
    public static final String FILE = "knees.json";

    private KneeReport() {
    }

    /**
     * @param file {@code screens/knees.json}
     * @return the searches, in order; empty when the run searched none
     * @throws IOException when the file exists and cannot be read
     */
    public static List<KneeResult> read(Path file) throws IOException {
        return Files.isRegularFile(file) ? ResultJson.MAPPER.readValue(file.toFile(),
                new TypeReference<List<KneeResult>>() { }) : List.of();
    }

    /**
     * @param results the searches
     * @param base the scenario's directory ({@code screens/}), where each search's chart goes ({@link KneeCharts})
     * @return the section; empty without searches
     * @throws IOException when a chart cannot be written
     */
    public static String markdown(List<KneeResult> results, Path base) throws IOException {
        if (results.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("## The knee, found by search\n\n");
        md.append("The knee: the load (multiples of the article's per-server rate, × 1 = 12.5 requests/s) at which the"
                + " short screen's p99 reaches ").append(Figures.plain(KneeSearch.FACTOR)).append(" × its value at the"
                + " light load, interpolated on log p99 between the two measured loads around it: the saturation"
                + " map's rule. Found by search (the light load, then twice the highest load measured until a cell"
                + " crosses the threshold, then bisection: the model plays no part in which cells run), each cell one"
                + " run with its warm-up excluded; the 95 % interval holds the two measured loads around the knee"
                + " (between them the interpolation is assumed, not measured), widened where a percentile bootstrap"
                + " over the requests of every cell (2,000 resamples) puts the knee outside them. The model's knee:"
                + " the same rule on the queueing model (`PoolSimulation`: the pool read from its profile, the three"
                + " screens sharing it; nothing fitted), over one long run (60 s), and over the"
                + " cell's own window (its warm-up excluded, its measured period; the median of 25 windows), since a"
                + " queue at the limit builds and drains over longer than a cell. Every search's model knees are"
                + " written to `" + KneePredictions.FILE + "` with poolbench's commit before the first cell runs"
                + " (the stand-in's, which needs the light-load cell, right after it), and each search's model ÷"
                + " measured is given below, not only their mean.\n\n");
        md.append(acrossRounds(KneeRounds.of(results)));
        md.append("Every search:\n\n");
        Table t = Table.of("profile", "round trip", "borrowing", "round", "measured knee", "95 % interval in the search",
                "model: one long run (÷ measured)", "model: the cell's window (÷ measured)",
                "model: the window and the stand-in's round trip (÷ measured)", "stand-in's round trip per query (ms)",
                "light-load p99 (ms)",
                "cells: load → short p99 ms (requests)", "status");
        for (KneeResult r : results) {
            KneeResult.Model m = r.model();
            t.markdownRow(r.profile(), "+" + r.rttMs() + " ms", r.borrow(), Integer.toString(r.round()),
                    r.knee() == null ? "–" : "× " + Figures.sig3(r.knee()),
                    r.knee() == null ? "–" : Figures.sig3(r.low()) + " .. " + (Double.isInfinite(r.high()) ? "open"
                            : Figures.sig3(r.high())),
                    knee(m.longRun(), r.ratio(m.longRun())), knee(m.window(), r.ratio(m.window())),
                    knee(m.standIn(), r.ratio(m.standIn())), r.standInRttMs() == null ? "–"
                    : Figures.sig3(r.standInRttMs()), Figures.sig3(r.baselineP99Ms()),
                    r.cells().stream().map(c -> "× " + Figures.plain(c.load()) + " → " + Figures.sig3(c.p99Ms())
                            + " (" + c.requests() + ")").collect(Collectors.joining("; ")),
                    status(r));
        }
        md.append(t.markdown()).append('\n');
        for (KneeResult r : results) {
            String chart = KneeCharts.write(r, base);
            if (chart != null) {
                md.append("![").append(chart).append("](").append(chart).append(")\n");
            }
        }
        return md.append('\n').toString();
    }

    /**
     * @param knees the knees over their rounds
     * @return the table of the knees over the rounds, with a line before it saying how to read it
     */
    static String acrossRounds(List<KneeRounds> knees) {
        StringBuilder md = new StringBuilder("Each knee over the rounds (each search run once per round, the"
                + " profiles' order rotated): the geometric mean of the searches' knees with Student's t 95 % interval"
                + " on their logarithms, and n, the searches that found one. One search's own interval (below) holds"
                + " the noise of its requests, not the scatter from search to search, which is larger: which long"
                + " screens a 20-s cell draws moves its p99. With one round there is no interval over rounds: run"
                + " `--rounds 3` for one.\n\n");
        Table t = Table.of("profile", "round trip", "borrowing", "knee over the rounds", "95 % interval", "n",
                "each search's knee", "model: the cell's window", "model ÷ measured", "each search: its model ÷ its knee");
        for (KneeRounds k : knees) {
            RatioInterval i = k.knee();
            t.markdownRow(k.profile(), "+" + k.rttMs() + " ms", k.borrow(), i == null ? "none found"
                    : "× " + Figures.sig3(i.ratio()), i == null || i.n() < 2 ? "–" : Figures.sig3(i.low()) + " .. "
                    + Figures.sig3(i.high()), (i == null ? 0 : i.n()) + " of " + k.searches(),
                    k.knees().stream().map(Figures::sig3).collect(Collectors.joining(", ")),
                    k.model() == null ? "none up to × 16" : "× " + Figures.sig3(k.model()),
                    Double.isNaN(k.modelRatio()) ? "–" : String.format(Locale.ROOT, "%.2f", k.modelRatio()),
                    k.searchRatios().isEmpty() ? "–" : k.searchRatios().stream().map(x -> String.format(
                            Locale.ROOT, "%.2f", x)).collect(Collectors.joining(", ")));
        }
        return md.append(t.markdown()).append('\n').toString();
    }

    private static String knee(Double at, double ratio) {
        return at == null ? "none up to × 16" : "× " + Figures.sig3(at) + (Double.isNaN(ratio) ? ""
                : String.format(Locale.ROOT, " (%.2f)", ratio));
    }

    private static String status(KneeResult r) {
        return switch (r.status()) {
            case "found" -> "found in " + r.cells().size() + " cells";
            case "no-knee" -> "no knee up to the highest load";
            case "not-converged" -> "not converged in " + r.cells().size() + " cells (--max-cells)";
            case KneeResult.HARNESS -> "stopped: a cell measured the harness (the load generator or the machine)";
            default -> "stopped: a cell failed";
        };
    }
}
