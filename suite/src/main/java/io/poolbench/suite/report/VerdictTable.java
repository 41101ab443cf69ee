package io.poolbench.suite.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.stats.Claim;
import io.poolbench.testbed.stats.Comparison;
import io.poolbench.testbed.stats.Holm;
import io.poolbench.testbed.stats.Verdict;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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

    /** The rows as {@code verdicts.json} in the suite's run directory: raw and adjusted p, for scripts. */
    public static final String JSON = "verdicts.json";

    /**
     * One row: its number on the page and in the plot, the question, the comparison, and its p-value before and after
     * Holm–Bonferroni's adjustment over the table's family.
     *
     * @param number from 1, in the table's order
     * @param question the question its finding answers
     * @param c the comparison
     * @param p its own p-value of "no difference" ({@link Comparison#p}); NaN without an interval
     * @param holmP p adjusted over every row with one but the A/A rows ({@link Holm}); NaN without an interval
     * @param floor the A/A comparison of the same measure and first variant whose interval holds this row's
     *     estimate; null when there is none
     */
    public record Row(int number, String question, Comparison c, double p, double holmP, Comparison floor) {
        /**
         * @return the table's verdict: ahead only where the comparison's own interval excludes no difference, the
         *     adjusted p is below 5 % (so that the whole table's chance of any false "ahead" stays at or below 5 %),
         *     and the estimate lies outside the A/A noise floor of its measure; an A/A row's own verdict is what the
         *     tool says of a variant against itself
         */
        @JsonProperty("verdict")
        public Verdict verdict() {
            if (c.verdict() != Verdict.AHEAD || c.noiseFloor()) {
                return c.verdict();
            }
            return holmP < Holm.ALPHA && floor == null ? Verdict.AHEAD : Verdict.NO_DIFFERENCE;
        }
    }

    /**
     * @param claims the findings, in the page's order
     * @return every comparison they state, numbered in that order, with p adjusted over all of them
     */
    public static List<Row> rows(List<Claim> claims) {
        List<Comparison> all = new ArrayList<>();
        List<String> questions = new ArrayList<>();
        for (Claim claim : claims) {
            for (Comparison c : claim.comparisons()) {
                all.add(c);
                questions.add(claim.question());
            }
        }
        double[] p = all.stream().mapToDouble(Comparison::p).toArray();
        // the A/A rows are the floor, not members of the family of findings
        double[] family = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            family[i] = all.get(i).noiseFloor() ? Double.NaN : p[i];
        }
        double[] adjusted = Holm.adjust(family);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            Comparison c = all.get(i);
            Comparison floor = all.stream().filter(f -> f.covers(c)).findFirst().orElse(null);
            rows.add(new Row(i + 1, questions.get(i), c, p[i], adjusted[i], floor));
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
                ">p", ">Holm p", "verdict");
        for (Row r : rows) {
            Comparison c = r.c();
            t.markdownRow(Integer.toString(r.number()), MarkdownText.cell(r.question()),
                    MarkdownText.cell(c.measure()), MarkdownText.cell(answer(r)), MarkdownText.cell(c.estimateText()),
                    MarkdownText.cell(c.intervalText()), Integer.toString(c.n()), pText(r.p()), pText(r.holmP()),
                    c.noiseFloor() ? "A/A floor" : verdict(r.verdict()));
        }
        long family = rows.stream().filter(r -> !Double.isNaN(r.holmP())).count();
        String floors = rows.stream().filter(r -> r.c().noiseFloor()).map(r -> "#" + r.number()).reduce((x, y) -> x
                + ", " + y).map(f -> " The A/A rows (" + f + ": a variant against itself run as a second one) are"
                + " the tool's own noise floor: no member of the family, and a comparison whose estimate lies inside"
                + " the A/A interval of its measure is no verdict.").orElse(" No A/A row in this run: the tool's"
                + " own noise floor was not measured (compare --aa-twin).");
        ResultJson.MAPPER.writeValue(dir.resolve(JSON).toFile(), rows);
        StringBuilder md = new StringBuilder("Every comparison below ran its variants in rounds (order rotated) and was"
                + " taken within each round; the interval is 95 %, n the rounds (forks for JMH). p is the comparison's"
                + " own (Student's t recovered from its interval; the sign test where every round gave the same"
                + " figure); Holm p is adjusted over the table's " + family + " comparisons with an interval"
                + " (Holm–Bonferroni), so that the chance of any false \"ahead\" in the whole table stays at or below"
                + " 5 %. A verdict only where the interval excludes no difference (1 for a ratio, 0 for a difference)"
                + " and Holm p is below 0.05; \"not shown to differ\" is no claim that the two are alike. Raw and"
                + " adjusted p: [" + JSON + "](" + JSON + ")." + floors + "\n\n");
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
            case NO_DIFFERENCE -> "not shown to differ";
            case ALIKE -> "alike within the declared margin";
            case ONE_ROUND -> "none (one round)";
        };
    }

    /** The row's answer, by the table's verdict: an "ahead" that Holm or the noise floor takes back says so. */
    private static String answer(Row r) {
        if (r.c().noiseFloor()) {
            return "A/A: the tool's own noise" + (r.c().verdict() == Verdict.AHEAD ? " (a false verdict: "
                    + r.c().answer() + ")" : "");
        }
        if (r.c().verdict() == Verdict.AHEAD && r.verdict() != Verdict.AHEAD) {
            return "not shown to differ " + (r.floor() != null ? "beyond the A/A noise floor" : "once adjusted for the"
                    + " table's comparisons") + " (" + r.c().answer() + " alone)";
        }
        return r.c().answer();
    }

    private static String pText(double p) {
        return Double.isNaN(p) ? "–" : p < 0.001 ? "< 0.001" : String.format(Locale.ROOT, "%.3f", p);
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
            Color colour = r.verdict() == Verdict.AHEAD ? AHEAD : Color.GRAY;
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
