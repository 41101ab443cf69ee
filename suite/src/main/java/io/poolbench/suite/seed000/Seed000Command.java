package io.poolbench.suite.seed000;

import io.poolbench.suite.report.Seeds;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunDirOptions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.poolbench.testbed.Cli;
import io.poolbench.testbed.Database;
import io.poolbench.testbed.DatabaseOptions;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.PoolProfile;
import io.poolbench.testbed.ProfileDir;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code poolbench sweep pool-size}: seed 000's staircase for the pools of the catalog (see {@link Seed000Experiment}). */
@Command(name = "pool-size", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Seed 000: tasks that each hold a connection for a while, elapsed time against the pool size,"
                + " per pool, beside the ideal staircase and the article's bb8 figures. Embedded PostgreSQL by"
                + " default.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every profile ok", "1:a profile failed (the summary marks it)", "2:bad input",
            "130:interrupted (Ctrl-C)"})
public final class Seed000Command implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** Quick default: six pools of the catalog. */
    static final List<String> QUICK_PROFILES = List.of("hikari", "dbcp2", "tomcat-jdbc", "c3p0", "vibur", "agroal");

    @Option(names = "--profiles", split = ",", paramLabel = "NAME|FILE",
            description = "Pool profiles (default: " + "hikari,dbcp2,tomcat-jdbc,c3p0,vibur,agroal; --as-article: all"
                    + " nine pooled profiles).")
    List<String> profiles;

    @Option(names = "--sizes", split = ",", defaultValue = "1,2,3,4,5,6,7,8,9,10,20", paramLabel = "N",
            description = "Pool sizes (default ${DEFAULT-VALUE}, the article's).")
    List<Integer> sizes;

    @Option(names = "--runs", paramLabel = "N", description = "Runs per pool and size (default 3; 5 with --as-article).")
    Integer runs;

    @Option(names = "--tasks", defaultValue = "20", paramLabel = "N", description = "Tasks (default ${DEFAULT-VALUE}).")
    int tasks;

    @Option(names = "--hold-ms", defaultValue = "200", paramLabel = "MS",
            description = "How long each task holds its connection, ms (default ${DEFAULT-VALUE}).")
    long holdMs;

    @Option(names = "--threads", paramLabel = "platform|virtual|both",
            description = "Which threads run the tasks (default: both on JDK 21 and later, platform on older JDKs,"
                    + " which have no virtual threads).")
    String threadKinds;

    @Option(names = "--as-article", description = "The article's parameters: every pooled profile, 5 runs (about 12"
            + " minutes here).")
    boolean asArticle;

    @Mixin
    RunDirOptions runDir;

    @Mixin
    DatabaseOptions db;

    @Spec
    CommandSpec spec;

    /**
     * Settings as the manifest records them.
     *
     * @param profiles profile files
     * @param sizes pool sizes
     * @param runs runs per size
     * @param tasks tasks per run
     * @param holdMs hold time, ms
     * @param database the database kind
     * @param threads thread kinds: platform, virtual
     */
    record Settings(List<String> profiles, List<Integer> sizes, int runs, int tasks, long holdMs, String database,
            List<String> threads) {
    }

    @Override
    public Integer call() throws Exception {
        int n = runs != null ? runs : asArticle ? 5 : 3;
        Cli.range("--runs", n, 1, 1_000);
        Cli.range("--tasks", tasks, 1, 10_000);
        Cli.range("--hold-ms", holdMs, 0, 600_000);
        for (int s : sizes) {
            Cli.range("--sizes", s, 1, 1_000);
        }
        boolean virtualAvailable = Runtime.version().feature() >= 21;
        List<String> kinds = switch (threadKinds == null ? (virtualAvailable ? "both" : "platform") : threadKinds) {
            case "platform" -> List.of("platform");
            case "virtual" -> List.of("virtual");
            case "both" -> List.of("platform", "virtual");
            default -> throw new TestbedException("--threads " + threadKinds + ": use platform, virtual or both");
        };
        if (kinds.contains("virtual") && !virtualAvailable) {
            throw new TestbedException("--threads " + threadKinds + ": virtual threads need JDK 21 or later and this"
                    + " is JDK " + Runtime.version().feature() + "; run on a newer one (e.g."
                    + " POOLBENCH_JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java ./poolbench sweep pool-size) or use"
                    + " --threads platform");
        }
        db.validate();
        Path conf = ProfileDir.resolve(null);
        List<PoolProfile> pps = new ArrayList<>();
        for (String p : profiles != null ? profiles : asArticle ? ProfileDir.POOLED : QUICK_PROFILES) {
            PoolProfile pp = PoolProfile.load(PoolProfile.locate(p, conf));
            if (!pp.kind().adapter().pooled()) {
                throw new TestbedException("profile " + p + " is no pool (" + pp.kind().adapter().displayName()
                        + "): a pool size means nothing to it");
            }
            if (pps.stream().anyMatch(x -> x.name().equals(pp.name()))) {
                throw new TestbedException("two profiles are named " + pp.name() + ": give one file another name");
            }
            pps.add(pp);
        }
        Settings settings = new Settings(pps.stream().map(p -> p.file().toString()).toList(), sizes, n, tasks,
                holdMs, db.kind, kinds);
        Path dir = runDir.prepare();
        try (io.poolbench.testbed.run.RunLog log = io.poolbench.testbed.run.RunLog.redirect(dir.resolve("poolbench.log"))) {
            RunRecord record = RunRecord.start(dir, "sweep pool-size", spec.commandLine().getParseResult()
                    .originalArgs(), settings, System.out);
            Progress progress = new Progress(System.out);
            Map<String, RunRecord.Phase> phases = new LinkedHashMap<>();
            RunRecord.Phase dbPhase = record.plan("database", "start the database");
            if (threadKinds == null && !virtualAvailable) {
                System.out.println("poolbench sweep pool-size: platform threads only: virtual threads need JDK 21 or"
                        + " later (this is JDK " + Runtime.version().feature() + "; e.g."
                        + " POOLBENCH_JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java ./poolbench sweep pool-size)");
            }
            List<String[]> runsPlan = new ArrayList<>();
            for (String kind : kinds) {
                for (PoolProfile p : pps) {
                    String key = key(p.name(), kind);
                    runsPlan.add(new String[] {p.name(), kind});
                    phases.put(key, record.plan("pool-size:" + key, sizes.size() + " sizes × " + n + " runs of "
                            + tasks + " " + kind + " threads holding " + holdMs + " ms"));
                }
            }
            record.onInterrupt(() -> writeQuietly(dir));
            Path data = Files.createDirectories(dir.resolve("pool-size"));
            try {
                progress.phase(1, runsPlan.size() + 1, "database");
                if (!dbPhase.start()) {
                    return record.finish();
                }
                try (Database database = db.settings().open()) {
                    dbPhase.ok(database.describe());
                    int no = 1;
                    for (String[] plan : runsPlan) {
                        PoolProfile p = pps.stream().filter(x -> x.name().equals(plan[0])).findFirst().orElseThrow();
                        boolean virtual = plan[1].equals("virtual");
                        String key = key(p.name(), plan[1]);
                        progress.phase(++no, runsPlan.size() + 1, "pool size sweep, " + p.name() + ", " + plan[1]
                                + " threads");
                        RunRecord.Phase ph = phases.get(key);
                        if (!ph.start()) {
                            break;
                        }
                        try {
                            Map<String, List<Seed000Experiment.Run>> bySize = new LinkedHashMap<>();
                            for (int size : sizes) {
                                List<Seed000Experiment.Run> rs = new ArrayList<>();
                                for (int r = 0; r < n; r++) {
                                    rs.add(Seed000Experiment.runOnce(p, database, size, tasks, holdMs, virtual));
                                }
                                bySize.put(Integer.toString(size), rs);
                                progress.detail(key, String.format(Locale.ROOT, "size %d: median %.0f ms"
                                        + " (ideal %d)", size, Figures.median(rs.stream().map(Seed000Experiment.Run::elapsedMs)
                                        .toList()), Seed000Experiment.idealMs(tasks, size, holdMs)));
                            }
                            JSON.writeValue(data.resolve(key + ".json").toFile(), Map.of("profile", p.name(),
                                    "pool", p.kind().adapter().displayName(), "threads", plan[1], "runs", bySize));
                            ph.ok(sizes.size() + " sizes × " + n + " runs");
                        } catch (Exception e) {
                            ph.failed(io.poolbench.testbed.Redact.rootMessage(e));
                        }
                    }
                }
            } finally {
                record.finish();
            }
            int rc = record.finish();
            if (!record.interrupted()) {
                progress.print(write(dir));
                progress.print((rc == 0 ? "poolbench sweep pool-size: " : "poolbench sweep pool-size: PROBLEM: ")
                        + record.outcomeLine());
            }
            return rc;
        }
    }

    /**
     * @param profile profile name
     * @param kind platform or virtual
     * @return the results' key: the profile name, with {@code -virtual} for virtual threads
     */
    static String key(String profile, String kind) {
        return kind.equals("virtual") ? profile + "-virtual" : profile;
    }

    private static void writeQuietly(Path dir) {
        try {
            write(dir);
        } catch (Exception e) {
            System.out.println("poolbench sweep pool-size: report not written: " + e.getMessage());
        }
    }

    /**
     * Writes {@code pool-size/summary.md}, {@code summary.json} and {@code elapsed.png} from the run directory.
     *
     * @param dir the run directory
     * @return the Markdown
     * @throws IOException when files cannot be read or written
     */
    public static String write(Path dir) throws IOException {
        RunRecord.Manifest m = RunRecord.read(dir);
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
        for (RunRecord.PhaseEntry p : m.phases()) {
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
        ideal.setLineColor(java.awt.Color.GRAY);
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
            a.setMarkerColor(java.awt.Color.BLACK);
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
