package io.poolbench.testbed.options;

import io.poolbench.testbed.load.ScreenModel;
import picocli.CommandLine.Option;

/**
 * {@code --short-queries} and {@code --short-query-ms} (a picocli mixin of the webapp and of {@code aurora}): the
 * short screen's shape when it is not the article model's ({@link ScreenModel#SHORT_QUERIES} queries of
 * {@link ScreenModel#SHORT_QUERY_MS} ms). {@code poolbench plan --measure} measures a user's own request this way.
 */
public final class ShortScreenOptions {
    @Option(names = "--short-queries", paramLabel = "N", description = "Queries of the short screen (default 5,"
            + " this project's model of the Aurora article's screen; with --short-query-ms, your own request's shape).")
    Integer queries;

    @Option(names = "--short-query-ms", paramLabel = "MS",
            description = "Server time of each short-screen query, ms (default 8).")
    Double queryMs;

    /** @return true when either option was given */
    public boolean given() {
        return queries != null || queryMs != null;
    }

    /** @return queries per short screen: the option, else the article model's */
    public int queries() {
        return queries != null ? queries : ScreenModel.SHORT_QUERIES;
    }

    /** @return server time of each short-screen query, ms: the option, else the article model's */
    public double queryMs() {
        return queryMs != null ? queryMs : ScreenModel.SHORT_QUERY_MS;
    }
}
