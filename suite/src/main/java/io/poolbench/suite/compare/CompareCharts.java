package io.poolbench.suite.compare;

import io.poolbench.suite.process.JtlSummary;
import io.poolbench.testbed.report.JmhCharts;
import io.poolbench.testbed.report.JmhSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.Styler;

/** Compare's charts: response times per query class and profile, JMH throughput, borrow time by percentile. */
final class CompareCharts {
    private CompareCharts() {
    }

    /**
     * Writes {@code charts/http-response-times.png}, {@code jmh-throughput.png} and {@code jmh-borrow-percentiles.png}.
     *
     * @param dir the charts' directory
     * @param jmh the JMH results
     * @param loads the web loads
     * @throws IOException when a chart cannot be written
     */
    static void write(Path dir, List<JmhSummary.Result> jmh, List<CompareData.Load> loads) throws IOException {
        Files.createDirectories(dir);
        if (!loads.isEmpty()) {
            CategoryChart c = responseTimes(loads);
            if (!c.getSeriesMap().isEmpty()) {
                save(c, dir, "http-response-times");
            }
        }
        Map<String, JmhSummary.Result> thr = byProfile(jmh, "ConnectionCycle.throughput");
        if (!thr.isEmpty()) {
            JmhCharts.throughput("Borrow + return throughput (ops/ms, ± 99.9 % CI)", Map.of("ops/ms", thr),
                    dir.resolve("jmh-throughput"));
        }
        JmhCharts.percentiles("Borrow + return time by percentile (µs)", byProfile(jmh, "ConnectionCycle.latency"),
                dir.resolve("jmh-borrow-percentiles"));
    }

    private static void save(CategoryChart c, Path dir, String name) throws IOException {
        BitmapEncoder.saveBitmap(c, dir.resolve(name).toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** Median, p99 and max per query class, a marker per profile (and round); log scale. */
    private static CategoryChart responseTimes(List<CompareData.Load> loads) {
        CategoryChart c = new CategoryChartBuilder().width(900).height(500)
                .title("Web load: response time by query class (ms)").xAxisTitle("query class")
                .yAxisTitle("ms (log scale)").build();
        c.getStyler().setYAxisLogarithmic(true);
        // markers only: the query classes are categories, not a sequence
        c.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
        c.getStyler().setMarkerSize(12);
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        for (CompareData.Load l : loads) {
            for (String which : List.of("median", "p99", "max")) {
                List<String> xs = new ArrayList<>();
                List<Number> ys = new ArrayList<>();
                for (String k : CompareReport.CLASSES) {
                    JtlSummary.LabelStats s = l.stats().get(k);
                    if (s != null) {
                        xs.add(k);
                        long v = which.equals("median") ? s.medianMs() : which.equals("p99") ? s.p99Ms() : s.maxMs();
                        ys.add(Math.max(1, v));
                    }
                }
                if (!xs.isEmpty()) {
                    c.addSeries(l.profile() + (l.round() == null ? "" : " r" + l.round()) + " " + which, xs, ys);
                }
            }
        }
        return c;
    }

    /** @return the results of one JMH method by profile (a path parameter by its file name), in their order */
    private static Map<String, JmhSummary.Result> byProfile(List<JmhSummary.Result> jmh, String method) {
        Map<String, JmhSummary.Result> m = new LinkedHashMap<>();
        jmh.stream().filter(r -> r.method().equals(method))
                .forEach(r -> m.put(Path.of(r.profile()).getFileName().toString(), r));
        return m;
    }
}
