package io.poolbench.testbed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class FiguresTest {
    @Test
    void nearestRankIgnoresNullsAndOrder() {
        List<Long> v = Arrays.asList(5L, 1L, null, 3L, 2L, 4L);
        assertEquals(3.0, Figures.nearestRank(v, 0.5));
        assertEquals(5.0, Figures.nearestRank(v, 0.99));
        assertEquals(5.0, Figures.nearestRank(v, 1.0));
        assertEquals(1.0, Figures.nearestRank(v, 0.0));
        assertNull(Figures.nearestRank(Arrays.asList((Double) null), 0.5));
        assertNull(Figures.nearestRank(List.of(), 0.5));
    }

    @Test
    void formatsKeepThreeSignificantDigits() {
        assertEquals("0.123", Figures.sig3(0.12345));
        assertEquals("12.3", Figures.sig3(12.345));
        assertEquals("12,346", Figures.sig3(12_345.6));
        assertEquals("n/a", Figures.sig3(Double.NaN));
        assertEquals("n/a", Figures.sig3(null));
        assertEquals("1,234.50", Figures.fixed(1234.5, 2));
    }
}
