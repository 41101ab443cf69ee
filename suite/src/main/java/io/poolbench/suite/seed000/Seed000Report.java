package io.poolbench.suite.seed000;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.poolbench.suite.report.Seeds;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.PhaseEntry;
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
 * Seed 000's report: elapsed time against pool size per pool and thread kind, beside the ideal staircase and the
 * article's bb8 figures ({@code src/seeds/seed000.json}), with the per-task borrow waits against a FIFO pool's;
 * written from a run directory, so {@code ./poolbench report} rebuilds it.
 */
public final class Seed000Report {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Seed000Report() {
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
        JsonNode s = m.settings();
        int tasks = s.path("tasks").asInt();
        long holdMs = s.path("holdMs").asLong();
        JsonNode art = Seeds.read("000");
        boolean comparable = tasks == art.path("tasks").asInt() && holdMs == art.path("holdMs").asLong();
        Path base = dir.resolve("pool-size");
        Files.createDirectories(base);
        StringBuilder md = new StringBuilder("# Seed 000: elapsed time against pool size\n\n");
        List<String> kinds = new ArrayList<>();
        s.path("threads").forEach(x -> kinds.add(x.asText()));
        md.append(String.format(Locale.ROOT, "%d tasks on %s threads, each borrows a connection, holds it %d ms, runs"
                + " `SELECT 1`, returns it; %d runs per pool and size; elapsed from releasing the tasks to the end of the last"
                + " (ms), the pool filled before the clock starts. Ideal = ceil(tasks / size) × hold. Borrow wait ="
                + " each task's time in getConnection (ms, over every task of every run); a FIFO pool's longest wait"
                + " is (waves − 1) × hold. The article (%s): %s%s%n%n", tasks, kinds.isEmpty() ? "platform"
                : String.join(" and ", kinds), holdMs, s.path("runs").asInt(),
                art.path("title").asText(), art.path("setup").asText(), comparable ? "" : " **Not comparable: this"
                        + " run's tasks or hold differ from the article's, so its column is left out.**"));
        md.append("| pool | size | elapsed median (min–max) | ideal | excess over ideal | article median (min–max)"
                + " | borrow wait median / max | FIFO max wait |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
        XYChart c = new XYChartBuilder().width(1000).height(500).title("Seed 000: " + tasks + " tasks holding "
                + holdMs + " ms, elapsed against pool size").xAxisTitle("pool size").yAxisTitle("elapsed, ms")
                .build();
        Map<String, Object> json = new LinkedHashMap<>();
        List<Integer> sizes = new ArrayList<>();
        s.path("sizes").forEach(x -> sizes.add(x.asInt()));
        for (PhaseEntry p : m.phases()) {
            if (!p.id().startsWith("pool-size:")) {
                continue;
            }
            String name = p.id().substring("pool-size:".length());
            Path f = base.resolve(name + ".json");
            if (!p.ok() || !Files.isRegularFile(f)) {
                md.append("| ").append(name).append(" | all | **").append(p.status().toUpperCase(Locale.ROOT))
                        .append("**").append(p.reason() == null ? "" : ": " + Figures.cell(p.reason()))
                        .append(" | | | | | |\n");
                continue;
            }
            JsonNode r = JSON.readTree(f.toFile());
            String label = r.path("pool").asText() + (r.path("threads").asText("platform").equals("virtual")
                    ? " (virtual threads)" : "");
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            Map<String, Object> pj = new LinkedHashMap<>();
            for (int size : sizes) {
                JsonNode runs = r.path("runs").path(Integer.toString(size));
                List<Double> el = new ArrayList<>();
                List<Double> waits = new ArrayList<>();
                runs.forEach(x -> {
                    el.add(x.path("elapsedMs").asDouble());
                    x.path("waitsMs").forEach(w -> waits.add(w.asDouble()));
                });
                if (el.isEmpty()) {
                    continue;
                }
                long ideal = Seed000Experiment.idealMs(tasks, size, holdMs);
                double med = Figures.median(el);
                JsonNode a = art.path("elapsedMs").path(Integer.toString(size));
                List<Double> av = new ArrayList<>();
                a.forEach(x -> av.add(x.asDouble()));
                md.append(String.format(Locale.ROOT, "| %s | %d | %,.0f (%,.0f–%,.0f) | %,d | %+,.0f | %s | %,.0f / %,.0f"
                        + " | %,d |%n", label, size, med, Figures.min(el), Figures.max(el), ideal, med - ideal,
                        !comparable || av.isEmpty() ? "–" : String.format(Locale.ROOT, "%,.0f (%,.0f–%,.0f)",
                                Figures.median(av), Figures.min(av), Figures.max(av)), Figures.median(waits), Figures.max(waits),
                        ((tasks + size - 1) / size - 1) * holdMs));
                xs.add((double) size);
                ys.add(med);
                pj.put(Integer.toString(size), Map.of("medianMs", med, "minMs", Figures.min(el), "maxMs", Figures.max(el),
                        "idealMs", ideal, "waitMedianMs", Figures.median(waits), "waitMaxMs", Figures.max(waits), "n", el.size()));
            }
            json.put(name, pj);
            if (!xs.isEmpty()) {
                c.addSeries(label, xs, ys).setMarker(SeriesMarkers.CIRCLE);
            }
        }
        List<Double> ix = new ArrayList<>();
        List<Double> iy = new ArrayList<>();
        for (int size = 1; size <= sizes.stream().mapToInt(Integer::intValue).max().orElse(1); size++) {
            ix.add((double) size);
            iy.add((double) Seed000Experiment.idealMs(tasks, size, holdMs));
        }
        XYSeries ideal = c.addSeries("ideal: ceil(tasks / size) × hold", ix, iy);
        ideal.setMarker(SeriesMarkers.NONE);
        ideal.setLineColor(Color.GRAY);
        if (comparable) {
            List<Double> ax = new ArrayList<>();
            List<Double> ay = new ArrayList<>();
            art.path("elapsedMs").fields().forEachRemaining(e -> {
                List<Double> v = new ArrayList<>();
                e.getValue().forEach(x -> v.add(x.asDouble()));
                ax.add(Double.parseDouble(e.getKey()));
                ay.add(Figures.median(v));
            });
            XYSeries a = c.addSeries("article (bb8, median of 5)", ax, ay);
            a.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            a.setMarker(SeriesMarkers.DIAMOND);
            a.setMarkerColor(Color.BLACK);
        }
        if (!json.isEmpty()) {
            BitmapEncoder.saveBitmap(c, base.resolve("elapsed").toString(), BitmapEncoder.BitmapFormat.PNG);
            md.append("\n![elapsed against pool size](elapsed.png)\n");
        }
        md.append("\nRun status: **").append(m.status()).append("**. Raw runs: `pool-size/<profile>.json`.\n");
        Files.writeString(base.resolve("summary.md"), md.toString());
        JSON.writeValue(base.resolve("summary.json").toFile(), json);
        return md.toString();
    }
}
