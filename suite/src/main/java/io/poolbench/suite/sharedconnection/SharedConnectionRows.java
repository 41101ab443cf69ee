package io.poolbench.suite.sharedconnection;

import io.poolbench.testbed.Figures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The figures of a load's table in the shared-connection report, computed from a variant's trials. */
final class SharedConnectionRows {
    private SharedConnectionRows() {
    }

    /**
     * A trial-time percentile by nearest rank.
     *
     * @param v trial times, ms
     * @param q quantile in (0, 1]
     * @return the value, NaN when empty
     */
    static double percentile(List<Double> v, double q) {
        Double x = Figures.nearestRank(v, q);
        return x == null ? Double.NaN : x;
    }

    /**
     * One variant's figures at one thread count.
     *
     * @param meanMs mean trial time, ms
     * @param p99Ms p99 trial time by nearest rank, ms
     * @param withConnectingMeanMs mean trial time on the article's clock (opening the variant included), ms; null
     *     when not measured ({@code --clock excluding})
     * @param n measured trials
     */
    record CountCell(double meanMs, double p99Ms, Double withConnectingMeanMs, int n) {
    }

    /**
     * One variant's row of a load's table.
     *
     * @param cells thread count → its figures; a count without measured trials is absent
     * @param errors failed queries over every thread count
     */
    record VariantRow(Map<Integer, CountCell> cells, int errors) {
    }

    /**
     * @param r one variant's trials under one load
     * @param counts the thread counts run
     * @return its row: per thread count the mean, p99 and n of its trials, and the failed queries summed
     */
    static VariantRow row(SharedConnectionData.Trials r, List<Integer> counts) {
        Map<Integer, CountCell> cells = new LinkedHashMap<>();
        int errors = 0;
        for (int c : counts) {
            SharedConnectionData.Trial t = r.trials().get(Integer.toString(c));
            List<Double> ms = t == null || t.elapsedMs() == null ? List.of() : t.elapsedMs();
            errors += t == null ? 0 : t.errors();
            if (!ms.isEmpty()) {
                List<Double> wc = t.withConnectingMs() == null ? List.of() : t.withConnectingMs();
                cells.put(c, new CountCell(Figures.mean(ms), percentile(ms, 0.99),
                        wc.isEmpty() ? null : Figures.mean(wc), ms.size()));
            }
        }
        return new VariantRow(cells, errors);
    }
}
