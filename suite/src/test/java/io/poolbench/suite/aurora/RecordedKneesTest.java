package io.poolbench.suite.aurora;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.aurora.knee.KneeResult;
import io.poolbench.suite.aurora.knee.KneeSearch;
import io.poolbench.suite.aurora.knee.KneeSearchSettings;
import io.poolbench.suite.aurora.map.SaturationMap;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.PoolReading;
import io.poolbench.testbed.profile.ProfileDir;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.stats.RatioInterval;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

/**
 * The queueing model against every knee measured and recorded under {@code src/test/resources/knees/}: each
 * directory is one run of {@code aurora --find-knee} (its settings and every cell's short-screen figures, one or
 * more searches per knee). A knee measured in several searches, in one run's rounds or in several runs with the same
 * cell length, is their geometric mean: one search's knee scatters from the next by more than its own interval. The
 * model's knee, computed from the profile, the traffic and the stand-in's own round trip per query that each search
 * measured at its light load ({@code stand_in_rtt_ms}; a recording without it: none), must lie within 15 % of it
 * (a recording's profile not shipped in webapp/conf lies beside its cells), and the model must find
 * no knee below the highest load where none was measured. The knees the model misses today are listed, each with
 * what is known of it, in {@code known-misses.csv}; the test fails when a knee misses that is not listed, and when a
 * listed one no longer misses (take it off the list). A model change that moves a knee shows here, without Docker.
 */
class RecordedKneesTest {
    /** The model's knee may miss the measured one by this share at most. */
    static final double TOLERANCE = 0.15;

    /**
     * One search's recorded cells: profile, round trip, borrowing; its cells by load; the stand-in's own round trip
     * per query measured at its light load (null in a recording without it); the profile's file.
     */
    private record Column(String profile, int rttMs, String borrow, List<KneeResult.CellRun> cells,
            Double standInRttMs, Path profileFile) {
    }

    /** One knee: its searches (with the run settings they share) over every recording. */
    private record Knee(AuroraSettings settings, List<Column> searches) {
    }

    @Test
    void theModelHitsEveryRecordedKnee() throws IOException {
        Path root = Path.of("src/test/resources/knees");
        Map<String, Knee> knees = new LinkedHashMap<>();
        try (var dirs = Files.list(root)) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                AuroraSettings s = ResultJson.MAPPER.readValue(dir.resolve("settings.json").toFile(),
                        AuroraSettings.class);
                for (Column c : columns(dir)) {
                    // the same knee: the same profile, round trip, borrowing and traffic (rate, screens, window)
                    String key = c.profile() + "," + c.rttMs() + "," + c.borrow() + "," + s.mix();
                    knees.computeIfAbsent(key, x -> new Knee(s, new ArrayList<>())).searches().add(c);
                }
            }
        }
        assertTrue(!knees.isEmpty(), "no recorded knees under " + root.toAbsolutePath());
        List<String> misses = new ArrayList<>();
        for (Knee k : knees.values()) {
            String row = check(k);
            System.out.println(row);
            if (row.endsWith(" MISS")) {
                Column c = k.searches().get(0);
                misses.add(c.profile() + "," + c.rttMs() + "," + c.borrow());
            }
        }
        List<String> known = new ArrayList<>();
        try (Reader r = Files.newBufferedReader(root.resolve("known-misses.csv"))) {
            for (CSVRecord rec : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(r)) {
                known.add(rec.get("profile") + "," + rec.get("rtt_ms") + "," + rec.get("borrow"));
            }
        }
        assertEquals(known, misses, "the model's misses against the recorded knees (listed: known-misses.csv)");
    }

    private static String check(Knee k) {
        Column first = k.searches().get(0);
        List<Double> found = new ArrayList<>();
        double light = Double.POSITIVE_INFINITY;
        double highest = 0;
        for (Column c : k.searches()) {
            List<KneeResult.CellRun> cells = c.cells();
            light = Math.min(light, cells.get(0).load());
            highest = Math.max(highest, cells.get(cells.size() - 1).load());
            Double knee = KneeSearch.rule(cells.stream().map(x -> new double[] {x.load(), x.p99Ms()}).toList());
            if (knee != null) {
                found.add(knee);
            }
        }
        // the knee over its searches: none when most found none, else the geometric mean of those found (as
        // KneeRounds summarises a search's rounds)
        Double measured = found.size() * 2 < k.searches().size() || found.isEmpty() ? null
                : RatioInterval.of(found.stream().mapToDouble(Double::doubleValue).toArray()).ratio();
        PoolReading pool = PoolReading.of(PoolProfile.load(first.profileFile()));
        KneeSearchSettings ks = new KneeSearchSettings(light, highest, 8, 0.1, List.of(first.rttMs()),
                List.of(first.borrow()));
        // the model's term for the harness: the stand-in's own round trip, as each search measured it at its light load
        double standIn = k.searches().stream().mapToDouble(c -> c.standInRttMs() == null ? 0 : c.standInRttMs())
                .average().orElse(0);
        Double model = KneeModel.knee(ks, k.settings().mix(), pool, first.rttMs() + standIn,
                first.borrow());
        boolean ok = measured == null ? model == null || model > highest * (1 - TOLERANCE)
                : model != null && Math.abs(model / measured - 1) <= TOLERANCE;
        return String.format(Locale.ROOT, "%s +%d ms %s, %d %% short screens of %d × %s ms at %s requests/min: measured"
                + " %s over %d search(es) %s, the model's %s (stand-in round trip %.2f ms per query)%s",
                first.profile(), first.rttMs(), first.borrow(), k.settings().mix().shortPercent(),
                k.settings().mix().screens().shortQueries(), k.settings().mix().screens().shortQueryMs(),
                k.settings().mix().ratePerMinute(), knee(measured, highest), k.searches().size(),
                found.stream().map(x -> String.format(Locale.ROOT, "%.2f", x)).toList(), knee(model, highest),
                standIn, ok ? "" : " MISS");
    }

    private static String knee(Double at, double highest) {
        return at == null ? "none up to × " + highest : String.format(Locale.ROOT, "× %.2f", at);
    }

    /**
     * @param dir a recording: its {@code knee-cells.csv}, and the file of any profile not shipped in webapp/conf
     * @return the recorded searches, each's cells by load (a load measured twice in a search: the first)
     */
    private static List<Column> columns(Path dir) throws IOException {
        Map<String, Column> by = new LinkedHashMap<>();
        try (Reader r = Files.newBufferedReader(dir.resolve("knee-cells.csv"))) {
            for (CSVRecord rec : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(r)) {
                String round = rec.isMapped("round") ? rec.get("round") : "1";
                String key = rec.get("profile") + " " + rec.get("rtt_ms") + " " + rec.get("borrow") + " " + round;
                String standIn = rec.isMapped("stand_in_rtt_ms") ? rec.get("stand_in_rtt_ms").trim() : "";
                Path own = dir.resolve(rec.get("profile") + ".xml");
                Column c = by.computeIfAbsent(key, x -> new Column(rec.get("profile"),
                        Integer.parseInt(rec.get("rtt_ms")), rec.get("borrow"), new ArrayList<>(),
                        standIn.isEmpty() ? null : Double.valueOf(standIn), Files.isRegularFile(own) ? own
                        : ProfileDir.locate(rec.get("profile"), ProfileDir.resolve(null))));
                double load = Double.parseDouble(rec.get("load"));
                if (c.cells().stream().noneMatch(x -> x.load() == load)) {
                    String drawn = rec.get("long_sql_ms").trim();
                    c.cells().add(new KneeResult.CellRun(load, Integer.parseInt(rec.get("requests")),
                            Double.parseDouble(rec.get("p50_ms")), Double.parseDouble(rec.get("p99_ms")),
                            rec.get("why"), rec.get("run"), drawn.isEmpty() ? List.of()
                            : Arrays.stream(drawn.split(" ")).map(Double::valueOf).toList()));
                }
            }
        }
        by.values().forEach(c -> c.cells().sort(Comparator.comparingDouble(KneeResult.CellRun::load)));
        return List.copyOf(by.values());
    }
}
