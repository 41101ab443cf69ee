package io.poolbench.suite.aurora.cli;

import io.poolbench.suite.aurora.knee.KneeSearchSettings;
import io.poolbench.testbed.TestbedException;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code aurora --find-knee}: each profile's knee found by search instead of a grid, a picocli mixin
 * ({@link io.poolbench.suite.aurora.knee.KneeSearch}). The round trips and borrowing patterns are the map's
 * ({@code --map-rtts}, {@code --map-borrows}).
 */
final class KneeSearchOptions {
    @Option(names = "--find-knee", description = "Find each profile's knee by search instead of a grid: the light"
            + " load, then twice the highest load until a cell crosses the threshold, then bisection on the load,"
            + " until the knee's 95 %% interval lies within ± --knee-tolerance of it; at each --map-rtts and"
            + " --map-borrows. No model chooses a cell; the model's knees are written to screens/predictions.json"
            + " before the first cell runs."
            + " E.g. --find-knee --map-rtts 1,5,10 --duration 20 --warmup 10 --rampup 3.")
    boolean on;

    @Option(names = "--light-load", defaultValue = "0.5", paramLabel = "X",
            description = "--find-knee: the baseline's load, multiples of the article's per-server rate (default"
                    + " ${DEFAULT-VALUE}).")
    double lightLoad;

    @Option(names = "--max-load", defaultValue = "4", paramLabel = "X",
            description = "--find-knee: the highest load measured (default ${DEFAULT-VALUE}, the article's whole"
                    + " load on one webapp).")
    double maxLoad;

    @Option(names = "--max-cells", defaultValue = "8", paramLabel = "N",
            description = "--find-knee: the most cells per search, the light load's included (default"
                    + " ${DEFAULT-VALUE}); a search that needs more stops and reports its bracket.")
    int maxCells;

    @Option(names = "--knee-tolerance", defaultValue = "0.10", paramLabel = "F",
            description = "--find-knee: the knee's 95 %% interval must lie within ± this share of it (default"
                    + " ${DEFAULT-VALUE}).")
    double tolerance;

    /**
     * @param map the map's options, for the round trips and borrowing patterns
     * @param others the options --find-knee does not combine with that were given, e.g. {@code --failover}
     * @return the search's settings, or null without {@code --find-knee}
     * @throws TestbedException one line for a value out of range, a repeat, or an option it does not combine with
     */
    KneeSearchSettings settings(MapOptions map, List<String> others) {
        if (!on) {
            return null;
        }
        if (map.map || !others.isEmpty()) {
            throw new TestbedException("--find-knee measures where each pool breaks without a failover, a stall, a"
                    + " variation or a grid: leave out " + (map.map ? "--map" : String.join(" and ", others)));
        }
        map.borrows.forEach(io.poolbench.testbed.load.ScreenModel.Borrow::parse);
        return new KneeSearchSettings(lightLoad, maxLoad, maxCells, tolerance, map.rtts, map.borrows);
    }
}
