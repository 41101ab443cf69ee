package io.poolbench.suite.aurora;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.poolbench.suite.aurora.run.RunStats;
import io.poolbench.suite.aurora.run.ScreenStats;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Aurora report's rows beside the article's and its checks of shape, from made-up figures: exact values. */
class ArticleTablesTest {
    private static final AuroraData.Article ARTICLE = new AuroraData.Article("t", "a", "s", Map.of(
            "DBCP2", Map.of("long", new AuroraData.ArticleScreen(9_000, 8_800, 10_000, 8_000, 24_000)),
            "HikariCP", Map.of("long", new AuroraData.ArticleScreen(8_700, 8_600, 9_000, 8_000, 9_524))));

    private static ScreenStats screen(String name, long p90Ms, long maxMs, long aloneMs) {
        return new ScreenStats(name, 100, 0, 50, 40, p90Ms, p90Ms, 10, maxMs, 1.5, 2.5, aloneMs);
    }

    private static RunStats run(String id, String pool, ScreenStats... screens) {
        return new RunStats(id, pool, List.of(screens), 100, 60, 1.7, Map.of());
    }

    @Test
    void eachScreenMeetsTheArticlesColumnForItsPoolAndNoneForAPoolTheArticleDidNotRun() {
        List<ArticleTables.ScreenBeside> rows = ArticleTables.beside(List.of(
                run("dbcp1.r1", "DBCP 1.4", screen("short", 100, 21_000, 60), screen("long", 9_000, 9_600, 8_700)),
                run("vibur.r1", "Vibur", screen("long", 9_000, 9_100, 8_700))), ARTICLE);
        assertEquals(3, rows.size());
        assertEquals("DBCP2", rows.get(0).articlePool(), "every DBCP is set beside the article's DBCP2");
        assertNull(rows.get(0).article(), "the article has no short screen in this made-up set");
        assertEquals(24_000, rows.get(1).article().max());
        assertNull(rows.get(2).articlePool());
        assertNull(rows.get(2).article());

        List<ArticleTables.ShapeCheck> checks = ArticleTables.shapeChecks(rows);
        assertEquals(new ArticleTables.ShapeCheck("dbcp1.r1", "short", 210.0, null, true, null, 60, false, null),
                checks.get(0));
        assertEquals(new ArticleTables.ShapeCheck("dbcp1.r1", "long", 9_600 / 9_000.0, 2.4, false, true, 8_700,
                true, false), checks.get(1), "the article's DBCP2 long max 24 s: 20-second class, not within 8.5 + 1 s");
        assertEquals(new ArticleTables.ShapeCheck("vibur.r1", "long", 9_100 / 9_000.0, null, false, null, 8_700,
                true, null), checks.get(2));
    }

    @Test
    void aZeroP90HasNoRatioAndTheTablesHaveARowPerScreen() {
        List<ArticleTables.ScreenBeside> rows = ArticleTables.beside(List.of(run("h|1", "HikariCP 5",
                screen("long", 0, 9_000, 8_600))), ARTICLE);
        ArticleTables.ShapeCheck c = ArticleTables.shapeChecks(rows).get(0);
        assertNull(c.maxOverP90());
        assertEquals(Boolean.FALSE, c.articleWithinAlone(), "the article's HikariCP 9,524 ms is above 8,500 + 1,000 ms");
        String md = ArticleTables.shapeChecksMarkdown(List.of(c));
        assertEquals(1, md.lines().filter(l -> l.startsWith("| h\\|1 |")).count(), md);
        assertEquals(1, ArticleTables.responseTimes(rows).lines().filter(l -> l.startsWith("| h\\|1 | HikariCP 5 |"))
                .count());
    }
}
