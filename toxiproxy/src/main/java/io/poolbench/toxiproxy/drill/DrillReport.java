package io.poolbench.toxiproxy.drill;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.testbed.load.CsvLog;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.report.RunFile;
import io.poolbench.testbed.report.TimelineChart;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.PhaseEntry;
import io.poolbench.testbed.run.WithoutResult;
import io.poolbench.testbed.run.RunRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The drills' report: {@code drills/summary.md} and {@code summary.json} (median, p95 and max of every metric over
 * the runs of each profile), and one chart per drill and profile (the first run's requests over time, coloured by
 * outcome, with the injection and the recovery steps marked). Reads the run files, so an interrupted run still
 * reports what finished.
 */
public final class DrillReport {
    /** @return the JSON files a drill run writes, for {@code docs/reference/run-files.md} */
    public static List<RunFile> runFiles() {
        return List.of(RunFile.of("drills/summary.json", "The run's status, the runs without a result and every run's"
                + " figures.", Summary.class),
                RunFile.of("drills/<drill>/<profile>/run-<n>.json", "One repetition of one drill on one profile: its"
                        + " events, timings and failures.", DrillResult.class));
    }

    private static final ObjectMapper JSON = ResultJson.MAPPER;

    private DrillReport() {
    }

    /**
     * Reads every run of a drills directory.
     *
     * @param out the run's output directory (holding {@code drills/})
     * @return results in drill, profile, run order
     * @throws IOException when a file cannot be read
     */
    public static List<DrillResult> read(Path out) throws IOException {
        List<DrillResult> all = new ArrayList<>();
        Path d = out.resolve("drills");
        if (!Files.isDirectory(d)) {
            return all;
        }
        // with a manifest, only runs whose phase ended ok are results (a run that finished while the JVM was
        // being stopped is interrupted, whatever it wrote)
        Manifest m = Files.isRegularFile(out.resolve(
                RunRecord.MANIFEST)) ? Manifest.read(out) : null;
        try (Stream<Path> s = Files.walk(d, 3)) {
            for (Path f : s.filter(p -> p.getFileName().toString().matches("run-\\d+\\.json")).sorted().toList()) {
                DrillResult r = JSON.readValue(f.toFile(), DrillResult.class);
                PhaseEntry ph = m == null ? null
                        : m.phase(r.drill() + ":" + r.profile() + ":" + r.run());
                if (m == null || (ph != null && ph.ok())) {
                    all.add(r);
                }
            }
        }
        return all;
    }

    /**
     * Appends what each profile really configures: the files {@code drills/lint/<profile>.txt} that the runner wrote
     * from a pool built against the cluster (the lines of {@code ./poolbench lint}), in the order of the settings.
     */
    private static void lintSection(StringBuilder md, Path lintDir, DrillSettings settings) throws IOException {
        if (!Files.isDirectory(lintDir)) {
            return;
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(lintDir)) {
            files = new ArrayList<>(s.filter(f -> f.toString().endsWith(".txt")).sorted().toList());
        }
        if (settings != null) {
            List<String> order = settings.profiles().stream()
                    .map(x -> Path.of(x).getFileName().toString().replaceAll("\\.xml$", "") + ".txt").toList();
            files.sort((x, y) -> Integer.compare(rank(order, x), rank(order, y)));
        }
        if (files.isEmpty()) {
            return;
        }
        md.append("## What the profiles configure\n\nRead back from each pool built against the cluster's writer"
                + " (`drills/lint/<profile>.txt`, the lines of `./poolbench lint`):\n\n```\n");
        for (Path f : files) {
            md.append(Files.readString(f));
        }
        md.append("```\n\n");
    }

    private static int rank(List<String> order, Path f) {
        int i = order.indexOf(f.getFileName().toString());
        return i < 0 ? Integer.MAX_VALUE : i;
    }

    /**
     * Writes summary.md, summary.json and the charts.
     *
     * @param out output directory
     * @param settings the settings of the run (for the header), may be null
     * @return the Markdown
     * @throws IOException when files cannot be written
     */
    public static String write(Path out, DrillSettings settings) throws IOException {
        List<DrillResult> runs = read(out);
        Path dir = out.resolve("drills");
        Files.createDirectories(dir);
        StringBuilder md = new StringBuilder("# poolbench drills\n\n");
        if (settings != null) {
            md.append(String.format(Locale.ROOT, "Open-loop load of %.0f requests/s (%.0f %% writes, the rest"
                    + " /short), response times from each request's intended start (no coordinated omission);"
                    + " %d run(s) per drill and profile; cells are median (p95, max) over the runs, n = runs."
                    + " Times in s are after the injection.%n%n", settings.rate(), settings.writeFraction() * 100,
                    settings.repeats()));
        }
        Map<String, Map<String, Map<String, DrillTables.Metric>>> json = new LinkedHashMap<>();
        String status = null;
        List<PhaseEntry> runsWithoutResult = List.of();
        if (Files.isRegularFile(out.resolve(RunRecord.MANIFEST))) {
            Manifest m = Manifest.read(out);
            List<PhaseEntry> bad = WithoutResult.of(m.phases(), id -> id);
            md.append("Run status: **").append(m.status()).append("**; ")
                    .append(m.phases().size() - bad.size()).append(" of ").append(m.phases().size())
                    .append(" runs produced a result.").append(bad.isEmpty() ? "\n\n" : " The tables below count only"
                            + " those; these did not:\n\n");
            if (!bad.isEmpty()) {
                md.append(WithoutResult.table(bad)).append('\n');
            }
            status = m.status();
            runsWithoutResult = bad;
        }
        lintSection(md, dir.resolve("lint"), settings);
        Set<String> drills = new LinkedHashSet<>();
        runs.forEach(r -> drills.add(r.drill()));
        for (String drill : drills) {
            List<DrillResult> dr = runs.stream().filter(r -> r.drill().equals(drill)).toList();
            List<String> order = new ArrayList<>();
            if (settings != null) {
                settings.profiles().forEach(x -> order.add(Path.of(x).getFileName().toString().replaceAll("\\.xml$", "")));
            }
            List<String> names = new ArrayList<>();
            dr.forEach(r -> {
                if (!names.contains(r.profile())) {
                    names.add(r.profile());
                }
            });
            names.sort((x, y) -> Integer.compare(order.indexOf(x) < 0 ? 999 : order.indexOf(x),
                    order.indexOf(y) < 0 ? 999 : order.indexOf(y)));
            md.append("## ").append(drill).append("\n\n");
            boolean latency = drill.equals("latency");
            List<DrillTables.ProfileFigures> figures = latency ? DrillTables.latency(dr, names)
                    : DrillTables.failover(dr, names);
            md.append(latency ? DrillTables.latencyMarkdown(figures) : DrillTables.failoverMarkdown(figures));
            json.put(drill, DrillTables.json(figures));
            for (String p : names) {
                DrillResult first = dr.stream().filter(r -> r.profile().equals(p)).findFirst().orElseThrow();
                Path csv = dir.resolve(drill).resolve(p).resolve("run-" + first.run() + ".csv");
                if (Files.isRegularFile(csv)) {
                    Path png = dir.resolve(drill).resolve(p).resolve("timeline");
                    chart(csv, first, png);
                    md.append("![").append(drill).append(' ').append(p).append("](").append(drill).append('/')
                            .append(p).append("/timeline.png)\n");
                }
            }
            md.append('\n');
        }
        if (runs.isEmpty()) {
            md.append("No finished runs.\n");
        }
        Files.writeString(dir.resolve("summary.md"), md.toString());
        JSON.writeValue(dir.resolve("summary.json").toFile(), new Summary(status, runsWithoutResult, json));
        return md.toString();
    }

    /**
     * {@code drills/summary.json}.
     *
     * @param status the run's status, or null when the directory has no manifest
     * @param runsWithoutResult the runs that failed, were interrupted or skipped
     * @param drills per drill, profile and metric its figures over the runs
     */
    record Summary(String status, List<PhaseEntry> runsWithoutResult,
            Map<String, Map<String, Map<String, DrillTables.Metric>>> drills) {
    }

    private static void chart(Path csv, DrillResult r, Path png) throws IOException {
        long inj = r.events().getOrDefault("injection", r.events().values().stream().findFirst().orElse(0L));
        TimelineChart chart = new TimelineChart();
        record Point(long intendedMs, String outcome, long responseMs) {
        }
        for (Point p : CsvLog.read(csv, DrillFiles.SAMPLE_COLUMNS, c -> new Point(Long.parseLong(c.get("intendedMs")),
                c.get("outcome"), Long.parseLong(c.get("responseMs"))), "a drill's request")) {
            if (p.intendedMs() >= 0 && p.responseMs() >= 0) {
                chart.add(p.outcome(), (p.intendedMs() - inj) / 1000.0, p.responseMs());
            }
        }
        r.events().values().forEach(at -> chart.mark((at - inj) / 1000.0));
        chart.write(png, r.drill() + " drill, profile " + r.profile() + " (run " + r.run() + ")",
                "intended start, s after the injection");
    }
}
