package io.poolbench.testbed.report;

import io.poolbench.testbed.stats.ForkSummary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.Styler;

/**
 * JMH results as the two charts pool-bench and compare draw: throughput per profile with JMH's 99.9 % error as
 * bars, and borrow + return time by percentile, a line per result on a log scale. Nothing is drawn for an empty
 * chart.
 */
public final class JmhCharts {
    /** The percentiles drawn, as JMH's JSON names them; 100.0 is the maximum. */
    static final List<String> PERCENTILES = List.of("50.0", "90.0", "99.0", "99.9", "99.99", "100.0");

    private JmhCharts() {
    }

    /**
     * Writes a throughput chart: ops/ms per category, the mean of its fork means with the 95 % interval's half-width
     * as the error bar ({@link ForkSummary}; JMH's score and no bar where it has no fork means, none for one fork),
     * the axis from 0 (an error bar reaching below it is cut there).
     *
     * @param title the chart's title
     * @param series series name → category (e.g. the profile) → its throughput result, in drawing order
     * @param png the file to write, without {@code .png}
     * @throws IOException when it cannot be written
     */
    public static void throughput(String title, Map<String, Map<String, JmhSummary.Result>> series, Path png)
            throws IOException {
        CategoryChart c = new CategoryChartBuilder().width(1000).height(500).title(title).xAxisTitle("profile")
                .yAxisTitle("ops/ms").build();
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        c.getStyler().setLegendVisible(series.size() > 1);
        c.getStyler().setYAxisMin(0.0);
        series.forEach((name, byCategory) -> {
            List<ForkSummary> forks = byCategory.values().stream().map(r -> r.forkMeans() == null
                    || r.forkMeans().isEmpty() ? null : ForkSummary.of(r.forkMeans())).toList();
            List<JmhSummary.Result> results = new ArrayList<>(byCategory.values());
            List<Number> values = new ArrayList<>();
            List<Number> bars = new ArrayList<>();
            for (int i = 0; i < forks.size(); i++) {
                ForkSummary f = forks.get(i);
                values.add(f == null ? results.get(i).score() : f.mean());
                bars.add(f == null || Double.isNaN(f.low()) ? 0.0 : (f.high() - f.low()) / 2);
            }
            c.addSeries(name, new ArrayList<>(byCategory.keySet()), values, bars);
        });
        save(c, png);
    }

    /**
     * Writes a percentile chart: borrow + return time at p50 … p99.99 and the maximum, µs, log scale (drawn at
     * 0.01 µs at least), a line per result; percentiles a result lacks are left out of its line.
     *
     * @param title the chart's title
     * @param lines line name → its SampleTime result, in drawing order
     * @param png the file to write, without {@code .png}
     * @throws IOException when it cannot be written
     */
    public static void percentiles(String title, Map<String, JmhSummary.Result> lines, Path png) throws IOException {
        CategoryChart c = new CategoryChartBuilder().width(1000).height(500).title(title).xAxisTitle("percentile")
                .yAxisTitle("µs (log scale)").build();
        c.getStyler().setYAxisLogarithmic(true);
        c.getStyler().setOverlapped(true);
        c.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        lines.forEach((name, r) -> {
            List<String> xs = new ArrayList<>();
            List<Number> ys = new ArrayList<>();
            for (String q : PERCENTILES) {
                Double v = r.percentiles().get(q);
                if (v != null && !v.isNaN()) {
                    xs.add(q.equals("100.0") ? "max" : "p" + q.replaceAll("\\.0$", ""));
                    ys.add(Math.max(0.01, v));
                }
            }
            if (!xs.isEmpty()) {
                c.addSeries(name, xs, ys);
            }
        });
        save(c, png);
    }

    private static void save(CategoryChart c, Path png) throws IOException {
        if (!c.getSeriesMap().isEmpty()) {
            BitmapEncoder.saveBitmap(c, png.toString(), BitmapEncoder.BitmapFormat.PNG);
        }
    }
}
