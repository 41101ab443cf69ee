package io.poolbench.testbed.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The one table helper: alignment from the header, escaping, padding. */
class TableTest {
    @Test
    void headersSetTheAlignmentAndCellsAreEscaped() {
        String md = Table.of("pool", ">p99 ms").row("Hikari|CP", "12").row("DBCP2").markdown();
        assertEquals("| pool | p99 ms |\n|---|---:|\n| Hikari\\|CP | 12 |\n| DBCP2 | |\n", md);
    }

    @Test
    void aLineBreakInACellStaysInItsCell() {
        String md = Table.of("why").row("died\nat 12 s").markdown();
        assertEquals(3, md.lines().count(), md);
        assertTrue(md.contains("died"), md);
    }

    @Test
    void moreCellsThanColumnsIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> Table.of("a").row("1", "2"));
    }
}
