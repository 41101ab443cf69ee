package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.run.RunStats;
import io.poolbench.suite.aurora.run.ScreenStats;
import io.poolbench.suite.aurora.run.Screens;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
     * One run's screen beside the article's figures for the same pool and screen.
     *
     * @param run the run's id
     * @param pool the run's pool
     * @param ours the screen's figures in this run
     * @param articlePool the article's column for the pool ({@link #articlePool}), null when it has none
     * @param article the article's figures for that pool and screen, null when it has none
     */
    record ScreenBeside(String run, String pool, ScreenStats ours, String articlePool,
            AuroraData.ArticleScreen article) {
    }

    /**
     * @param stats each run's figures
     * @param art the article's figures
     * @return a row per run and screen, in the runs' and screens' order
     */
    static List<ScreenBeside> beside(List<RunStats> stats, AuroraData.Article art) {
        List<ScreenBeside> out = new ArrayList<>();
        for (RunStats r : stats) {
            String ap = articlePool(r.pool());
            Map<String, AuroraData.ArticleScreen> screens = ap == null ? null : art.results().get(ap);
            r.screens().forEach(s -> out.add(new ScreenBeside(r.id(), r.pool(), s, ap, screens == null ? null
                    : screens.get(s.screen()))));
        }
        return out;
    }

    /**
     * The checks of shape of one run's screen, ours beside the article's.
     *
     * @param run the run's id
     * @param screen the screen
     * @param maxOverP90 our max ÷ p90, null when p90 is 0
     * @param articleMaxOverP90 the article's, null when it has no figures for the pool and screen
     * @param twentySecondClass whether our max reaches the article's 20-second class
     *        ({@link Screens#TWENTY_SECOND_CLASS_MS})
     * @param articleTwentySecondClass the same of the article's max, null without figures
     * @param sqlAloneMaxMs the longest SQL time alone of the screen among the run's users, ms
     * @param withinAlone whether our max is within that plus {@link #ALONE_MARGIN_MS}
     * @param articleWithinAlone the same of the article's max against its long screen alone
     *        ({@link #ARTICLE_LONG_ALONE_MS}); null for other screens or without figures
     */
    record ShapeCheck(String run, String screen, Double maxOverP90, Double articleMaxOverP90,
            boolean twentySecondClass, Boolean articleTwentySecondClass, long sqlAloneMaxMs, boolean withinAlone,
            Boolean articleWithinAlone) {
    }

    /**
     * @param rows the screens beside the article's ({@link #beside})
     * @return their checks of shape, in the same order
     */
    static List<ShapeCheck> shapeChecks(List<ScreenBeside> rows) {
        return rows.stream().map(b -> {
            ScreenStats s = b.ours();
            AuroraData.ArticleScreen a = b.article();
            return new ShapeCheck(b.run(), s.screen(), s.p90Ms() == 0 ? null : s.maxMs() / (double) s.p90Ms(),
                    a == null ? null : a.max() / (double) a.p90(), s.maxMs() >= Screens.TWENTY_SECOND_CLASS_MS,
                    a == null ? null : a.max() >= Screens.TWENTY_SECOND_CLASS_MS, s.sqlAloneMaxMs(),
                    s.maxMs() <= s.sqlAloneMaxMs() + ALONE_MARGIN_MS, a == null || !s.screen().equals("long") ? null
                            : a.max() <= ARTICLE_LONG_ALONE_MS + ALONE_MARGIN_MS);
        }).toList();
    }

    /**
     * @param rows the screens beside the article's ({@link #beside})
     * @return our response times by run and screen beside the article's, ms, as Markdown
     */
    static String responseTimes(List<ScreenBeside> rows) {
        StringBuilder md = new StringBuilder();
        md.append("## Response times by screen, beside the article's (ms)\n\n");
        md.append("Ours: JMeter's elapsed time of each request that started in the measured period; n requests;"
                + " borrow columns: the webapp's own record of the time a request spent in getConnection (p99 of"
                + " its total per request, and the longest single borrow). Article: JMeter's aggregate over 45 min"
                + " and four servers (no n given).\n\n");
        Table t = Table.of("run", "pool", "screen", ">n", ">errors", ">avg", ">median", ">p90", ">p99", ">min", ">max",
                ">borrow total p99", ">longest borrow", "article", ">avg", ">median", ">p90", ">min", ">max");
        for (ScreenBeside b : rows) {
            ScreenStats s = b.ours();
            AuroraData.ArticleScreen a = b.article();
            t.row(b.run(), b.pool(), s.screen(), n(s.n()), n(s.errors()), String.format(Locale.ROOT, "%,.0f",
                    s.avgMs()), n(s.medianMs()), n(s.p90Ms()), n(s.p99Ms()), n(s.minMs()), n(s.maxMs()),
                    ms(s.borrowP99Ms()), ms(s.borrowMaxMs()), b.articlePool() == null ? "–" : b.articlePool(),
                    a == null ? "–" : n(a.avg()), a == null ? "–" : n(a.median()), a == null ? "–" : n(a.p90()),
                    a == null ? "–" : n(a.min()), a == null ? "–" : n(a.max()));
        }
        return md.append(t.markdown()).append('\n').toString();
    }

    /**
     * @param checks the checks of shape ({@link #shapeChecks})
     * @return their table, ours beside the article's, as Markdown
     */
    static String shapeChecksMarkdown(List<ShapeCheck> checks) {
        StringBuilder md = new StringBuilder();
        md.append("## Shape checks\n\n");
        md.append("max ÷ p90 shows how far the worst request is from the usual slow one; the 20-second class is the"
                + " article's DBCP maxima (21,607 to 24,557 ms); \"alone + 1 s\" compares a maximum with the longest"
                + " SQL time of that screen among the run's users plus 1 s (the article: HikariCP answered within"
                + " \"the SQL time alone + α\"; the article gives a SQL time alone only for the long screen, about 8.5"
                + " s, and its own HikariCP's long maximum, 9,524 ms, is above 8.5 s + 1 s). The screen model's short"
                + " and medium SQL times were chosen so that HikariCP's medians at the 1 ms round trip come near the"
                + " article's (45 and 158 ms): that HikariCP's medians agree with the article's is partly built in.\n\n");
        Table t = Table.of("run", "screen", ">max ÷ p90, ours", ">max ÷ p90, article", "max ≥ 20 s, ours", "article",
                ">SQL alone (max over users), ms", "max ≤ alone + 1 s, ours", "article");
        for (ShapeCheck c : checks) {
            t.markdownRow(MarkdownText.cell(c.run()), MarkdownText.cell(c.screen()), ratio(c.maxOverP90()),
                    ratio(c.articleMaxOverP90()), c.twentySecondClass() ? "**yes**" : "no",
                    yesNo(c.articleTwentySecondClass()), n(c.sqlAloneMaxMs()), c.withinAlone() ? "yes" : "**no**",
                    yesNo(c.articleWithinAlone()));
        }
        return md.append(t.markdown()).append('\n').toString();
    }

    private static String ratio(Double v) {
        return v == null ? "–" : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String yesNo(Boolean v) {
        return v == null ? "–" : v ? "yes" : "no";
    }

    private static String n(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    private static String ms(double v) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%,.1f", v);
    }
}
