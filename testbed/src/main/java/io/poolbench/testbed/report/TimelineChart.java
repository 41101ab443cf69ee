package io.poolbench.testbed.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Every request of a run as a point: when it started (s on the run's clock) against its response time (ms, log
 * scale), one colour per outcome ({@code ok} first, in green), with vertical lines at the run's events (the end of
 * the warm-up, an injection, a failover's steps). The one timeline that the Aurora article's report and the drills draw.
 */
public final class TimelineChart {
    private final Map<String, List<Double>> xs = new LinkedHashMap<>();
    private final Map<String, List<Double>> ys = new LinkedHashMap<>();
    private final List<Double> marks = new ArrayList<>();

    /**
     * @param outcome the request's outcome class, e.g. {@code ok}, {@code HTTP 503}
     * @param atSeconds when it started, s on the chart's clock
     * @param responseMs its response time, ms (drawn at 1 ms at least: the axis is logarithmic)
     */
    public void add(String outcome, double atSeconds, long responseMs) {
        xs.computeIfAbsent(outcome, k -> new ArrayList<>()).add(atSeconds);
        ys.computeIfAbsent(outcome, k -> new ArrayList<>()).add((double) Math.max(1, responseMs));
    }

    /** @param atSeconds an event's time on the chart's clock, s: a vertical line */
    public void mark(double atSeconds) {
        marks.add(atSeconds);
    }

    /**
     * Writes the chart as a PNG; writes nothing when no request was added.
     *
     * @param png the file, without {@code .png}
     * @param title the chart's title
     * @param xAxis what the clock's zero is, e.g. {@code request start, s after the load began}
     * @throws IOException when the file cannot be written
     */
    public void write(Path png, String title, String xAxis) throws IOException {
        if (xs.isEmpty()) {
            return;
        }
        XYChart c = new XYChartBuilder().width(1000).height(500).title(title).xAxisTitle(xAxis)
                .yAxisTitle("response time, ms (log)").build();
        c.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        c.getStyler().setYAxisLogarithmic(true);
        c.getStyler().setMarkerSize(3);
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        List<String> order = new ArrayList<>(xs.keySet());
        order.sort((a, b) -> a.equals("ok") ? -1 : b.equals("ok") ? 1 : a.compareTo(b));
        for (String o : order) {
            XYSeries s = c.addSeries(o + " (" + xs.get(o).size() + ")", xs.get(o), ys.get(o));
            s.setMarker(SeriesMarkers.CIRCLE);
            if (o.equals("ok")) {
                s.setMarkerColor(new Color(0, 130, 0, 90));
            }
        }
        marks.forEach(m -> c.addAnnotation(new AnnotationLine(m, true, false)));
        BitmapEncoder.saveBitmap(c, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
