package io.poolbench.suite.compare;

import io.poolbench.suite.process.JtlSummary;
import io.poolbench.testbed.JmhSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
        List<JmhSummary.Result> thr = jmh.stream().filter(r -> r.method().equals("ConnectionCycle.throughput")).toList();
        if (!thr.isEmpty()) {
            save(jmhThroughput(thr), dir, "jmh-throughput");
        }
        List<JmhSummary.Result> lat = jmh.stream().filter(r -> r.method().equals("ConnectionCycle.latency")).toList();
        if (!lat.isEmpty()) {
            save(jmhPercentiles(lat), dir, "jmh-borrow-percentiles");
        }
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

    /** JMH borrow + return throughput per profile with its 99.9 % confidence interval as error bars. */
    private static CategoryChart jmhThroughput(List<JmhSummary.Result> thr) {
        CategoryChart c = new CategoryChartBuilder().width(700).height(450)
                .title("Borrow + return throughput (ops/ms, ± 99.9 % CI)").xAxisTitle("profile")
                .yAxisTitle("ops/ms").build();
        c.getStyler().setLegendVisible(false);
        List<String> xs = thr.stream().map(r -> Path.of(r.profile()).getFileName().toString()).toList();
        List<Number> ys = thr.stream().map(r -> (Number) r.score()).toList();
        List<Number> es = thr.stream().map(r -> (Number) (Double.isNaN(r.error()) ? 0.0 : r.error())).toList();
        c.addSeries("ops/ms", xs, ys, es);
        return c;
    }

    /** JMH borrow + return time per profile at p50 … p99.99 and max, µs; log scale. */
    private static CategoryChart jmhPercentiles(List<JmhSummary.Result> lat) {
        CategoryChart c = new CategoryChartBuilder().width(800).height(450)
                .title("Borrow + return time by percentile (µs)").xAxisTitle("percentile")
                .yAxisTitle("µs (log scale)").build();
        c.getStyler().setYAxisLogarithmic(true);
        c.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        List<String> ps = List.of("50.0", "90.0", "99.0", "99.9", "99.99", "100.0");
        for (JmhSummary.Result r : lat) {
            List<String> xs = new ArrayList<>();
            List<Number> ys = new ArrayList<>();
            for (String p : ps) {
                Double v = r.percentiles().get(p);
                if (v != null && !v.isNaN()) {
                    xs.add(p.equals("100.0") ? "max" : "p" + p.replaceAll("\\.0$", ""));
                    ys.add(Math.max(0.01, v));
                }
            }
            c.addSeries(Path.of(r.profile()).getFileName().toString(), xs, ys);
        }
        return c;
    }
}
