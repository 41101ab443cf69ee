package io.poolbench.suite.report;

import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.stats.Claim;
import io.poolbench.testbed.stats.Comparison;
import io.poolbench.testbed.stats.Verdict;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The top of the suite's page: every comparison the scenarios' findings state, one row each (question, measure,
 * answer, ratio or difference, 95 % interval, n, verdict), numbered, and beside the table a forest plot of the same
 * rows: each estimate with its interval, ratios on a log axis with a line at 1 ({@code forest-ratios.png}), differences
 * on a linear axis with a line at 0 ({@code forest-differences.png}); a row whose interval excludes the line is
 * solid, the others grey. The rows come in the findings' order, the solid findings first.
 */
public final class VerdictTable {
    /** The plot of the ratios, in the suite's run directory. */
    public static final String RATIOS_PNG = "forest-ratios.png";
    /** The plot of the differences. */
    public static final String DIFFERENCES_PNG = "forest-differences.png";
    private static final Color AHEAD = new Color(0x1f77b4);

    private VerdictTable() {
    }

    /**
     * One row: its number on the page and in the plot, the question, the comparison.
     *
     * @param number from 1, in the table's order
     * @param question the question its finding answers
     * @param c the comparison
     */
    public record Row(int number, String question, Comparison c) {
    }

    /**
     * @param claims the findings, in the page's order
     * @return every comparison they state, numbered in that order
     */
    public static List<Row> rows(List<Claim> claims) {
        List<Row> rows = new ArrayList<>();
        for (Claim claim : claims) {
            for (Comparison c : claim.comparisons()) {
                rows.add(new Row(rows.size() + 1, claim.question(), c));
            }
        }
        return rows;
    }

    /**
     * Writes the plots into the run directory and gives the section's Markdown.
     *
     * @param claims the findings, in the page's order
     * @param dir the suite's run directory
     * @return the table and the plots' images; a line saying there is none when no finding states a comparison
     * @throws IOException when a plot cannot be written
     */
    public static String markdown(List<Claim> claims, Path dir) throws IOException {
        List<Row> rows = rows(claims);
        if (rows.isEmpty()) {
            return "No finding of this run compares two variants over rounds: see the findings below.\n\n";
        }
        Table t = Table.of(">#", "question", "measure", "answer", "ratio or difference", "95 % interval", ">n",
                "verdict");
        for (Row r : rows) {
            Comparison c = r.c();
            t.markdownRow(Integer.toString(r.number()), MarkdownText.cell(r.question()),
                    MarkdownText.cell(c.measure()), MarkdownText.cell(c.answer()), MarkdownText.cell(c.estimateText()),
                    MarkdownText.cell(c.intervalText()), Integer.toString(c.n()), verdict(c.verdict()));
        }
        StringBuilder md = new StringBuilder("Every comparison below ran its variants in rounds (order rotated) and was"
                + " taken within each round; the interval is 95 %, n the rounds (forks for JMH). A verdict only where"
                + " the interval excludes no difference (1 for a ratio, 0 for a difference).\n\n");
        // the table and its forest plot side by side on the page (HTML blocks around Markdown, CommonMark's way)
        md.append("<div class=\"verdicts\">\n<div class=\"verdict-table\">\n\n").append(t.markdown())
                .append("\n</div>\n<div class=\"forest\">\n\n");
        if (plot(rows, true, dir.resolve(RATIOS_PNG))) {
            md.append("![ratios with their 95 % intervals, by row number](").append(RATIOS_PNG).append(")\n\n");
        }
        if (plot(rows, false, dir.resolve(DIFFERENCES_PNG))) {
            md.append("![differences with their 95 % intervals, by row number](").append(DIFFERENCES_PNG)
                    .append(")\n\n");
        }
        return md.append("</div>\n</div>\n\n").toString();
    }

    private static String verdict(Verdict v) {
        return switch (v) {
            case AHEAD -> "**ahead**";
            case NO_DIFFERENCE -> "no difference shown";
            case ONE_ROUND -> "none (one round)";
        };
    }

    /** @return false when no row is of this kind (nothing written) */
    private static boolean plot(List<Row> all, boolean ratios, Path png) throws IOException {
        List<Row> rows = all.stream().filter(r -> r.c().ratio() == ratios && Double.isFinite(r.c().estimate()))
                .toList();
        if (rows.isEmpty()) {
            return false;
        }
        double lo = ratios ? 1 : 0;
        double hi = lo;
        for (Row r : rows) {
            for (double v : new double[] {r.c().estimate(), r.c().low(), r.c().high()}) {
                if (Double.isFinite(v) && (!ratios || v > 0)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        double pad = ratios ? 1.25 : 0;
        double span = Math.max(hi - lo, 1e-9);
        double left = ratios ? lo / pad / 1.6 : lo - span * 0.25;
        double right = ratios ? hi * pad : hi + span * 0.05;
        XYChart c = new XYChartBuilder().width(560).height(Math.max(220, 70 + 34 * rows.size()))
                .title(ratios ? "Ratios A ÷ B, 95 % intervals (log axis)" : "Differences A − B, 95 % intervals")
                .xAxisTitle(ratios ? "A ÷ B (1: no difference)" : "A − B (0: no difference)").build();
        c.getStyler().setLegendVisible(false);
        c.getStyler().setXAxisLogarithmic(ratios);
        c.getStyler().setXAxisMin(left);
        c.getStyler().setXAxisMax(right);
        c.getStyler().setYAxisMin(0.0);
        c.getStyler().setYAxisMax(rows.size() + 1.0);
        c.getStyler().setYAxisTicksVisible(false);
        c.getStyler().setPlotGridHorizontalLinesVisible(false);
        c.getStyler().setChartBackgroundColor(Color.WHITE);
        XYSeries none = c.addSeries("no difference", List.of(ratios ? 1.0 : 0.0, ratios ? 1.0 : 0.0),
                List.of(0.0, rows.size() + 1.0));
        none.setMarker(SeriesMarkers.NONE);
        none.setLineColor(Color.GRAY);
        none.setLineStyle(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f, 4f},
                0f));
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            double y = rows.size() - i;
            Color colour = r.c().verdict() == Verdict.AHEAD ? AHEAD : Color.GRAY;
            if (Double.isFinite(r.c().low()) && Double.isFinite(r.c().high())
                    && (!ratios || r.c().low() > 0)) {
                XYSeries ci = c.addSeries("interval " + r.number(), List.of(r.c().low(), r.c().high()),
                        List.of(y, y));
                ci.setMarker(SeriesMarkers.NONE);
                ci.setLineColor(colour);
                ci.setLineStyle(new BasicStroke(2.5f));
            }
            XYSeries point = c.addSeries("estimate " + r.number(), List.of(r.c().estimate()), List.of(y));
            point.setMarker(SeriesMarkers.DIAMOND);
            point.setMarkerColor(colour);
            point.setLineColor(colour);
            c.addAnnotation(new AnnotationText("#" + r.number(), ratios ? left * 1.12 : left + span * 0.04, y,
                    false));
        }
        BitmapEncoder.saveBitmap(c, png.toString(), BitmapEncoder.BitmapFormat.PNG);
        return true;
    }
}
