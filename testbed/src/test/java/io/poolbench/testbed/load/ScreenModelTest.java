package io.poolbench.testbed.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.load.ScreenModel.Screen;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The screens' work: fixed per user, distributed over users as the article's long screen was. */
class ScreenModelTest {
    final ScreenModel m = ScreenModel.article();

    @Test
    void aUsersLongScreenTakesTheSameEveryTime() {
        for (long u = 0; u < 50; u++) {
            assertEquals(m.longScreenMs(u), m.longScreenMs(u));
        }
    }

    @Test
    void overManyUsersTheLongScreenHasTheArticlesMedianAndP90AndStaysWithinItsBounds() {
        long[] ms = new long[20_000];
        for (int u = 0; u < ms.length; u++) {
            ms[u] = m.longScreenMs(u);
        }
        Arrays.sort(ms);
        long median = ms[ms.length / 2];
        long p90 = ms[(int) (ms.length * 0.9)];
        // a draw of 20,000: within a few per cent of the model's parameters
        assertTrue(Math.abs(median - ScreenModel.LONG_MEDIAN_MS) < 10, "median " + median);
        assertTrue(Math.abs(p90 - ScreenModel.LONG_P90_MS) < 120, "p90 " + p90);
        assertEquals(ScreenModel.LONG_MIN_MS, ms[0]);
        assertEquals(ScreenModel.ARTICLE_LONG_MAX_MS, ms[ms.length - 1]);
    }

    @Test
    void shortAndMediumScreensAreFixedAndALongScreensQueriesShareItsTime() {
        assertEquals(5 * 8.0, m.sqlMs(Screen.SHORT, 7));
        assertEquals(10 * 15.0, m.sqlMs(Screen.MEDIUM, 7));
        assertEquals(m.longScreenMs(7), m.sqlMs(Screen.LONG, 7), 1e-9);
        assertEquals(ScreenModel.LONG_QUERIES, m.queries(Screen.LONG));
    }

    @Test
    void badValuesAreOneLine() {
        assertThrows(TestbedException.class, () -> ScreenModel.Borrow.parse("sometimes"));
        assertThrows(TestbedException.class, () -> new ScreenModel(ScreenModel.Borrow.PER_QUERY, 5));
        assertThrows(IllegalArgumentException.class, () -> Screen.parse("huge"));
        assertEquals(ScreenModel.Borrow.PER_QUERY, ScreenModel.Borrow.parse("per-query"));
    }
}
