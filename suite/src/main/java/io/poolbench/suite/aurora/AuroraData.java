package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.map.MapKnee;
import io.poolbench.suite.aurora.run.RunStats;
import java.util.List;
import java.util.Map;

/**
 * The file the Aurora experiment writes per run and its report reads ({@code screens/<run>/outcome.json}), its
 * summary, and the article's figures, as records (their field names are the run
 * directory's layout: renaming one changes {@code RunRecord.FORMAT}).
 */
public final class AuroraData {
    private AuroraData() {
    }

    /**
     * {@code screens/summary.json}.
     *
     * @param status the run's status
     * @param runs each run's figures
     * @param article the article's figures beside them
     * @param findings the comparisons over rounds (none from one round)
     * @param knees with {@code --map}, each column's knee, which {@code --at-knee} reads; empty otherwise
     */
    public record Summary(String status, List<RunStats> runs, Article article,
            AuroraRounds.Findings findings, List<MapKnee.Knee> knees) {
    }

    /**
     * The article's figures, {@code src/seeds/seed004.json}.
     *
     * @param title its title
     * @param author its author
     * @param setup what it ran
     * @param results per pool ({@code DBCP2}, {@code HikariCP}) and screen, its figures
     */
    record Article(String title, String author, String setup, Map<String, Map<String, ArticleScreen>> results) {
    }

    /**
     * One screen's figures in the article, ms.
     *
     * @param avg average
     * @param median median
     * @param p90 90th percentile
     * @param min minimum
     * @param max maximum
     */
    record ArticleScreen(long avg, long median, long p90, long min, long max) {
    }
}
