package io.poolbench.suite.aurora.map;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.knowm.xchart.HeatMapSeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * The saturation map's pictures ({@code aurora --map}): per profile and borrowing pattern a heat map of the short
 * screen's p99 and one of its maximum over load × round trip (colour: log10 of the milliseconds, so 2 is 100 ms, 3 is
 * 1 s, 4 is 10 s; the table beside has the figures), and the short screen's p50, p90 and maximum against load at the
 * round trip nearest 1 ms (the article's), a line per profile and borrowing pattern, on a log axis.
 */
final class MapCharts {
    /** The round trip of the line charts when the grid has it (the Aurora article's default added round trip), ms. */
    static final int LINE_RTT_MS = 1;
    private static final Color[] RANGE = {new Color(0x2c7bb6), new Color(0xabd9e9), new Color(0xffffbf),
        new Color(0xfdae61), new Color(0xd7191c)};

    private MapCharts() {
    }

    /**
     * Writes the charts into the scenario's directory.
     *
     * @param grid the map's cells
     * @param base the scenario's directory ({@code screens/})
     * @return the Markdown that shows them, empty for a grid without columns
     * @throws IOException when a chart cannot be written
     */
    static String write(SaturationMap.Grid grid, Path base) throws IOException {
        if (grid.columns().isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder();
        Map<String, List<SaturationMap.Column>> byProfile = new LinkedHashMap<>();
        grid.columns().forEach(c -> byProfile.computeIfAbsent(c.profile() + "-" + c.borrow(),
                k -> new ArrayList<>()).add(c));
        for (Map.Entry<String, List<SaturationMap.Column>> e : byProfile.entrySet()) {
            for (String measure : List.of("p99", "max")) {
                String name = "map-" + e.getKey() + "-" + measure;
                HeatMapChart chart = heat(e.getKey(), measure, e.getValue(), measure.equals("p99")
                        ? SaturationMap.Cell::p99 : SaturationMap.Cell::max);
                if (chart == null) {
                    // no cell of this profile finished (an interrupted map): no picture, its table says so
                    continue;
                }
                BitmapEncoder.saveBitmap(chart, base.resolve(name).toString(), BitmapEncoder.BitmapFormat.PNG);
                md.append("![").append(name).append("](").append(name).append(".png)\n");
            }
        }
        int rtt = grid.columns().stream().mapToInt(SaturationMap.Column::rttMs)
                .boxed().min((a, b) -> Integer.compare(Math.abs(a - LINE_RTT_MS), Math.abs(b - LINE_RTT_MS)))
                .orElse(LINE_RTT_MS);
        List<SaturationMap.Column> atRtt = grid.columns().stream().filter(c -> c.rttMs() == rtt).toList();
        if (atRtt.stream().anyMatch(c -> c.cells().size() > 1)) {
            for (String measure : List.of("p50", "p90", "max")) {
                String name = "map-load-" + measure;
                ToDoubleFunction<SaturationMap.Cell> f = switch (measure) {
                    case "p50" -> SaturationMap.Cell::p50;
                    case "p90" -> SaturationMap.Cell::p90;
                    default -> SaturationMap.Cell::max;
                };
                BitmapEncoder.saveBitmap(line(measure, rtt, atRtt, f), base.resolve(name).toString(),
                        BitmapEncoder.BitmapFormat.PNG);
                md.append("![").append(name).append("](").append(name).append(".png)\n");
            }
        }
        return md.append('\n').toString();
    }

    /** @return the heat map, null when no cell has a value to show */
    private static HeatMapChart heat(String title, String measure, List<SaturationMap.Column> cols,
            ToDoubleFunction<SaturationMap.Cell> f) {
        HeatMapChart c = new HeatMapChartBuilder().width(720).height(480).title(title + ": short screen " + measure
                + ", log10 ms").xAxisTitle("round trip added, ms").yAxisTitle("load, × the article's per-server rate")
                .build();
        c.getStyler().setRangeColors(RANGE);
        c.getStyler().setPlotContentSize(0.999);
        List<Double> loads = cols.stream().flatMap(x -> x.cells().stream().map(SaturationMap.Cell::load)).distinct()
                .sorted().toList();
        List<String> xs = cols.stream().map(x -> "+" + x.rttMs()).toList();
        List<String> ys = loads.stream().map(l -> "× " + SaturationMap.num(l)).toList();
        List<Number[]> data = new ArrayList<>();
        double lo = Double.MAX_VALUE;
        double hi = -Double.MAX_VALUE;
        for (int x = 0; x < cols.size(); x++) {
            for (SaturationMap.Cell cell : cols.get(x).cells()) {
                double v = f.applyAsDouble(cell);
                if (v > 0) {
                    double log = Math.log10(v);
                    data.add(new Number[] {x, loads.indexOf(cell.load()), log});
                    lo = Math.min(lo, log);
                    hi = Math.max(hi, log);
                }
            }
        }
        if (data.isEmpty()) {
            return null;
        }
        HeatMapSeries s = c.addSeries("log10 " + measure + " ms", xs, ys, data);
        s.setMin(Math.floor(lo));
        s.setMax(Math.max(Math.ceil(hi), Math.floor(lo) + 1));
        return c;
    }

    private static XYChart line(String measure, int rtt, List<SaturationMap.Column> cols,
            ToDoubleFunction<SaturationMap.Cell> f) {
        XYChart c = new XYChartBuilder().width(720).height(420).title("Short screen " + measure + " against load at +"
                + rtt + " ms").xAxisTitle("load, × the article's per-server rate").yAxisTitle(measure + ", ms (log)")
                .build();
        c.getStyler().setYAxisLogarithmic(true);
        c.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        for (SaturationMap.Column col : cols) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (SaturationMap.Cell cell : col.cells()) {
                double v = f.applyAsDouble(cell);
                if (v > 0) {
                    x.add(cell.load());
                    y.add(v);
                }
            }
            if (!x.isEmpty()) {
                c.addSeries(col.profile() + ", " + col.borrow(), x, y);
            }
        }
        return c;
    }
}
