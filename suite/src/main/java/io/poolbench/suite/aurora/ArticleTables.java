package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.run.RunStats;
import io.poolbench.suite.aurora.run.ScreenStats;
import io.poolbench.suite.aurora.run.Screens;
import java.util.List;
import java.util.Locale;

/**
 * The Aurora report's two tables that set each run beside the article: response times by screen, and the checks of
 * shape (max ÷ p90, the 20-second class, a maximum against the screen's SQL time alone).
 */
final class ArticleTables {
    /** Margin over a screen's SQL time alone within which the article says HikariCP answered ("+α"), ms. */
    static final long ALONE_MARGIN_MS = 1_000;
    /** The article's long screen alone: "最長で8.5秒程度" (up to about 8.5 s), ms; it gives none for the others. */
    static final long ARTICLE_LONG_ALONE_MS = 8_500;

    private ArticleTables() {
    }

    /** @return the article's column for a pool: HikariCP for HikariCP, DBCP2 for every DBCP, else null */
    static String articlePool(String pool) {
        if (pool.startsWith("HikariCP")) {
            return "HikariCP";
        }
        return pool.contains("DBCP") ? "DBCP2" : null;
    }

    /**
     * @param stats each run's figures
     * @param art the article's figures
     * @return our response times by run and screen beside the article's, ms
     */
    static String responseTimes(List<RunStats> stats, AuroraData.Article art) {
        StringBuilder md = new StringBuilder();
        md.append("## Response times by screen, beside the article's (ms)\n\n");
        md.append("Ours: JMeter's elapsed time of each request that started in the measured period; n requests;"
                + " borrow columns: the webapp's own record of the time a request spent in getConnection (p99 of"
                + " its total per request, and the longest single borrow). Article: JMeter's aggregate over 45 min"
                + " and four servers (no n given).\n\n");
        md.append("| run | pool | screen | n | errors | avg | median | p90 | p99 | min | max | borrow total p99 | longest borrow"
                + " | article | avg | median | p90 | min | max |\n");
        md.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|\n");
        for (RunStats r : stats) {
            String ap = articlePool(r.pool());
            for (ScreenStats s : r.screens()) {
                AuroraData.ArticleScreen a = ap == null || art.results().get(ap) == null ? null
                        : art.results().get(ap).get(s.screen());
                md.append(String.format(Locale.ROOT, "| %s | %s | %s | %,d | %,d | %,.0f | %,d | %,d | %,d | %,d | %,d"
                        + " | %s | %s | %s | %s |%n", r.id(), r.pool(), s.screen(), s.n(), s.errors(), s.avgMs(),
                        s.medianMs(), s.p90Ms(), s.p99Ms(), s.minMs(), s.maxMs(), ms(s.borrowP99Ms()),
                        ms(s.borrowMaxMs()), ap == null ? "–" : ap, a == null ? "– | – | – | – | –"
                                : String.format(Locale.ROOT, "%,d | %,d | %,d | %,d | %,d", a.avg(), a.median(),
                                        a.p90(), a.min(), a.max())));
            }
        }
        md.append('\n');
        return md.toString();
    }

    /**
     * @param stats each run's figures
     * @param art the article's figures
     * @return the checks of shape by run and screen, ours beside the article's
     */
    static String shapeChecks(List<RunStats> stats, AuroraData.Article art) {
        StringBuilder md = new StringBuilder();
        md.append("## Shape checks\n\n");
        md.append("max ÷ p90 shows how far the worst request is from the usual slow one; the 20-second class is the"
                + " article's DBCP maxima (21,607 to 24,557 ms); \"alone + 1 s\" compares a maximum with the longest"
                + " SQL time of that screen among the run's users plus 1 s (the article: HikariCP answered within"
                + " \"the SQL time alone + α\"; the article gives a SQL time alone only for the long screen, about 8.5"
                + " s, and its own HikariCP's long maximum, 9,524 ms, is above 8.5 s + 1 s). The screen model's short"
                + " and medium SQL times were chosen so that HikariCP's medians at the 1 ms round trip come near the"
                + " article's (45 and 158 ms): that HikariCP's medians agree with the article's is partly built in.\n\n");
        md.append("| run | screen | max ÷ p90, ours | max ÷ p90, article | max ≥ 20 s, ours | article | SQL alone (max"
                + " over users), ms | max ≤ alone + 1 s, ours | article |\n|---|---|---:|---:|---|---|---:|---|---|\n");
        for (RunStats r : stats) {
            String ap = articlePool(r.pool());
            for (ScreenStats s : r.screens()) {
                AuroraData.ArticleScreen a = ap == null || art.results().get(ap) == null ? null
                        : art.results().get(ap).get(s.screen());
                md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %,d | %s | %s |%n", r.id(),
                        s.screen(), s.p90Ms() == 0 ? "–" : String.format(Locale.ROOT, "%.1f",
                                s.maxMs() / (double) s.p90Ms()),
                        a == null ? "–" : String.format(Locale.ROOT, "%.1f", a.max() / (double) a.p90()),
                        s.maxMs() >= Screens.TWENTY_SECOND_CLASS_MS ? "**yes**" : "no",
                        a == null ? "–" : a.max() >= Screens.TWENTY_SECOND_CLASS_MS ? "yes" : "no",
                        s.sqlAloneMaxMs(), s.maxMs() <= s.sqlAloneMaxMs() + ALONE_MARGIN_MS ? "yes" : "**no**",
                        a == null || !s.screen().equals("long") ? "–" : a.max() <= ARTICLE_LONG_ALONE_MS
                                + ALONE_MARGIN_MS ? "yes" : "no"));
            }
        }
        md.append('\n');
        return md.toString();
    }

    private static String ms(double v) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%,.1f", v);
    }
}
