package io.poolbench.testbed.load;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.Labels;
import io.poolbench.testbed.TestbedException;
import java.util.Random;

/**
 * The Aurora scenario's screens: a screen is a page of an application, several queries per request. The article measured
 * three of them, whose time alone (one user, no load) was short, medium and long; the long one's SQL time depends
 * on the user's data and reaches "about 8.5 s" alone. Its HikariCP medians under load were 45, 158 and 146 ms,
 * its minima 22, 83 and 41 ms, the long screen's 90th percentile 1,703 ms (the Aurora article, its table of the three screens).
 *
 * <p>Modelled here, each query being one round trip that holds its connection for a given server time (a
 * primary-key lookup of one order that sleeps in the server, so that the database's CPU is not what is measured):
 * <ul>
 *   <li>short: {@value #SHORT_QUERIES} queries of {@value #SHORT_QUERY_MS} ms;</li>
 *   <li>medium: {@value #MEDIUM_QUERIES} queries of {@value #MEDIUM_QUERY_MS} ms;</li>
 *   <li>long: {@value #LONG_QUERIES} queries sharing a per-user SQL time drawn once per user from a log-normal
 *       distribution with median {@value #LONG_MEDIAN_MS} ms and 90th percentile {@value #LONG_P90_MS} ms (the
 *       article's long-screen median and p90 under HikariCP), clamped to [{@value #LONG_MIN_MS},
 *       {@code longMaxMs}] ms (the article's minimum, and its 8.5 s maximum alone by default).</li>
 * </ul>
 * With the scenario's 1 ms round trip a short screen alone takes about 5 × (8 + 1) = 45 ms and a medium one about
 * 160 ms, the article's medians. The per-query times and counts are this project's choice (the article gives none).
 *
 * <p>The short screen's shape can be changed ({@code shortQueries}, {@code shortQueryMs}): {@code poolbench plan
 * --measure} measures a user's own request, a number of queries of a given server time, as the short screen.
 *
 * @param borrow borrow once per request, or once per query
 * @param longMaxMs the longest a long screen's SQL takes alone, ms
 * @param shortQueries queries per short screen ({@value #SHORT_QUERIES} in the article's model)
 * @param shortQueryMs server time of each short-screen query, ms ({@value #SHORT_QUERY_MS} in the article's model)
 */
public record ScreenModel(Borrow borrow, long longMaxMs, int shortQueries, double shortQueryMs) {
    /** Queries per short screen. */
    public static final int SHORT_QUERIES = 5;
    /** Server time per short-screen query, ms. */
    public static final int SHORT_QUERY_MS = 8;
    /** Queries per medium screen. */
    public static final int MEDIUM_QUERIES = 10;
    /** Server time per medium-screen query, ms. */
    public static final int MEDIUM_QUERY_MS = 15;
    /** Queries per long screen. */
    public static final int LONG_QUERIES = 10;
    /** Median SQL time of a long screen over users, ms (the article's HikariCP median, 146 ms, rounded). */
    public static final int LONG_MEDIAN_MS = 140;
    /** 90th percentile of a long screen's SQL time over users, ms (the article's HikariCP p90, 1,703 ms). */
    public static final int LONG_P90_MS = 1_700;
    /** Shortest long screen, ms (the article's minima, 41 and 45 ms). */
    public static final int LONG_MIN_MS = 40;
    /** Longest long screen alone, ms ("最長で8.5秒程度", the Aurora article). */
    public static final long ARTICLE_LONG_MAX_MS = 8_500;
    /** z of the 90th percentile of the standard normal distribution. */
    private static final double Z90 = 1.2815515655446004;

    /** How a request borrows: both patterns exist in real applications. */
    public enum Borrow {
        /** One {@code getConnection()} per request, all queries on it. */
        PER_REQUEST,
        /** One {@code getConnection()} per query, returned after each. */
        PER_QUERY;

        /**
         * @param s {@code per-request} or {@code per-query}
         * @return the pattern
         * @throws TestbedException naming the value and the choices
         */
        public static Borrow parse(String s) {
            return Labels.parse(Borrow.class, s).orElseThrow(
                    () -> new TestbedException("--borrow " + s + " is unknown: use per-request or per-query"));
        }

        /** @return {@code per-request} or {@code per-query} */
        public String label() {
            return Labels.of(this);
        }
    }

    /** The three screens. */
    public enum Screen {
        /** Short screen. */
        SHORT,
        /** Medium screen. */
        MEDIUM,
        /** Long screen. */
        LONG;

        /** @return lower-case name, as in URLs and reports */
        public String label() {
            return Labels.of(this);
        }

        /**
         * @param s {@code short}, {@code medium} or {@code long}
         * @return the screen
         * @throws IllegalArgumentException naming the value
         */
        public static Screen parse(String s) {
            return Labels.parse(Screen.class, s).orElseThrow(
                    () -> new IllegalArgumentException("screen=" + s + " is unknown: use short, medium or long"));
        }
    }

    /** Most queries a short screen may run. */
    public static final int MAX_SHORT_QUERIES = 1_000;
    /** Longest server time of one short-screen query, ms. */
    public static final double MAX_SHORT_QUERY_MS = 600_000;

    /**
     * @param borrow borrow pattern
     * @param longMaxMs longest long screen, ms
     * @param shortQueries queries per short screen, 1 to {@value #MAX_SHORT_QUERIES}
     * @param shortQueryMs server time of each, ms, 0 to {@value #MAX_SHORT_QUERY_MS}
     * @throws TestbedException when longMaxMs is below {@link #LONG_MIN_MS} or the short screen's shape is out of
     *     range
     */
    public ScreenModel {
        if (borrow == null) {
            throw new TestbedException("a borrow pattern is required: per-request or per-query");
        }
        if (longMaxMs < LONG_MIN_MS) {
            throw new TestbedException("the long screen's maximum " + longMaxMs + " ms is below its minimum "
                    + LONG_MIN_MS + " ms");
        }
        checkShortScreen(shortQueries, shortQueryMs);
    }

    /**
     * @param shortQueries queries per short screen
     * @param shortQueryMs server time of each, ms
     * @throws TestbedException naming the option ({@code --short-queries}, {@code --short-query-ms}) out of range
     */
    public static void checkShortScreen(int shortQueries, double shortQueryMs) {
        Cli.range("--short-queries", shortQueries, 1, MAX_SHORT_QUERIES);
        Cli.range("--short-query-ms", shortQueryMs, 0, MAX_SHORT_QUERY_MS);
    }

    /**
     * The article's short and medium screens with a given borrow pattern and long screen.
     *
     * @param borrow borrow pattern
     * @param longMaxMs longest long screen, ms
     * @throws TestbedException when longMaxMs is below {@link #LONG_MIN_MS}
     */
    public ScreenModel(Borrow borrow, long longMaxMs) {
        this(borrow, longMaxMs, SHORT_QUERIES, SHORT_QUERY_MS);
    }

    /** @return the article's model: per-request borrowing, long screens up to 8.5 s */
    public static ScreenModel article() {
        return new ScreenModel(Borrow.PER_REQUEST, ARTICLE_LONG_MAX_MS);
    }

    /**
     * @param screen a screen
     * @return number of queries a request of that screen runs
     */
    public int queries(Screen screen) {
        return switch (screen) {
            case SHORT -> shortQueries;
            case MEDIUM -> MEDIUM_QUERIES;
            case LONG -> LONG_QUERIES;
        };
    }

    /**
     * @param screen a screen
     * @param user the user (JMeter thread) id; only the long screen depends on it
     * @return the server time of each query of one request, ms (all queries of a request take the same)
     */
    public double queryMs(Screen screen, long user) {
        return switch (screen) {
            case SHORT -> shortQueryMs;
            case MEDIUM -> MEDIUM_QUERY_MS;
            case LONG -> longScreenMs(user) / (double) LONG_QUERIES;
        };
    }

    /**
     * The long screen's SQL time for a user: the same every time for a user, log-normal over users.
     *
     * @param user user id
     * @return SQL time alone, ms, in [{@link #LONG_MIN_MS}, {@link #longMaxMs()}]
     */
    public long longScreenMs(long user) {
        double sigma = Math.log((double) LONG_P90_MS / LONG_MEDIAN_MS) / Z90;
        // a fixed, user-seeded draw: the user's data volume does not change between requests
        double z = new Random(0x5eed004L ^ (user * 0x9E3779B97F4A7C15L)).nextGaussian();
        double ms = LONG_MEDIAN_MS * Math.exp(sigma * z);
        return Math.max(LONG_MIN_MS, Math.min(longMaxMs, Math.round(ms)));
    }

    /**
     * @param screen a screen
     * @param user user id
     * @return the SQL time of one request alone, ms (queries × query time, without round trips)
     */
    public double sqlMs(Screen screen, long user) {
        return queries(screen) * queryMs(screen, user);
    }
}
