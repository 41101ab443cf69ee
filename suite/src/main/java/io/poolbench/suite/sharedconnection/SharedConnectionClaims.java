package io.poolbench.suite.sharedconnection;

import io.poolbench.testbed.Figures;
import io.poolbench.testbed.report.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The rows of the shared-connection article's table "the article's claims beside ours": each of the article's ratios (from its text; its
 * figures 1–3 are not in it) beside ours, computed from this run's mean trial times per variant and thread count.
 */
final class SharedConnectionClaims {
    private SharedConnectionClaims() {
    }

    /**
     * @param cl the article's claims by name ({@code src/seeds/seed002.json})
     * @param means per load condition, per variant, per thread count the mean trial time, ms
     * @param pools the pools' variant ids
     * @param max the largest thread count without load
     * @param loadedCounts the thread counts under the load
     * @return the table of the claims: the claim, the article's figure, ours per variant
     */
    static Table rows(Map<String, Double> cl, Map<String, Map<String, Map<Integer, Double>>> means,
            List<String> pools, int max, List<Integer> loadedCounts) {
        Table out = Table.of("claim", ">article", "ours");
        Map<String, Map<Integer, Double>> none = means.getOrDefault("none", Map.of());
        Map<String, Map<Integer, Double>> cj = means.getOrDefault("cross-join", Map.of());
        out.row(claim("no load: PgBouncer ÷ pool, above 100 threads (PgBouncer slower when > 1)",
                cl.get("noLoadPgBouncerOverPoolAbove100"), pools, p -> ratioAbove(none.get("pgbouncer"),
                        none.get(p), 100)));
        out.row(claim("no load: shared ÷ PgBouncer at 10 threads (PgBouncer faster when > 1)",
                cl.get("noLoadSharedOverPgBouncerAt10"), List.of("pgbouncer"),
                p -> at(none.get("shared"), 10) / at(none.get("pgbouncer"), 10)));
        // the article's thread counts only: a figure at another count is not set beside its figure
        String ran = " (under the load this run: " + loadedCounts + " threads)";
        out.row(claim("load: shared ÷ pool at 500 threads (pool faster when > 1)" + (loadedCounts.contains(500)
                ? "" : ran), cl.get("loadSharedOverPoolAt500"), pools, p -> at(cj.get("shared"), 500)
                / at(cj.get(p), 500)));
        out.row(claimMs("load: shared − pool at 50 threads, ms" + (loadedCounts.contains(50) ? "" : ran),
                cl.get("loadSharedMinusPoolAt50Ms"), pools, p -> at(cj.get("shared"), 50) - at(cj.get(p), 50)));
        out.row(claim("no load: a connection per thread ÷ shared at " + max + " threads (the article: single-threaded"
                + " ÷ method 4.55 at many connections; multi-threaded was 1.7 × faster than single-threaded)",
                String.format(Locale.ROOT, "≈ %.2f (derived: 4.55 ÷ 1.7, two figures the article gives at different"
                + " thread counts)", cl.get("noLoadSingleOverSharedManyConnections")
                / cl.get("noLoadSingleOverMultiAt500")), List.of("unpooled"),
                p -> at(none.get("unpooled"), max) / at(none.get("shared"), max), "%s %.2f"));
        return out;
    }

    private static double at(Map<Integer, Double> m, int count) {
        return m == null || !m.containsKey(count) ? Double.NaN : m.get(count);
    }

    /**
     * Mean over the thread counts above a threshold of a ÷ b.
     *
     * @param a numerator means by thread count
     * @param b denominator means by thread count
     * @param above threshold (exclusive)
     * @return the mean ratio, NaN when no count qualifies
     */
    static double ratioAbove(Map<Integer, Double> a, Map<Integer, Double> b, int above) {
        if (a == null || b == null) {
            return Double.NaN;
        }
        List<Double> r = new ArrayList<>();
        a.forEach((c, v) -> {
            if (c > above && b.containsKey(c)) {
                r.add(v / b.get(c));
            }
        });
        return Figures.mean(r);
    }

    private static String[] claim(String what, double article, List<String> variants,
            Function<String, Double> ours) {
        return claim(what, String.format(Locale.ROOT, "%.2f", article), variants, ours, "%s %.2f");
    }

    private static String[] claimMs(String what, double article, List<String> variants,
            Function<String, Double> ours) {
        return claim(what, String.format(Locale.ROOT, "%+.2f ms", article), variants, ours, "%s %+.2f ms");
    }

    /**
     * @param what the claim
     * @param article the article's figure, formatted
     * @param variants the variants ours is computed for
     * @param ours a variant's figure (NaN: not measured)
     * @param format how one of ours is shown: variant, figure
     * @return the claim's cells
     */
    private static String[] claim(String what, String article, List<String> variants,
            Function<String, Double> ours, String format) {
        List<String> parts = new ArrayList<>();
        for (String v : variants) {
            double x = ours.apply(v);
            if (!Double.isNaN(x)) {
                parts.add(String.format(Locale.ROOT, format, v, x));
            }
        }
        return new String[] {what, article, parts.isEmpty() ? "not measured" : String.join("; ", parts)};
    }
}
