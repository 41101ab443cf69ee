package io.poolbench.suite.aurora.map;

import io.poolbench.suite.aurora.knee.KneeResult;
import io.poolbench.suite.aurora.knee.KneeRounds;
import io.poolbench.suite.aurora.knee.KneeSearch;
import io.poolbench.suite.aurora.map.SaturationMap.Cell;
import io.poolbench.suite.aurora.run.MapCell;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The knee of a column of the Aurora article's saturation map, measured and predicted by one rule: the load at which the short
 * screen's p99 reaches {@link #FACTOR} × its value at the column's lowest load, interpolated on log p99 between the
 * two loads around it. {@code aurora --at-knee} reads the knees a map kept in its {@code summary.json}.
 */
public final class MapKnee {
    /** The knee: this many times the lowest load's p99. */
    public static final double FACTOR = KneeSearch.FACTOR;

    private MapKnee() {
    }

    /**
     * A column's knee, as {@code screens/summary.json} keeps it for {@code aurora --at-knee}.
     *
     * @param profile the profile's name
     * @param borrow {@code per-request} or {@code per-query}
     * @param rttMs the round trip added, ms
     * @param measuredLoad the measured knee, in multiples of the article's per-server rate; null when the short
     *     screen's p99 stayed under the rule's threshold in the whole column (or it has no result at its lowest load)
     * @param modelLoad the model's knee; null likewise
     * @param highestLoad the column's highest load
     */
    public record Knee(String profile, String borrow, int rttMs, Double measuredLoad, Double modelLoad, double highestLoad) {
    }

    /**
     * The knees of a knee search ({@code aurora --find-knee}), each over its rounds ({@link KneeRounds}: the
     * geometric mean of the searches that found one), as a map's knees (a pure function): the highest load a search
     * measured stands for the grid's highest load where none found a knee.
     *
     * @param results the searches, as {@code screens/knees.json} keeps them
     * @return a knee per profile, round trip and borrowing, in the searches' order
     */
    public static List<Knee> fromSearch(List<KneeResult> results) {
        List<Knee> out = new ArrayList<>();
        for (KneeRounds k : KneeRounds.of(results)) {
            double highest = Double.isNaN(k.highestLoad()) ? 1 / MapCell.ARTICLE_SHARE : k.highestLoad();
            out.add(new Knee(k.profile(), k.borrow(), k.rttMs(), k.knee() == null ? null
                    : Math.round(k.knee().ratio() * 100) / 100.0, k.model(), highest));
        }
        return out;
    }

    /**
     * @param grid the map's cells
     * @return a knee per column, in the grid's order; empty when the run was not a map
     */
    public static List<Knee> knees(SaturationMap.Grid grid) {
        return grid.columns().stream().filter(c -> c.cells().size() >= 2).map(c -> new Knee(c.profile(), c.borrow(),
                c.rttMs(), kneeLoad(c.cells(), false), kneeLoad(c.cells(), true),
                c.cells().get(c.cells().size() - 1).load())).toList();
    }

    /**
     * The knee by the rule: the load at which the short screen's p99 reaches {@link #FACTOR} × its value at the
     * column's lowest load, interpolated on log p99 between the two loads around it.
     *
     * @param col a column's cells, by load
     * @param model the model's p99 (true) or the measured (false)
     * @return the knee's load; null when the p99 never reached it or there is none at the lowest load
     */
    static Double kneeLoad(List<Cell> col, boolean model) {
        return KneeSearch.rule(col.stream().map(c -> new double[] {c.load(), model ? c.modelP99() : c.p99()})
                .toList());
    }

    /** @return the knee in words: its load and the two loads it lies between, or why there is none */
    static String inWords(List<Cell> col, boolean model) {
        double base = model ? col.get(0).modelP99() : col.get(0).p99();
        if (!(base > 0) || col.size() < 2) {
            return "not found (no p99 at the lowest load)";
        }
        Double at = kneeLoad(col, model);
        if (at == null) {
            return "beyond × " + SaturationMap.num(col.get(col.size() - 1).load()) + " (p99 stayed under "
                    + SaturationMap.num(FACTOR * base) + " ms)";
        }
        int above = 1;
        while (col.get(above).load() < at) {
            above++;
        }
        return "× " + SaturationMap.num(at) + " (interpolated between × " + SaturationMap.num(col.get(above - 1).load())
                + " and × " + SaturationMap.num(col.get(above).load()) + ")";
    }

    /** @return the model's knee against the measured, "; the model's knee +12 % off", or empty without both */
    static String modelError(List<Cell> col) {
        Double m = kneeLoad(col, false);
        Double p = kneeLoad(col, true);
        return m == null || p == null ? "" : String.format(Locale.ROOT, "; the model's knee %+.0f %% off",
                100 * (p - m) / m);
    }
}
