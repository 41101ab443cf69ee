package io.poolbench.suite.poolsize;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.report.Seeds;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.RunFile;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.PhaseEntry;
import io.poolbench.testbed.stats.Claim;
import io.poolbench.testbed.stats.Finding;
import io.poolbench.testbed.stats.RatioInterval;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The pool-size scenario's report: elapsed time against pool size per pool and thread kind, beside the ideal staircase and the
 * article's bb8 figures ({@code src/seeds/seed000.json}), with the per-task borrow waits against a FIFO pool's;
 * written from a run directory, so {@code ./poolbench report} rebuilds it.
 */
public final class PoolSizeReport {
    /** @return the JSON files a pool-size sweep writes, for {@code docs/reference/run-files.md} */
    public static List<RunFile> runFiles() {
        return List.of(RunFile.of("pool-size/summary.json", "Per pool and size: elapsed time and borrow waits over"
                + " the rounds, and the findings.", Summary.class),
                RunFile.of("pool-size/<profile>.json", "One pool's runs: per size, every round's tasks.",
                        PoolSizeExperiment.Result.class));
    }

    private static final ObjectMapper JSON = ResultJson.MAPPER;
    private static final TypeReference<Map<String, Map<String, Cell>>> OLD_SUMMARY = new TypeReference<>() { };

    private PoolSizeReport() {
    }

    /**
     * Writes {@code pool-size/summary.md}, {@code summary.json} and {@code elapsed.png} from the run directory.
     *
     * @param dir the run directory
     * @return the Markdown
     * @throws IOException when files cannot be read or written
     */
    public static String write(Path dir) throws IOException {
        Manifest m = Manifest.read(dir);
        PoolSizeSettings s = m.settings(PoolSizeSettings.class);
        int tasks = s.tasks();
        long holdMs = s.holdMs();
        PoolSizeArticle art = Seeds.read("000", PoolSizeArticle.class);
        boolean comparable = tasks == art.tasks() && holdMs == art.holdMs();
        Path base = dir.resolve("pool-size");
        Files.createDirectories(base);
        StringBuilder md = new StringBuilder("# Pool size against elapsed time\n\n");
        md.append(description(s, art, comparable));
        Table table = Table.of("pool", ">size", ">elapsed median (min–max)", ">ideal", ">excess over ideal",
                ">article median (min–max)", ">borrow wait median / max", ">FIFO max wait");
        XYChart c = new XYChartBuilder().width(1000).height(500).title("Pool size: " + tasks + " tasks holding "
                + holdMs + " ms, elapsed against pool size").xAxisTitle("pool size").yAxisTitle("elapsed, ms")
                .build();
        Map<String, Map<String, Cell>> json = new LinkedHashMap<>();
        List<Finding> findings = new ArrayList<>();
        for (PhaseEntry p : m.phases()) {
            if (!p.id().startsWith("pool-size:")) {
                continue;
            }
            String name = p.id().substring("pool-size:".length());
            Path f = base.resolve(name + ".json");
            if (!p.ok() || !Files.isRegularFile(f)) {
                table.markdownRow(MarkdownText.cell(name), "all", MarkdownText.status(p.status(), p.reason()));
                continue;
            }
            PoolSizeExperiment.Result r = JSON.readValue(f.toFile(), PoolSizeExperiment.Result.class);
            String label = r.pool() + ("virtual".equals(r.threads()) ? " (virtual threads)" : "");
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            Map<String, Cell> cells = new LinkedHashMap<>();
            for (int size : s.sizes()) {
                Cell cell = cell(r.runs().getOrDefault(Integer.toString(size), List.of()), tasks, size, holdMs);
                if (cell == null) {
                    continue;
                }
                List<Double> av = art.elapsedMs().getOrDefault(Integer.toString(size), List.of());
                table.row(label, Integer.toString(size), String.format(Locale.ROOT, "%,.0f (%,.0f–%,.0f)",
                        cell.medianMs(), cell.minMs(), cell.maxMs()), String.format(Locale.ROOT, "%,d",
                        cell.idealMs()), String.format(Locale.ROOT, "%+,.0f", cell.medianMs() - cell.idealMs()),
                        !comparable || av.isEmpty() ? "–" : String.format(Locale.ROOT, "%,.0f (%,.0f–%,.0f)",
                                Figures.median(av), Figures.min(av), Figures.max(av)),
                        String.format(Locale.ROOT, "%,.0f / %,.0f", cell.waitMedianMs(), cell.waitMaxMs()),
                        String.format(Locale.ROOT, "%,d", fifoMaxWaitMs(tasks, size, holdMs)));
                xs.add((double) size);
                ys.add(cell.medianMs());
                cells.put(Integer.toString(size), cell);
            }
            json.put(name, cells);
            Finding verdict = finding(r, label, s.sizes());
            if (verdict != null) {
                findings.add(verdict);
            }
            if (!xs.isEmpty()) {
                c.addSeries(label, xs, ys).setMarker(SeriesMarkers.CIRCLE);
            }
        }
        md.append(table.markdown());
        addIdealAndArticle(c, s, art, comparable);
        if (!json.isEmpty()) {
            BitmapEncoder.saveBitmap(c, base.resolve("elapsed").toString(), BitmapEncoder.BitmapFormat.PNG);
            md.append("\n![elapsed against pool size](elapsed.png)\n");
        }
        md.append(Finding.bullets("\n## Over rounds\n\nEach round ran every size once, the order rotated from round"
                + " to round; the ratio of the elapsed times is taken within each round, then summarised (geometric mean, 95 %"
                + " interval by Student's t on the log ratios, n rounds).\n\n", findings));
        md.append("\nRun status: **").append(m.status()).append("**. Raw runs: `pool-size/<profile>.json`.\n");
        Files.writeString(base.resolve("summary.md"), md.toString());
        JSON.writeValue(base.resolve("summary.json").toFile(), new Summary(json, findings));
        return md.toString();
    }

    /** @return what the run ran, beside what the article ran; whether the article's column is shown */
    private static String description(PoolSizeSettings s, PoolSizeArticle art, boolean comparable) {
        List<String> kinds = s.threads() == null ? List.of() : s.threads();
        return String.format(Locale.ROOT, "%d tasks on %s threads, each borrows a connection, holds it %d ms, runs"
                + " `SELECT 1`, returns it; %d runs per pool and size; elapsed from releasing the tasks to the end of"
                + " the last (ms), the pool filled before the clock starts. Ideal = ceil(tasks / size) × hold. Borrow"
                + " wait = each task's time in getConnection (ms, over every task of every run); a FIFO pool's longest"
                + " wait is (waves − 1) × hold. The article (%s): %s%s%n%n", s.tasks(), kinds.isEmpty() ? "platform"
                : String.join(" and ", kinds), s.holdMs(), s.runs(), art.title(), art.setup(), comparable ? ""
                : " **Not comparable: this run's tasks or hold differ from the article's, so its column is left"
                + " out.**");
    }

    /** Adds the ideal staircase and, when the run is comparable, the article's medians to the chart. */
    private static void addIdealAndArticle(XYChart c, PoolSizeSettings s, PoolSizeArticle art, boolean comparable) {
        List<Double> ix = new ArrayList<>();
        List<Double> iy = new ArrayList<>();
        for (int size = 1; size <= s.sizes().stream().mapToInt(Integer::intValue).max().orElse(1); size++) {
            ix.add((double) size);
            iy.add((double) PoolSizeExperiment.idealMs(s.tasks(), size, s.holdMs()));
        }
        XYSeries ideal = c.addSeries("ideal: ceil(tasks / size) × hold", ix, iy);
        ideal.setMarker(SeriesMarkers.NONE);
        ideal.setLineColor(Color.GRAY);
        if (comparable) {
            List<Double> ax = new ArrayList<>();
            List<Double> ay = new ArrayList<>();
            art.elapsedMs().forEach((size, runs) -> {
                ax.add(Double.parseDouble(size));
                ay.add(Figures.median(runs));
            });
            XYSeries a = c.addSeries("article (bb8, median of 5)", ax, ay);
            a.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            a.setMarker(SeriesMarkers.DIAMOND);
            a.setMarkerColor(Color.BLACK);
        }
    }

    /**
     * {@code pool-size/summary.json}.
     *
     * @param pools per pool and thread kind, per size: the cell
     * @param findings per pool and thread kind that ran in rounds: size 10 (else the largest) against the smallest
     */
    public record Summary(Map<String, Map<String, Cell>> pools, List<Finding> findings) {
    }

    /**
     * @param r one pool and thread kind's runs
     * @param label its name in the report
     * @param sizes the sizes run
     * @return size 10 (else the largest size) against the smallest in elapsed ms, paired within rounds; null when
     *     the runs were not in rounds or there is one size
     */
    static Finding finding(PoolSizeExperiment.Result r, String label, List<Integer> sizes) {
        if (!PoolSizeExperiment.ROUNDS.equals(r.order()) || sizes.size() < 2) {
            return null;
        }
        int small = sizes.stream().mapToInt(Integer::intValue).min().orElseThrow();
        int big = sizes.contains(10) ? 10 : sizes.stream().mapToInt(Integer::intValue).max().orElseThrow();
        List<PoolSizeExperiment.Run> a = r.runs().getOrDefault(Integer.toString(big), List.of());
        List<PoolSizeExperiment.Run> b = r.runs().getOrDefault(Integer.toString(small), List.of());
        if (small == big) {
            return null;
        }
        return RatioInterval.paired(a.stream().map(PoolSizeExperiment.Run::elapsedMs).toList(), b.stream()
                .map(PoolSizeExperiment.Run::elapsedMs).toList()).map(ri -> new Finding("elapsed ms", label
                + ", pool size " + big, label + ", pool size " + small, false, ri)).orElse(null);
    }

    /**
     * One pool and size over its runs, as {@code summary.json} holds it.
     *
     * @param medianMs median elapsed time, ms
     * @param minMs shortest, ms
     * @param maxMs longest, ms
     * @param idealMs the staircase, ms
     * @param waitMedianMs median borrow wait over every task of every run, ms
     * @param waitMaxMs longest borrow wait, ms
     * @param n runs
     */
    public record Cell(double medianMs, double minMs, double maxMs, long idealMs, double waitMedianMs,
            double waitMaxMs, int n) {
    }

    /**
     * @param runs one pool and size's runs
     * @param tasks tasks per run
     * @param size pool size
     * @param holdMs hold time, ms
     * @return the cell, or null when there is no run
     */
    static Cell cell(List<PoolSizeExperiment.Run> runs, int tasks, int size, long holdMs) {
        if (runs.isEmpty()) {
            return null;
        }
        List<Double> el = runs.stream().map(PoolSizeExperiment.Run::elapsedMs).toList();
        List<Double> waits = runs.stream().flatMap(x -> x.waitsMs().stream()).toList();
        return new Cell(Figures.median(el), Figures.min(el), Figures.max(el),
                PoolSizeExperiment.idealMs(tasks, size, holdMs), Figures.median(waits), Figures.max(waits), el.size());
    }

    /**
     * @param tasks tasks per run
     * @param size pool size
     * @param holdMs hold time, ms
     * @return the longest wait a first-in-first-out pool gives: (waves − 1) × hold, ms
     */
    static long fifoMaxWaitMs(int tasks, int size, long holdMs) {
        return ((tasks + size - 1) / size - 1) * holdMs;
    }

    /**
     * The findings this scenario puts on top of the suite's page, each a sentence with its figures (Markdown), from
     * the run's own {@code pool-size/summary.json}.
     *
     * @param dir the scenario's run directory
     * @return the findings; none when the summary is missing or damaged (the section says why)
     */
    public static List<Claim> findings(Path dir) {
        Path file = dir.resolve("pool-size/summary.json");
        Summary j = ResultJson.readIfPresent(file, Summary.class).filter(x -> x.pools() != null)
                // a run of a version before rounds wrote the pools alone
                .or(() -> ResultJson.readIfPresent(file, OLD_SUMMARY).map(pools -> new Summary(pools, List.of())))
                .orElse(null);
        if (j == null || j.pools().isEmpty()) {
            return List.of();
        }
        double worst = j.pools().values().stream().flatMap(p -> p.values().stream())
                .mapToDouble(c -> c.medianMs() - c.idealMs()).max().orElse(0);
        String verdicts = j.findings() == null || j.findings().isEmpty() ? "" : " Over rounds: " + String.join("; ",
                j.findings().stream().map(Finding::text).toList()) + ".";
        return List.of(Claim.of(String.format(Locale.ROOT, "**Size the pool for the connections held at once**: 20 tasks"
                + " holding a connection 200 ms finish in ceil(20 / size) × 200 ms with every pool tried (%d), at"
                + " most %.0f ms over that ideal; a size between two steps of the staircase buys nothing.%s",
                j.pools().size(), Math.max(0, worst), verdicts), j.findings() == null ? List.of() : j.findings()));
    }
}
