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
 * more searches per knee). The model's knee, computed from the profile, the traffic and the stand-in's own round trip
 * per query that the search measured at its light load ({@code stand_in_rtt_ms}; a recording without it: none), must
 * lie within 15 % of <em>each search's</em> knee (a recording's profile not shipped in webapp/conf lies beside its
 * cells), and the model must find no knee below the highest load where a search found none. One search's knee
 * scatters from the next by more than its own interval, so a knee searched several times is also given as their
 * geometric mean, printed beside, but the check is per search: a mean over discordant searches hides misses. The
 * searches the model misses today are listed, each with what is known of it, in {@code known-misses.csv}; the test
 * fails when a search misses that is not listed, and when a listed one no longer misses (take it off the list). A
 * model change that moves a knee shows here, without Docker.
 */
class RecordedKneesTest {
    /** The model's knee may miss a search's knee by this share at most. */
    static final double TOLERANCE = 0.15;

    /**
     * One search's recorded cells: the recording (its directory), profile, round trip, borrowing, round; its cells by
     * load; the stand-in's own round trip per query measured at its light load (null in a recording without it); the
     * profile's file.
     */
    private record Column(String recording, String profile, int rttMs, String borrow, String round,
            List<KneeResult.CellRun> cells, Double standInRttMs, Path profileFile) {
        String id() {
            return recording + "," + profile + "," + rttMs + "," + borrow + "," + round;
        }
    }

    /** One knee: its searches (with the run settings they share) over every recording. */
    private record Knee(AuroraSettings settings, List<Column> searches) {
    }

    @Test
    void theModelHitsEveryRecordedSearch() throws IOException {
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
            System.out.println(summary(k));
            for (Column c : k.searches()) {
                String row = check(k.settings(), c);
                System.out.println("  " + row);
                if (row.endsWith(" MISS")) {
                    misses.add(c.id());
                }
            }
        }
        List<String> known = new ArrayList<>();
        try (Reader r = Files.newBufferedReader(root.resolve("known-misses.csv"))) {
            for (CSVRecord rec : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(r)) {
                known.add(rec.get("recording") + "," + rec.get("profile") + "," + rec.get("rtt_ms") + ","
                        + rec.get("borrow") + "," + rec.get("round"));
            }
        }
        assertEquals(known, misses, "the model's misses against the recorded searches (listed: known-misses.csv)");
    }

    /** The model's knee for one search: the profile, the traffic, the search's own stand-in round trip. */
    private static Double model(AuroraSettings s, Column c) {
        PoolReading pool = PoolReading.of(PoolProfile.load(c.profileFile()));
        List<KneeResult.CellRun> cells = c.cells();
        KneeSearchSettings ks = new KneeSearchSettings(cells.get(0).load(), cells.get(cells.size() - 1).load(), 8,
                0.1, List.of(c.rttMs()), List.of(c.borrow()));
        return KneeModel.knee(ks, s.mix(), pool, c.rttMs() + (c.standInRttMs() == null ? 0 : c.standInRttMs()),
                c.borrow());
    }

    private static Double measured(Column c) {
        return KneeSearch.rule(c.cells().stream().map(x -> new double[] {x.load(), x.p99Ms()}).toList());
    }

    /** One search against the model: {@code … MISS} at the end when the model is more than 15 % off. */
    private static String check(AuroraSettings s, Column c) {
        Double measured = measured(c);
        double highest = c.cells().get(c.cells().size() - 1).load();
        Double model = model(s, c);
        boolean ok = measured == null ? model == null || model > highest * (1 - TOLERANCE)
                : model != null && Math.abs(model / measured - 1) <= TOLERANCE;
        return String.format(Locale.ROOT, "%s round %s: measured %s, the model's %s (%s; stand-in round trip %s ms"
                + " per query)%s", c.recording(), c.round(), knee(measured, highest), knee(model, highest),
                measured == null || model == null ? "–" : String.format(Locale.ROOT, "%+.0f %%",
                100 * (model / measured - 1)), c.standInRttMs() == null ? "none" : String.format(Locale.ROOT,
                "%.2f", c.standInRttMs()), ok ? "" : " MISS");
    }

    /** The knee over its searches: none when most found none, else their geometric mean (as KneeRounds gives it). */
    private static String summary(Knee k) {
        Column first = k.searches().get(0);
        List<Double> found = k.searches().stream().map(RecordedKneesTest::measured).filter(x -> x != null)
                .toList();
        Double over = found.size() * 2 < k.searches().size() || found.isEmpty() ? null
                : RatioInterval.of(found.stream().mapToDouble(Double::doubleValue).toArray()).ratio();
        return String.format(Locale.ROOT, "%s +%d ms %s, %d %% short screens of %d × %s ms at %s requests/min: %d"
                + " search(es), knees %s, over them %s", first.profile(), first.rttMs(), first.borrow(),
                k.settings().mix().shortPercent(), k.settings().mix().screens().shortQueries(),
                k.settings().mix().screens().shortQueryMs(), k.settings().mix().ratePerMinute(),
                k.searches().size(), found.stream().map(x -> String.format(Locale.ROOT, "%.2f", x)).toList(),
                over == null ? "none" : String.format(Locale.ROOT, "× %.2f", over));
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
                Column c = by.computeIfAbsent(key, x -> new Column(dir.getFileName().toString(), rec.get("profile"),
                        Integer.parseInt(rec.get("rtt_ms")), rec.get("borrow"), round, new ArrayList<>(),
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
