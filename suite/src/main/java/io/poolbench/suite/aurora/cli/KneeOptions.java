package io.poolbench.suite.aurora.cli;

import io.poolbench.suite.aurora.AuroraResults;
import io.poolbench.suite.aurora.map.MapKnee;
import io.poolbench.suite.aurora.map.SaturationMap;
import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.suite.aurora.run.MapCell;
import io.poolbench.testbed.Cli;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.run.Manifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/**
 * {@code aurora --at-knee RUN_DIR}: each profile at loads taken from its own knee in an earlier knee search
 * ({@code aurora --find-knee}, its {@code knees.json}: the knee over its rounds) or saturation map
 * ({@code aurora --map}), a picocli mixin: the failover at each profile's knee and at 1.25 × it, since
 * one pool's limit is not another's, so one {@code --share} for all cannot put each at its own.
 *
 * <p>The knee is the map's ({@link SaturationMap#kneeLoad}: where the short screen's p99 reaches 10 × its value at
 * the lowest load), read from the map's {@code screens/summary.json} at this command's {@code --rtt-ms} and
 * {@code --borrow}. A profile without a knee inside the map's grid runs once, at the grid's highest load, and the
 * run says so; a load above × 4 (the article's whole load on one webapp) is cut to × 4, said likewise.
 */
final class KneeOptions {
    @Option(names = "--at-knee", paramLabel = "RUN_DIR", description = "Run each profile at its own knee from"
            + " an earlier `aurora --find-knee` run directory (the knee over its rounds) or `aurora --map` run"
            + " directory (its summary), at this --rtt-ms and --borrow, times each --knee-multiples, instead of at"
            + " --share; a profile without a knee there runs at the highest load measured, said so. E.g."
            + " --failover --at-knee runs/knees.")
    Path mapRun;

    /** The multiples of the knee without {@code --knee-multiples}: at the knee and a quarter above it. */
    static final List<Double> DEFAULT_MULTIPLES = List.of(1.0, 1.25);

    @Option(names = "--knee-multiples", split = ",", paramLabel = "X",
            description = "With --at-knee, the loads as multiples of each profile's knee (default 1,1.25; capped at"
                    + " × 4, the article's whole load on one webapp).")
    List<Double> multiples;

    /** @return the multiples given, or {@link #DEFAULT_MULTIPLES} */
    List<Double> multiples() {
        return multiples == null ? DEFAULT_MULTIPLES : multiples;
    }

    /**
     * Checks the options before anything starts.
     *
     * @param map whether {@code --map} was given
     * @param vary the {@code --vary} profile, or null
     * @throws TestbedException one line for a multiple out of range, or {@code --at-knee} with {@code --map} or
     *     {@code --vary}
     */
    void check(boolean map, String vary) {
        if (mapRun == null) {
            if (multiples != null) {
                throw new TestbedException("--knee-multiples applies only with --at-knee MAP_RUN_DIR: add it, or"
                        + " leave out --knee-multiples");
            }
            return;
        }
        if (map || vary != null) {
            throw new TestbedException("--at-knee takes each profile's loads from an earlier map; leave out "
                    + (map ? "--map (it makes a new one)" : "--vary (its runs would not be at the knee)"));
        }
        multiples().forEach(x -> Cli.range("--knee-multiples", x, 0.05, 10));
    }

    /**
     * @param profiles one run per profile, at the settings' own load
     * @param rttMs the round trip this command adds, ms: the map's column to read
     * @param borrow this command's borrowing pattern: likewise
     * @param note where each run's load and its basis are said (the console)
     * @return the profiles' runs as given without {@code --at-knee}; with it, one run per profile and distinct load,
     *     id {@code <profile>@<cell>}
     * @throws TestbedException one line when the map's summary is missing, damaged, of another version of poolbench,
     *     without knees, or has no column for a profile at this round trip and borrowing
     */
    List<LoadRun> runs(List<LoadRun> profiles, int rttMs, String borrow,
            Consumer<String> note) {
        if (mapRun == null) {
            return profiles;
        }
        List<MapKnee.Knee> knees = read(mapRun);
        List<LoadRun> out = new ArrayList<>();
        for (LoadRun p : profiles) {
            MapKnee.Knee k = knees.stream().filter(x -> x.profile().equals(p.id()) && x.rttMs() == rttMs
                    && x.borrow().equals(borrow)).findFirst().orElseThrow(() -> new TestbedException("--at-knee "
                    + mapRun + ": its map has no column for " + p.id() + " at +" + rttMs + " ms, " + borrow
                    + " borrowing (it has " + knees.stream().map(x -> x.profile() + " +" + x.rttMs() + " ms "
                    + x.borrow()).distinct().toList() + "); map that profile first, or change --rtt-ms / --borrow"));
            for (MapCell c : cells(k, multiples(), mapRun.toString())) {
                note.accept("--at-knee: " + p.id() + " at × " + Figures.plain(c.load()) + " (" + c.basis() + ")");
                out.add(new LoadRun(p.id() + "@" + c.label(), p.file(), null, null, null, null, c));
            }
        }
        return out;
    }

    /**
     * The loads at which a profile runs: its knee times each multiple, cut to × 4, rounded to hundredths; without a
     * knee, the map's highest load once.
     *
     * @param k the profile's knee in the map
     * @param multiples the multiples of the knee
     * @param source the map's run directory, for the basis
     * @return one cell per distinct load, each with its basis in words
     */
    static List<MapCell> cells(MapKnee.Knee k, List<Double> multiples, String source) {
        double cap = 1 / MapCell.ARTICLE_SHARE;
        Set<Double> seen = new LinkedHashSet<>();
        List<MapCell> out = new ArrayList<>();
        if (k.measuredLoad() == null) {
            out.add(new MapCell(k.highestLoad(), k.rttMs(), k.borrow(), "no knee in the map " + source + " up to its"
                    + " highest load × " + Figures.plain(k.highestLoad()) + ": run there"));
            return out;
        }
        for (double m : multiples) {
            double load = Math.round(Math.min(cap, k.measuredLoad() * m) * 100) / 100.0;
            if (seen.add(load)) {
                String basis = String.format(Locale.ROOT, "knee × %.2f in the map %s, × %s of it", k.measuredLoad(),
                        source, Figures.plain(m)) + (k.measuredLoad() * m > cap ? ", cut to × 4, the article's whole"
                        + " load on one webapp" : "");
                out.add(new MapCell(load, k.rttMs(), k.borrow(), basis));
            }
        }
        return out;
    }

    private static List<MapKnee.Knee> read(Path run) {
        try {
            Manifest.read(run);
        } catch (TestbedException e) {
            throw new TestbedException("--at-knee " + run + ": " + e.getMessage(), e);
        }
        // the report rebuilds summary.json from the runs' files; a knee search's knees.json is such a file itself
        boolean fromSummary = !Files.isRegularFile(AuroraResults.kneesFile(run));
        List<MapKnee.Knee> knees;
        try {
            knees = AuroraResults.knees(run);
        } catch (IOException e) {
            throw new TestbedException("--at-knee " + run + ": " + e.getMessage() + (fromSummary ? "; re-render it"
                    + " with ./poolbench report " + run : ""), e);
        }
        if (knees.isEmpty()) {
            throw new TestbedException("--at-knee " + run + ": it holds no knees: give the run directory of a"
                    + " finished `aurora --find-knee` or `aurora --map`");
        }
        return knees;
    }
}
