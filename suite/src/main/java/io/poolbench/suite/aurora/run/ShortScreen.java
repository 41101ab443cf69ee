package io.poolbench.suite.aurora.run;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.load.ScreenModel;

/**
 * The Aurora article's short screen's shape when it is not the article model's ({@code --short-queries},
 * {@code --short-query-ms}), as its settings and each run's outcome record it.
 *
 * @param queries queries per request
 * @param queryMs server time of each, ms
 */
public record ShortScreen(int queries, double queryMs) {
    /** @throws TestbedException when a value is out of range, naming its option */
    public ShortScreen {
        ScreenModel.checkShortScreen(queries, queryMs);
    }

    /**
     * @param shortScreen a short screen's shape, or null for the article model's
     * @param borrow the borrowing
     * @param longMaxMs the longest long screen alone, ms
     * @return the screens a run's webapp serves
     */
    public static ScreenModel screens(ShortScreen shortScreen, ScreenModel.Borrow borrow, long longMaxMs) {
        return shortScreen == null ? new ScreenModel(borrow, longMaxMs)
                : new ScreenModel(borrow, longMaxMs, shortScreen.queries(), shortScreen.queryMs());
    }
}
