package io.poolbench.testbed.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.junit.jupiter.api.Test;

/** The one table helper: alignment from the header, escaping by commonmark, padding. */
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
    void aProfileNamedLikeMarkdownStaysTextAndTheTableStillParses() {
        String md = Table.of("profile", ">p99 ms").row("x|y;z.xml", "1").row("*a*_b_ [c](d) <e> \\f", "2")
                .markdownRow("**FAILED**: " + MarkdownText.cell("pool|timeout"), "`q|r`").markdown();
        String html = HtmlRenderer.builder().extensions(List.of(TablesExtension.create())).build()
                .render(Parser.builder().extensions(List.of(TablesExtension.create())).build().parse(md));
        assertTrue(html.contains("<td>x|y;z.xml</td>"), html);
        assertTrue(html.contains("<td>*a*_b_ [c](d) &lt;e&gt; \\f</td>"), html);
        assertTrue(html.contains("<td><strong>FAILED</strong>: pool|timeout</td>"), html);
        assertTrue(html.contains("<code>q|r</code>"), html);
        assertEquals(3, html.split("<tr>").length - 2, "three body rows: " + html);
    }

    @Test
    void aMarkdownCellThatReadsAsABlockIsKeptAsText() {
        assertEquals("- x", MarkdownText.markdownCell("- x"), "inside a cell a list marker is text");
        assertEquals("# 3", MarkdownText.markdownCell("# 3"));
        assertEquals("**a** `b|c`", MarkdownText.markdownCell("**a** `b|c`").replace("\\|", "|"));
    }

    @Test
    void aStatusCellIsBoldWithItsReasonAsText() {
        assertEquals("**FAILED**: no \\*data\\*", MarkdownText.status("failed", "no *data*\nat 3 s"));
        assertEquals("**INTERRUPTED**", MarkdownText.status("interrupted", null));
    }

    @Test
    void moreCellsThanColumnsIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> Table.of("a").row("1", "2"));
    }
}
