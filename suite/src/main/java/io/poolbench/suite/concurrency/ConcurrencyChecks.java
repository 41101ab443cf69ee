package io.poolbench.suite.concurrency;

import io.poolbench.testbed.Figures;
import io.poolbench.testbed.report.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The concurrency scenario's checks of shape on our numbers beside the article's: the plateau from 100 users on, R2DBC ÷ JDBC req/s
 * per users, the P95 cells where R2DBC is lower, users ÷ req/s − avg (Little's law: the time per iteration outside
 * the request), and what the index is worth. Each returns its Markdown and records its figures for the summary.
 */
final class ConcurrencyChecks {
    private ConcurrencyChecks() {
    }

    /** The article's shape, checked on our numbers. */
    static String checks(Map<String, ConcurrencyData.StackData> stacks, List<ConcurrencyData.ArticleRow> art, String index,
            ConcurrencyData.IndexChecks j) {
        StringBuilder md = new StringBuilder("Checks of shape, ").append(index).append(" the index:\n\n");
        Table t = Table.of("check", "article", "ours");
        // plateau: req/s at 100 users and above, min ÷ max
        StringBuilder ours = new StringBuilder();
        for (ConcurrencyData.StackData d : stacks.values()) {
            List<Double> v = rates(d, 100);
            if (v.size() >= 2) {
                double ratio = Figures.min(v) / Figures.max(v);
                ours.append(String.format(Locale.ROOT, "%s %.2f (%s–%s req/s); ", d.label(), ratio,
                        Figures.fixed(Figures.min(v), 0), Figures.fixed(Figures.max(v), 0)));
                j.plateau().put(d.id(), ratio);
            }
        }
        t.row("plateau: req/s from 100 users on, min ÷ max (1.00 = flat)", String.format(Locale.ROOT, "JDBC %.2f,"
                + " R2DBC %.2f", minOver(art, ConcurrencyData.ArticleRow::jdbcReqPerSecond, 100)
                / maxOver(art, ConcurrencyData.ArticleRow::jdbcReqPerSecond, 100),
                minOver(art, ConcurrencyData.ArticleRow::r2dbcReqPerSecond, 100)
                / maxOver(art, ConcurrencyData.ArticleRow::r2dbcReqPerSecond, 100)), trim(ours));
        // R2DBC ÷ JDBC req/s per users
        List<ConcurrencyData.StackData> jdbc = stacks.values().stream().filter(d -> !d.r2dbc()).toList();
        List<ConcurrencyData.StackData> r2 = stacks.values().stream().filter(ConcurrencyData.StackData::r2dbc).toList();
        StringBuilder artRatio = new StringBuilder();
        art.forEach(r -> artRatio.append(String.format(Locale.ROOT, "%d: %.2f; ", r.users(),
                r.r2dbcReqPerSecond() / r.jdbcReqPerSecond())));
        for (ConcurrencyData.StackData r : r2) {
            for (ConcurrencyData.StackData d : jdbc) {
                StringBuilder o = new StringBuilder();
                r.steps().forEach((users, x) -> {
                    ConcurrencyData.Step y = d.steps().get(users);
                    if (y != null && x.measured() && y.measured()) {
                        double q = x.reqPerSecond() / y.reqPerSecond();
                        o.append(String.format(Locale.ROOT, "%d: %.2f; ", users, q));
                        j.r2dbcOverJdbc().add(new ConcurrencyData.Ratio(r.id(), d.id(), users, q));
                    }
                });
                t.row("req/s " + r.label() + " ÷ " + d.label() + ", by users", trim(artRatio), trim(o));
            }
        }
        p95Lower(t, art, r2, jdbc);
        pause(t, art, stacks);
        return md.append(t.markdown()).append("\n").toString();
    }

    /** Adds the check whose cells have R2DBC's P95 below JDBC's, the article's and ours per pair of stacks. */
    private static void p95Lower(Table t, List<ConcurrencyData.ArticleRow> art, List<ConcurrencyData.StackData> r2,
            List<ConcurrencyData.StackData> jdbc) {
        // P95 cells where R2DBC is lower than JDBC
        int artCells = 0;
        StringBuilder artWhere = new StringBuilder();
        for (ConcurrencyData.ArticleRow r : art) {
            if (r.r2dbcP95Ms() < r.jdbcP95Ms()) {
                artCells++;
                artWhere.append(r.users()).append(", ");
            }
        }
        for (ConcurrencyData.StackData r : r2) {
            for (ConcurrencyData.StackData d : jdbc) {
                int n = 0;
                int of = 0;
                StringBuilder where = new StringBuilder();
                for (Map.Entry<Integer, ConcurrencyData.Step> e : r.steps().entrySet()) {
                    ConcurrencyData.Step y = d.steps().get(e.getKey());
                    if (y != null && e.getValue().measured() && y.measured()) {
                        of++;
                        if (e.getValue().p95Ms() < y.p95Ms()) {
                            n++;
                            where.append(e.getKey()).append(", ");
                        }
                    }
                }
                t.row("P95 lower with " + r.label() + " than " + d.label() + ": steps", artCells + " of " + art.size()
                        + (artCells == 0 ? "" : " (users " + trim(artWhere) + ")"), n + " of " + of + (n == 0 ? ""
                        : " (users " + trim(where) + ")"));
            }
        }
    }

    /** Adds the row for the time per iteration outside the request (Little's law), the article's and ours. */
    private static void pause(Table t, List<ConcurrencyData.ArticleRow> art,
            Map<String, ConcurrencyData.StackData> stacks) {
        // Little's law: users ÷ req/s − avg = the pause per iteration (ms)
        List<Double> artPause = new ArrayList<>();
        art.forEach(r -> {
            artPause.add(r.users() * 1000 / r.jdbcReqPerSecond() - r.jdbcAvgMs());
            artPause.add(r.users() * 1000 / r.r2dbcReqPerSecond() - r.r2dbcAvgMs());
        });
        List<Double> ourPause = new ArrayList<>();
        stacks.values().forEach(d -> d.steps().forEach((users, x) -> {
            if (x.measured() && x.reqPerSecond() > 0) {
                ourPause.add(users * 1000.0 / x.reqPerSecond() - x.avgMs());
            }
        }));
        t.row("users ÷ req/s − avg (ms): time per iteration outside the request", String.format(Locale.ROOT,
                "%.1f … %.1f (a pause per iteration)", Figures.min(artPause), Figures.max(artPause)),
                ourPause.isEmpty() ? "–" : String.format(Locale.ROOT, "%.1f … %.1f (no pause configured: this is"
                        + " JMeter's own time between requests; hundreds of ms mean the load generator, short of CPU,"
                        + " kept fewer users busy than it ran)", Figures.min(ourPause), Figures.max(ourPause)));
    }

    static String indexEffect(Map<String, Map<String, ConcurrencyData.StackData>> byIndex, ConcurrencyData.Article art,
            List<ConcurrencyData.IndexEffect> effects) {
        Map<String, ConcurrencyData.StackData> with = byIndex.get("with");
        Map<String, ConcurrencyData.StackData> without = byIndex.get("without");
        if (with == null || without == null) {
            return "";
        }
        StringBuilder md = new StringBuilder("## What the index is worth\n\nreq/s with ÷ without the index at the"
                + " same users (the article: JDBC ");
        List<ConcurrencyData.ArticleRow> aw = art.withIndex();
        List<ConcurrencyData.ArticleRow> an = art.withoutIndex();
        List<String> a = new ArrayList<>();
        for (int i = 0; i < aw.size(); i++) {
            a.add(String.format(Locale.ROOT, "%d users %.1f ×", aw.get(i).users(),
                    aw.get(i).jdbcReqPerSecond() / an.get(i).jdbcReqPerSecond()));
        }
        md.append(a.get(0)).append(" … ").append(a.get(a.size() - 1)).append("; R2DBC ").append(String.format(
                Locale.ROOT, "%.1f × … %.1f ×", aw.get(0).r2dbcReqPerSecond() / an.get(0).r2dbcReqPerSecond(),
                aw.get(aw.size() - 1).r2dbcReqPerSecond() / an.get(an.size() - 1).r2dbcReqPerSecond()))
                .append("):\n\n");
        Table t = Table.of("stack", "by users");
        for (ConcurrencyData.StackData d : with.values()) {
            ConcurrencyData.StackData n = without.get(d.id());
            if (n == null) {
                continue;
            }
            StringBuilder o = new StringBuilder();
            d.steps().forEach((users, x) -> {
                ConcurrencyData.Step y = n.steps().get(users);
                if (y != null && x.measured() && y.measured() && y.reqPerSecond() > 0) {
                    double q = x.reqPerSecond() / y.reqPerSecond();
                    o.append(String.format(Locale.ROOT, "%d: %.1f ×; ", users, q));
                    effects.add(new ConcurrencyData.IndexEffect(d.id(), users, q));
                }
            });
            t.row(d.label(), trim(o));
        }
        return md.append(t.markdown()).toString();
    }

    private static List<Double> rates(ConcurrencyData.StackData d, int fromUsers) {
        List<Double> v = new ArrayList<>();
        d.steps().forEach((users, r) -> {
            if (users >= fromUsers && r.measured() && r.requests() > 0) {
                v.add(r.reqPerSecond());
            }
        });
        return v;
    }

    private static double minOver(List<ConcurrencyData.ArticleRow> art, ToDoubleFunction<ConcurrencyData.ArticleRow> col,
            int fromUsers) {
        double m = Double.MAX_VALUE;
        for (ConcurrencyData.ArticleRow r : art) {
            if (r.users() >= fromUsers) {
                m = Math.min(m, col.applyAsDouble(r));
            }
        }
        return m;
    }

    private static double maxOver(List<ConcurrencyData.ArticleRow> art, ToDoubleFunction<ConcurrencyData.ArticleRow> col,
            int fromUsers) {
        double m = 0;
        for (ConcurrencyData.ArticleRow r : art) {
            if (r.users() >= fromUsers) {
                m = Math.max(m, col.applyAsDouble(r));
            }
        }
        return m;
    }

    static String trim(StringBuilder sb) {
        String t = sb.toString().trim();
        while (t.endsWith(";") || t.endsWith(",")) {
            t = t.substring(0, t.length() - 1).trim();
        }
        return t.isEmpty() ? "–" : t;
    }
}
