package io.poolbench.suite.seed001;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Seed 001's checks of shape on fixed numbers: the plateau, R2DBC ÷ JDBC, Little's law, the index's worth. */
class Seed001ChecksTest {
    private static Seed001Data.Step step(int users, double reqPerSecond, double avgMs, long p95Ms) {
        return new Seed001Data.Step(users, Map.of(), 1.0, users, null, 1_000L, 0L, reqPerSecond, avgMs, 5L, p95Ms,
                p95Ms, p95Ms, 8.0, 100L, Map.of(), 16, 0, 0.0, 10);
    }

    private static Seed001Data.StackData stack(String id, boolean r2dbc, Seed001Data.Step... steps) {
        Map<Integer, Seed001Data.Step> m = new TreeMap<>();
        for (Seed001Data.Step s : steps) {
            m.put(s.users(), s);
        }
        return new Seed001Data.StackData(id, id + " label", r2dbc, m);
    }

    private static final List<Seed001Data.ArticleRow> ARTICLE = List.of(
            new Seed001Data.ArticleRow(10, 500, 10, 15, 400, 12, 14),
            new Seed001Data.ArticleRow(100, 5_000, 10, 20, 4_000, 15, 18),
            new Seed001Data.ArticleRow(300, 5_500, 40, 60, 4_400, 55, 50));

    @Test
    void thePlateauTheRatiosAndTheTimeOutsideTheRequest() {
        Map<String, Seed001Data.StackData> stacks = new LinkedHashMap<>();
        stacks.put("hikari", stack("hikari", false, step(10, 1_000, 9, 12), step(100, 2_000, 40, 60),
                step(300, 2_100, 140, 200)));
        stacks.put("r2dbc", stack("r2dbc", true, step(100, 1_500, 60, 50), step(300, 1_680, 170, 190)));
        Seed001Data.IndexChecks j = new Seed001Data.IndexChecks(new LinkedHashMap<>(), new ArrayList<>());
        String md = Seed001Checks.checks(stacks, ARTICLE, "with", j);
        // plateau: min ÷ max of req/s from 100 users on
        assertEquals(2_000 / 2_100.0, j.plateau().get("hikari"), 1e-9);
        assertEquals(1_500 / 1_680.0, j.plateau().get("r2dbc"), 1e-9);
        // R2DBC ÷ JDBC at the users both measured
        assertEquals(List.of(new Seed001Data.Ratio("r2dbc", "hikari", 100, 0.75),
                new Seed001Data.Ratio("r2dbc", "hikari", 300, 0.8)), j.r2dbcOverJdbc());
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
        Map<String, Map<String, Seed001Data.StackData>> byIndex = new LinkedHashMap<>();
        byIndex.put("with", Map.of("hikari", stack("hikari", false, step(100, 2_000, 40, 60))));
        byIndex.put("without", Map.of("hikari", stack("hikari", false, step(100, 50, 1_900, 2_500))));
        List<Seed001Data.IndexEffect> effects = new ArrayList<>();
        String md = Seed001Checks.indexEffect(byIndex, new Seed001Data.Article("setup", "conclusion", ARTICLE,
                ARTICLE), effects);
        assertEquals(List.of(new Seed001Data.IndexEffect("hikari", 100, 40.0)), effects);
        assertTrue(md.contains("| hikari label | 100: 40.0 × |"), md);
    }

    @Test
    void aFailedStepIsNoResultEvenWithFigures() {
        // issue 19: a step over the error budget kept its req/s in the ratios and the findings
        Map<String, Seed001Data.StackData> stacks = new LinkedHashMap<>();
        stacks.put("hikari", stack("hikari", false, step(100, 2_000, 40, 60), step(300, 2_100, 140, 200)));
        stacks.put("r2dbc", stack("r2dbc", true, step(100, 1_500, 60, 50),
                step(300, 9_999, 1, 1).failed("600 of 1,000 requests failed (60.0 % > --max-error-percent 1)")));
        Seed001Data.IndexChecks j = new Seed001Data.IndexChecks(new LinkedHashMap<>(), new ArrayList<>());
        String md = Seed001Checks.checks(stacks, ARTICLE, "with", j);
        assertEquals(List.of(new Seed001Data.Ratio("r2dbc", "hikari", 100, 0.75)), j.r2dbcOverJdbc());
        assertTrue(!md.contains("9999") && !md.contains("9,999") && !md.contains("4.76"), md);
    }
}
