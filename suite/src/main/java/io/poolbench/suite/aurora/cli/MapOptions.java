package io.poolbench.suite.aurora.cli;

import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.suite.aurora.run.MapCell;
import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.load.ScreenModel;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code aurora --map}: the saturation map's grid, a picocli mixin. Every profile runs at every load (multiples of
 * the article's per-server rate), added round trip and borrowing pattern: one run per cell, in rounds with
 * {@code --rounds}.
 */
final class MapOptions {
    @Option(names = "--map", description = "Run the saturation map instead of the article's one condition: every"
            + " profile at every --map-loads × --map-rtts × --map-borrows (no failover). Quick map: --map --duration"
            + " 20 --warmup 6 --rampup 3 (about 16 minutes for the three profiles here).")
    boolean map;

    @Option(names = "--map-loads", split = ",", defaultValue = "0.5,1,2,4", paramLabel = "X",
            description = "Loads, in multiples of the article's per-server rate (×1 = --share 0.25 = 12.5"
                    + " requests/s; at most 4, the article's whole load on one webapp). Default ${DEFAULT-VALUE}.")
    List<Double> loads;

    @Option(names = "--map-rtts", split = ",", defaultValue = "1,10", paramLabel = "MS",
            description = "Round trips added by Toxiproxy, ms (default ${DEFAULT-VALUE}).")
    List<Integer> rtts;

    @Option(names = "--map-borrows", split = ",", defaultValue = "per-request", paramLabel = "per-request|per-query",
            description = "Borrowing patterns (default ${DEFAULT-VALUE}).")
    List<String> borrows;

    /**
     * Checks the grid before anything starts.
     *
     * @param injects whether --failover or --stall was given
     * @param vary the --vary profile, or null
     * @throws TestbedException one line for a value out of range or an option --map does not combine with
     */
    void check(boolean injects, String vary) {
        if (!map) {
            return;
        }
        if (injects || vary != null) {
            throw new TestbedException("--map measures where each pool breaks, without a failover, a stall or a"
                    + " variation: leave out " + (injects ? "--failover and --stall" : "--vary"));
        }
        loads.forEach(x -> Cli.range("--map-loads", x, 0.02, 1 / MapCell.ARTICLE_SHARE));
        rtts.forEach(x -> Cli.range("--map-rtts", x, 0, 10_000));
        borrows.forEach(ScreenModel.Borrow::parse);
    }

    /**
     * @param profiles one run per profile
     * @param failover whether --failover was given
     * @param vary the --vary profile, or null
     * @return the profiles' runs as given without --map; with it, one run per profile and cell, id
     *     {@code <profile>@<cell>}
     * @throws TestbedException one line for a value out of range or an option --map does not combine with
     */
    List<LoadRun> cells(List<LoadRun> profiles, boolean failover, String vary) {
        if (!map) {
            return profiles;
        }
        check(failover, vary);
        List<LoadRun> out = new ArrayList<>();
        for (LoadRun p : profiles) {
            for (String b : borrows) {
                for (int rtt : rtts) {
                    for (double load : loads.stream().sorted().toList()) {
                        MapCell c = new MapCell(load, rtt, b);
                        out.add(new LoadRun(p.id() + "@" + c.label(), p.file(), null, null, null, null,
                                c));
                    }
                }
            }
        }
        return out;
    }
}
