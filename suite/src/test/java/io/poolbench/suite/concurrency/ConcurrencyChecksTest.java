package io.poolbench.suite.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The concurrency scenario's checks of shape on fixed numbers: the plateau, R2DBC ÷ JDBC, Little's law, the index's worth. */
class ConcurrencyChecksTest {
    private static ConcurrencyData.Step step(int users, double reqPerSecond, double avgMs, long p95Ms) {
        return new ConcurrencyData.Step(users, Map.of(), 1.0, users, null, 1_000L, 0L, reqPerSecond, avgMs, 5L, p95Ms,
                p95Ms, p95Ms, 8.0, 100L, Map.of(), 16, 0, 0.0, 10);
    }

    private static ConcurrencyData.StackData stack(String id, boolean r2dbc, ConcurrencyData.Step... steps) {
        Map<Integer, ConcurrencyData.Step> m = new TreeMap<>();
        for (ConcurrencyData.Step s : steps) {
            m.put(s.users(), s);
        }
        return new ConcurrencyData.StackData(id, id + " label", r2dbc, m);
    }

    private static final List<ConcurrencyData.ArticleRow> ARTICLE = List.of(
            new ConcurrencyData.ArticleRow(10, 500, 10, 15, 400, 12, 14),
            new ConcurrencyData.ArticleRow(100, 5_000, 10, 20, 4_000, 15, 18),
            new ConcurrencyData.ArticleRow(300, 5_500, 40, 60, 4_400, 55, 50));

    @Test
    void thePlateauTheRatiosAndTheTimeOutsideTheRequest() {
        Map<String, ConcurrencyData.StackData> stacks = new LinkedHashMap<>();
        stacks.put("hikari", stack("hikari", false, step(10, 1_000, 9, 12), step(100, 2_000, 40, 60),
                step(300, 2_100, 140, 200)));
        stacks.put("r2dbc", stack("r2dbc", true, step(100, 1_500, 60, 50), step(300, 1_680, 170, 190)));
        ConcurrencyData.IndexChecks j = new ConcurrencyData.IndexChecks(new LinkedHashMap<>(), new ArrayList<>());
        String md = ConcurrencyChecks.checks(stacks, ARTICLE, "with", j);
        // plateau: min ÷ max of req/s from 100 users on
        assertEquals(2_000 / 2_100.0, j.plateau().get("hikari"), 1e-9);
        assertEquals(1_500 / 1_680.0, j.plateau().get("r2dbc"), 1e-9);
        // R2DBC ÷ JDBC at the users both measured
        assertEquals(List.of(new ConcurrencyData.Ratio("r2dbc", "hikari", 100, 0.75),
                new ConcurrencyData.Ratio("r2dbc", "hikari", 300, 0.8)), j.r2dbcOverJdbc());
        // the article's plateau: JDBC 5,000 ÷ 5,500, R2DBC 4,000 ÷ 4,400
        assertTrue(md.contains("| JDBC 0.91, R2DBC 0.91 |"), md);
        // P95 lower with R2DBC than JDBC: at 100 (50 < 60) and 300 (190 < 200); the article: at 10, 100, 300
        assertTrue(md.contains("| 3 of 3 (users 10, 100, 300) | 2 of 2 (users 100, 300) |"), md);
        // Little's law, users ÷ req/s − avg over every step: least 10 ÷ 1,000 req/s − 9 ms = 1.0 ms, most
        // 100 ÷ 2,000 req/s − 40 ms = 10.0 ms; the article's from its rows (10 ÷ 500 − 10 = 10 … 300 ÷ 5,500 − 40 = 14.5)
        assertTrue(md.contains("| 10.0 … 14.5 (a pause per iteration) | 1.0 … 10.0 (no pause"), md);
    }

    @Test
    void theIndexIsWorthWithOverWithoutAtTheSameUsers() {
        Map<String, Map<String, ConcurrencyData.StackData>> byIndex = new LinkedHashMap<>();
        byIndex.put("with", Map.of("hikari", stack("hikari", false, step(100, 2_000, 40, 60))));
        byIndex.put("without", Map.of("hikari", stack("hikari", false, step(100, 50, 1_900, 2_500))));
        List<ConcurrencyData.IndexEffect> effects = new ArrayList<>();
        String md = ConcurrencyChecks.indexEffect(byIndex, new ConcurrencyData.Article("setup", "conclusion", ARTICLE,
                ARTICLE), effects);
        assertEquals(List.of(new ConcurrencyData.IndexEffect("hikari", 100, 40.0)), effects);
        assertTrue(md.contains("| hikari label | 100: 40.0 × |"), md);
    }

    @Test
    void aFailedStepIsNoResultEvenWithFigures() {
        // a step over the error budget kept its req/s in the ratios and the findings
        Map<String, ConcurrencyData.StackData> stacks = new LinkedHashMap<>();
        stacks.put("hikari", stack("hikari", false, step(100, 2_000, 40, 60), step(300, 2_100, 140, 200)));
        stacks.put("r2dbc", stack("r2dbc", true, step(100, 1_500, 60, 50),
                step(300, 9_999, 1, 1).failed("600 of 1,000 requests failed (60.0 % > --max-error-percent 1)")));
        ConcurrencyData.IndexChecks j = new ConcurrencyData.IndexChecks(new LinkedHashMap<>(), new ArrayList<>());
        String md = ConcurrencyChecks.checks(stacks, ARTICLE, "with", j);
        assertEquals(List.of(new ConcurrencyData.Ratio("r2dbc", "hikari", 100, 0.75)), j.r2dbcOverJdbc());
        assertTrue(!md.contains("9999") && !md.contains("9,999") && !md.contains("4.76"), md);
    }
}
