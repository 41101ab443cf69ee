package io.poolbench.suite.aurora.knee;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A knee search's picture: the short screen's p99 of every cell run against its load (log axis), the threshold, the
 * measured knee with its 95 % interval and the model's knee, one chart per search
 * ({@code knee-<profile>-rtt<ms>-<borrow>.png}, {@code -r<round>} before the extension from the second round on).
 */
final class KneeCharts {
    private KneeCharts() {
    }

    /**
     * @param r one search
     * @param base the scenario's directory ({@code screens/}), where the chart goes
     * @return the chart's file name, or null when the search ran no cell with a p99
     * @throws IOException when the chart cannot be written
     */
    static String write(KneeResult r, Path base) throws IOException {
        List<KneeResult.CellRun> cells = r.cells().stream().filter(c -> c.p99Ms() > 0)
                .sorted(Comparator.comparingDouble(KneeResult.CellRun::load)).toList();
        if (cells.isEmpty()) {
            return null;
        }
        XYChart c = new XYChartBuilder().width(720).height(420).title(r.profile() + " at +" + r.rttMs() + " ms, "
                + r.borrow() + ": the knee by search").xAxisTitle("load, × the article's per-server rate")
                .yAxisTitle("short screen p99, ms (log)").build();
        c.getStyler().setYAxisLogarithmic(true);
        c.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        double top = cells.stream().mapToDouble(KneeResult.CellRun::p99Ms).max().orElseThrow() * 2;
        double bottom = cells.stream().mapToDouble(KneeResult.CellRun::p99Ms).min().orElseThrow() / 2;
        double left = cells.get(0).load();
        double right = cells.get(cells.size() - 1).load();
        XYSeries run = c.addSeries("cells run (" + cells.size() + ")", cells.stream().map(KneeResult.CellRun::load)
                .toList(), cells.stream().map(KneeResult.CellRun::p99Ms).toList());
        run.setMarker(SeriesMarkers.CIRCLE);
        run.setLineColor(new Color(0x1b9e77));
        run.setMarkerColor(new Color(0x1b9e77));
        if (r.thresholdMs() > 0) {
            line(c, "threshold: 10 × the light load's p99", List.of(left, right), List.of(r.thresholdMs(),
                    r.thresholdMs()), SeriesLines.DOT_DOT, Color.GRAY);
        }
        if (r.knee() != null) {
            line(c, "measured knee × " + String.format(Locale.ROOT, "%.2f", r.knee()), List.of(r.knee(),
                    r.knee()), List.of(bottom, top), SeriesLines.SOLID, Color.BLACK);
            if (Double.isFinite(r.low()) && Double.isFinite(r.high())) {
                line(c, "its 95 % interval", List.of(r.low(), r.low()), List.of(bottom, top), SeriesLines.DASH_DASH,
                        Color.BLACK);
                line(c, "its 95 % interval, upper end", List.of(r.high(), r.high()), List.of(bottom, top),
                        SeriesLines.DASH_DASH, Color.BLACK).setShowInLegend(false);
            }
        }
        Double model = r.model() == null ? null : r.model().predicted();
        if (model != null && model <= right * 1.5) {
            line(c, "the model's knee × " + String.format(Locale.ROOT, "%.2f", model), List.of(model,
                    model), List.of(bottom, top), SeriesLines.DASH_DOT, new Color(0xd95f02));
        }
        String name = "knee-" + r.profile() + "-rtt" + r.rttMs() + "-" + r.borrow() + (r.round() > 1 ? "-r"
                + r.round() : "");
        BitmapEncoder.saveBitmap(c, base.resolve(name).toString(), BitmapEncoder.BitmapFormat.PNG);
        return name + ".png";
    }

    private static XYSeries line(XYChart c, String name, List<Double> x, List<Double> y, BasicStroke stroke,
            Color colour) {
        XYSeries s = c.addSeries(name, x, y);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineStyle(stroke);
        s.setLineColor(colour);
        return s;
    }
}
