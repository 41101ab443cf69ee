package io.poolbench.suite.poolsize;

import java.util.List;
import java.util.Map;

/**
 * The pool-size scenario's article as cited data ({@code src/seeds/seed000.json}): bb8 on SQL Server, 20 tasks holding a
 * connection 200 ms, five runs per pool size.
 *
 * @param title the article's title
 * @param source its file and title
 * @param setup what it ran, in its words
 * @param tasks tasks per run (20)
 * @param holdMs how long each task holds its connection, ms (200)
 * @param elapsedMs per pool size (as a string key, "1" … "20"), the five runs' elapsed times, ms
 */
public record PoolSizeArticle(String title, String source, String setup, int tasks, long holdMs,
        Map<String, List<Double>> elapsedMs) {
}
