package io.poolbench.suite.concurrency;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The concurrency scenario's picture per index setting: req/s and P95 against users, ours solid, the article's dashed. */
final class ConcurrencyChart {
    private static final Color[] COLORS = {new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44),
        new Color(214, 39, 40), new Color(148, 103, 189), new Color(140, 86, 75), new Color(227, 119, 194)};

    private ConcurrencyChart() {
    }

    /** Req/s and P95 against users, two panels side by side in one PNG; the article's stacks dashed. */
    static boolean draw(Map<String, ConcurrencyData.StackData> stacks, List<ConcurrencyData.ArticleRow> art, String index,
            Path png)
            throws IOException {
        XYChart rate = new XYChartBuilder().width(760).height(480).title("req/s, " + index + " the index")
                .xAxisTitle("users").yAxisTitle("requests per second").build();
        XYChart p95 = new XYChartBuilder().width(760).height(480).title("P95 response time, " + index + " the index")
                .xAxisTitle("users").yAxisTitle("ms (log)").build();
        p95.getStyler().setYAxisLogarithmic(true);
        boolean any = false;
        int c = 0;
        for (ConcurrencyData.StackData d : stacks.values()) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            List<Double> y95 = new ArrayList<>();
            d.steps().forEach((users, r) -> {
                if (r.measured() && r.requests() > 0) {
                    x.add((double) users);
                    y.add(r.reqPerSecond());
                    y95.add((double) Math.max(1, r.p95Ms()));
                }
            });
            if (x.isEmpty()) {
                continue;
            }
            any = true;
            Color col = COLORS[c++ % COLORS.length];
            style(rate.addSeries(d.label(), x, y), col, false);
            style(p95.addSeries(d.label(), x, y95), col, false);
        }
        if (!any) {
            return false;
        }
        List<Double> ax = new ArrayList<>();
        List<Double> jr = new ArrayList<>();
        List<Double> rr = new ArrayList<>();
        List<Double> jp = new ArrayList<>();
        List<Double> rp = new ArrayList<>();
        art.forEach(r -> {
            ax.add((double) r.users());
            jr.add(r.jdbcReqPerSecond());
            jp.add(r.jdbcP95Ms());
            rr.add(r.r2dbcReqPerSecond());
            rp.add(r.r2dbcP95Ms());
        });
        style(rate.addSeries("article JDBC", ax, jr), Color.GRAY, true);
        style(rate.addSeries("article R2DBC", ax, rr), Color.BLACK, true);
        style(p95.addSeries("article JDBC", ax, jp), Color.GRAY, true);
        style(p95.addSeries("article R2DBC", ax, rp), Color.BLACK, true);
        BufferedImage left = BitmapEncoder.getBufferedImage(rate);
        BufferedImage right = BitmapEncoder.getBufferedImage(p95);
        BufferedImage both = new BufferedImage(left.getWidth() + right.getWidth(), Math.max(left.getHeight(),
                right.getHeight()), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = both.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, both.getWidth(), both.getHeight());
        g.drawImage(left, 0, 0, null);
        g.drawImage(right, left.getWidth(), 0, null);
        g.dispose();
        ImageIO.write(both, "png", png.toFile());
        return true;
    }

    private static void style(XYSeries s, Color c, boolean article) {
        s.setLineColor(c);
        s.setMarkerColor(c);
        s.setMarker(article ? SeriesMarkers.NONE : SeriesMarkers.CIRCLE);
        s.setLineStyle(article ? SeriesLines.DASH_DASH : SeriesLines.SOLID);
    }
}
