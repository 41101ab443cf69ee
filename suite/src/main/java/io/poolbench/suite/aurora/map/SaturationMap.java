package io.poolbench.suite.aurora.map;

import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.suite.aurora.run.MapCell;
import io.poolbench.suite.aurora.run.RunStats;
import io.poolbench.suite.aurora.run.ScreenMix;
import io.poolbench.suite.aurora.run.ScreenStats;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.load.ScreenModel;
import io.poolbench.testbed.model.PoolSimulation;
import io.poolbench.testbed.model.Workload;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.PoolReading;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.Table;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * The Aurora scenario's saturation map ({@code aurora --map}): per profile and borrowing pattern, the short screen's p50 / p90 /
 * p99 / max at every load and round trip, beside the model's prediction for the same cell (the pool read from its
 * profile, the Aurora article's three screens as three kinds of request sharing it, {@link PoolSimulation} over the measured
 * period's length: never fitted to the cells); the knee per round trip, measured and predicted by one rule (the
 * load at which the short screen's p99 reaches 10 × its value at the grid's lowest load, interpolated on log p99
 * between the two loads around it); and the cells where the article's shape appears (the short median within
 * 1.5 × the lowest load's while the maximum is 10 × p90 or more, or any screen in the 20-second class).
 */
public final class SaturationMap {
    private static final long SEED = 4;
    /** Simulated windows per cell of the model: the median of their figures is the cell's. */
    static final int WINDOWS = 25;

    private SaturationMap() {
    }

    /**
     * One cell, measured and predicted.
     *
     * @param load the load, in multiples of the article's per-server rate
     * @param p50 the short screen's median, ms (median over the cell's rounds; NaN without a result)
     * @param p90 its 90th percentile, ms
     * @param p99 its 99th percentile, ms
     * @param max its maximum, ms
     * @param maxAll the longest response of any screen, ms
     * @param n rounds with a result
     * @param modelP99 the model's short-screen p99, ms (NaN without a model)
     * @param modelMax the model's short-screen maximum, ms
     */
    public record Cell(double load, double p50, double p90, double p99, double max, double maxAll, int n,
            double modelP99, double modelMax) {
    }

    /**
     * One column of the map: a profile's cells at one borrowing pattern and one round trip.
     *
     * @param profile the profile's name
     * @param borrow {@code per-request} or {@code per-query}
     * @param rttMs the round trip added, ms
     * @param cells by load, ascending
     */
    public record Column(String profile, String borrow, int rttMs, List<Cell> cells) {
    }

    /**
     * The map's cells.
     *
     * @param columns every profile, borrowing pattern and round trip, in the order run
     * @param notes a line per profile whose pool the model could not read
     */
    public record Grid(List<Column> columns, List<String> notes) {
    }

    /**
     * @param planned the runs the settings planned, in order
     * @param mix the traffic of the settings' own load (a cell's load multiplies its rate)
     * @param stats each run's figures
     * @return the cells of the map; no column when the run was not a map (a run at a load taken from a map's knee,
     *     {@code --at-knee}, is not a cell of this run's map)
     */
    public static Grid grid(List<LoadRun> planned, ScreenMix mix, List<RunStats> stats) {
        Map<String, RunStats> byId = new LinkedHashMap<>();
        stats.forEach(s -> byId.put(s.id(), s));
        // profile → borrow → rtt → load → the cell's runs
        Map<String, Map<String, Map<Integer, Map<Double, List<RunStats>>>>> runs = new LinkedHashMap<>();
        Map<String, String> files = new LinkedHashMap<>();
        for (LoadRun r : planned) {
            MapCell c = r.cell();
            if (c == null || c.basis() != null) {
                continue;
            }
            String profile = r.variantId().substring(0, r.variantId().indexOf('@'));
            files.putIfAbsent(profile, r.file());
            List<RunStats> l = runs.computeIfAbsent(profile, k -> new LinkedHashMap<>())
                    .computeIfAbsent(c.borrow(), k -> new TreeMap<>()).computeIfAbsent(c.rttMs(), k -> new TreeMap<>())
                    .computeIfAbsent(c.load(), k -> new ArrayList<>());
            if (byId.containsKey(r.id())) {
                l.add(byId.get(r.id()));
            }
        }
        List<Column> columns = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        runs.forEach((profile, byBorrow) -> {
            PoolReading pool = read(files.get(profile), notes);
            byBorrow.forEach((borrow, byRtt) -> byRtt.forEach((rtt, byLoad) -> columns.add(new Column(profile, borrow,
                    rtt, byLoad.entrySet().stream().map(e -> cell(e.getKey(), e.getValue(), pool, mix, rtt,
                    borrow)).toList()))));
        });
        return new Grid(columns, notes);
    }

    /**
     * @param grid the map's cells ({@link #grid})
     * @param base the scenario's directory ({@code screens/}), where the map's charts go
     * @return the map's section; empty when the run was not a map
     * @throws IOException when a chart cannot be written
     */
    public static String markdown(Grid grid, Path base) throws IOException {
        if (grid.columns().isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("## The saturation map\n\nLoad in multiples of the article's per-server"
                + " rate (× 1 = 12.5 requests/s), round trip added by Toxiproxy. Per cell the short screen's p50 / p90"
                + " / p99 / max (ms, median over the cell's rounds), and in brackets the model's p99 / max for the same"
                + " cell, then the model's error in the cell: measured p99 ÷ the model's (1 is exact). The model:"
                + " the pool read from its profile on the stub driver, the Aurora article's three screens as three kinds"
                + " of request sharing it (the long screen's time drawn per request and clamped as in the"
                + " experiment, where each user keeps one), a discrete-event simulation over the measured period; it"
                + " leaves out Tomcat's 200 threads, the database's own queue and the round trip's jitter, and is"
                + " fitted to nothing here. **Bold**: the article's shape (median within 1.5 × the lowest load's,"
                + " max ≥ 10 × p90, or any screen ≥ 20 s).\n\n");
        grid.notes().forEach(n -> md.append("- ").append(n).append('\n'));
        Map<String, List<Column>> tables = new LinkedHashMap<>();
        grid.columns().forEach(c -> tables.computeIfAbsent(c.profile() + ", " + c.borrow(), k -> new ArrayList<>())
                .add(c));
        tables.forEach((title, cols) -> {
            md.append("### ").append(MarkdownText.cell(title)).append(" borrowing\n\n");
            List<String> headers = new ArrayList<>(List.of("load"));
            cols.forEach(c -> headers.add("+" + c.rttMs() + " ms"));
            Table t = Table.of(headers.toArray(String[]::new));
            List<Double> loads = cols.stream().flatMap(c -> c.cells().stream().map(Cell::load)).distinct().sorted()
                    .toList();
            for (double load : loads) {
                List<String> row = new ArrayList<>(List.of("× " + num(load)));
                for (Column col : cols) {
                    Cell c = col.cells().stream().filter(x -> x.load() == load).findFirst().orElse(null);
                    row.add(c == null ? "–" : text(c, col.cells().get(0)));
                }
                t.markdownRow(row.toArray(String[]::new));
            }
            md.append(t.markdown()).append('\n');
            cols.forEach(c -> md.append(String.format(Locale.ROOT, "- knee at +%d ms: measured %s;"
                    + " model %s%s%n", c.rttMs(), MapKnee.inWords(c.cells(), false), MapKnee.inWords(c.cells(), true),
                    MapKnee.modelError(c.cells()))));
            md.append('\n');
        });
        return md.append(MapCharts.write(grid, base)).toString();
    }

    private static PoolReading read(String file, List<String> notes) {
        try {
            return PoolReading.of(PoolProfile.load(Path.of(file)));
        } catch (RuntimeException e) {
            notes.add("model for " + file + ": none (" + Redact.rootMessage(e) + ")");
            return null;
        }
    }

    private static Cell cell(double load, List<RunStats> runs, PoolReading pool,
            ScreenMix s, int rtt, String borrow) {
        List<Double> p50 = new ArrayList<>();
        List<Double> p90 = new ArrayList<>();
        List<Double> p99 = new ArrayList<>();
        List<Double> max = new ArrayList<>();
        List<Double> maxAll = new ArrayList<>();
        for (RunStats r : runs) {
            r.screens().stream().filter(x -> x.screen().equals("short") && x.n() > 0).findFirst().ifPresent(x -> {
                p50.add((double) x.medianMs());
                p90.add((double) x.p90Ms());
                p99.add((double) x.p99Ms());
                max.add((double) x.maxMs());
            });
            maxAll.add(r.screens().stream().mapToDouble(ScreenStats::maxMs).max().orElse(Double.NaN));
        }
        double[] model = model(pool, s, load, rtt, borrow);
        return new Cell(load, median(p50), median(p90), median(p99), median(max), median(maxAll), p99.size(),
                model[0], model[1]);
    }

    /**
     * The queueing model's short screen in one cell: {@link PoolSimulation} of the pool read from its profile, the
     * three screens as three kinds of request sharing it, at the cell's load, round trip and borrowing.
     *
     * @param pool the pool as its profile sets it, or null
     * @param s the traffic (the article's rate, the mix, the screens)
     * @param load the load, multiples of the article's per-server rate
     * @param rtt the round trip per query, ms: the one added, plus the stand-in's own where it was measured
     * @param borrow {@code per-request} or {@code per-query}
     * @return the model's short-screen {p99, max, p50}, ms; NaN all without a pool
     */
    public static double[] model(PoolReading pool, ScreenMix s, double load, double rtt, String borrow) {
        if (pool == null) {
            return new double[] {Double.NaN, Double.NaN, Double.NaN};
        }
        double rate = s.ratePerMinute() * load * MapCell.ARTICLE_SHARE / 60;
        boolean perQuery = ScreenModel.Borrow.parse(borrow) == ScreenModel.Borrow.PER_QUERY;
        int longShare = 100 - s.shortPercent() - s.mediumPercent();
        List<Workload> kinds = new ArrayList<>();
        ScreenModel screens = s.screens();
        kinds.add(new Workload(rate * s.shortPercent() / 100.0, screens.shortQueries(), screens.shortQueryMs(),
                screens.shortQueryMs(), rtt, perQuery));
        if (s.mediumPercent() > 0) {
            kinds.add(new Workload(rate * s.mediumPercent() / 100.0, ScreenModel.MEDIUM_QUERIES,
                    ScreenModel.MEDIUM_QUERY_MS, ScreenModel.MEDIUM_QUERY_MS, rtt, perQuery));
        }
        if (longShare > 0) {
            // the experiment's long screen: its SQL time clamped to [LONG_MIN_MS, --long-screen-max-ms]
            kinds.add(new Workload(rate * longShare / 100.0, ScreenModel.LONG_QUERIES,
                    (double) ScreenModel.LONG_MEDIAN_MS / ScreenModel.LONG_QUERIES,
                    (double) ScreenModel.LONG_P90_MS / ScreenModel.LONG_QUERIES, rtt, perQuery,
                    (double) ScreenModel.LONG_MIN_MS / ScreenModel.LONG_QUERIES,
                    (double) s.longScreenMaxMs() / ScreenModel.LONG_QUERIES));
        }
        if (s.warmupSeconds() <= 0) {
            PoolSimulation.Result r = PoolSimulation.run(pool.model(), kinds, Math.max(60, s.durationSeconds()), SEED)
                    .get(0);
            return new double[] {r.responseP99Ms(), r.responseMaxMs(), r.responseP50Ms()};
        }
        // the measurement's own window, many times: a cell measures its short screen over durationSeconds after a
        // warm-up, and a queue in front of a pool at its limit builds and drains over minutes; the median window
        List<Double> p99 = new ArrayList<>();
        List<Double> max = new ArrayList<>();
        List<Double> p50 = new ArrayList<>();
        for (int i = 0; i < WINDOWS; i++) {
            PoolSimulation.Result r = PoolSimulation.run(pool.model(), kinds, s.warmupSeconds() + s.durationSeconds(),
                    s.warmupSeconds(), SEED + i).get(0);
            p99.add(r.responseP99Ms());
            max.add(r.responseMaxMs());
            p50.add(r.responseP50Ms());
        }
        return new double[] {median(p99), median(max), median(p50)};
    }

    private static String text(Cell c, Cell lowest) {
        if (c.n() == 0) {
            return "no result";
        }
        String t = String.format(Locale.ROOT, "%s / %s / %s / %s (%s / %s; %s)", num(c.p50()), num(c.p90()),
                num(c.p99()), num(c.max()), num(c.modelP99()), num(c.modelMax()), num(c.p99() / c.modelP99()));
        boolean shape = c.p50() <= 1.5 * lowest.p50() && c.max() >= 10 * c.p90() || c.maxAll() >= 20_000;
        return shape ? "**" + t + "**" : t;
    }

    /** @return the median of the values that are not NaN (Commons Math's: the mean of the middle two for an even count) */
    private static double median(List<Double> v) {
        return new Median().evaluate(v.stream().filter(x -> !x.isNaN()).mapToDouble(Double::doubleValue).toArray());
    }

    static String num(double v) {
        if (Double.isNaN(v)) {
            return "–";
        }
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%,d", (long) v)
                : String.format(Locale.ROOT, Math.abs(v) >= 10 ? "%,.0f" : "%.2f", v);
    }
}
