package io.poolbench.testbed.report;

import io.poolbench.testbed.Redact;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableHead;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Document;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.markdown.MarkdownRenderer;

/**
 * Text made safe for a cell of a Markdown table by commonmark-java's own Markdown renderer (with the GFM tables
 * extension): the cell is built as commonmark's syntax tree and rendered, so whatever commonmark would read as
 * syntax ({@code |}, {@code *}, {@code _}, {@code [}, {@code <}, a backslash …) is escaped the way commonmark
 * escapes it, and a profile named {@code x|y;z.xml} cannot break a table.
 */
public final class MarkdownText {
    private static final List<Extension> TABLES = List.of(TablesExtension.create());
    private static final Parser PARSER = Parser.builder().extensions(TABLES).build();
    private static final MarkdownRenderer RENDERER = MarkdownRenderer.builder().extensions(TABLES).build();

    private MarkdownText() {
    }

    /**
     * A cell from plain text: nothing in it is Markdown.
     *
     * @param text the text; line breaks become spaces; null for an empty cell
     * @return the cell's content as Markdown
     */
    public static String cell(String text) {
        if (text == null || text.isBlank()) {
            return "";
        }
        return render(List.of(new Text(text.strip().replaceAll("\\s*\\R\\s*", " "))));
    }

    /**
     * A cell from free text, an error or a phase's reason: its first line ({@link Redact#oneLine}, which also says
     * "no message" for none), as plain text.
     *
     * @param text the text, may be null
     * @return the cell's content as Markdown, empty for null
     */
    public static String firstLine(String text) {
        return text == null ? "" : cell(Redact.oneLine(text));
    }

    /**
     * A phase's status in bold, upper case, with its reason's first line as plain text: {@code **FAILED**: why}.
     *
     * @param status the status, e.g. {@code failed}
     * @param reason why, null for none
     * @return the cell's content as Markdown
     */
    public static String status(String status, String reason) {
        return "**" + cell(status.toUpperCase(Locale.ROOT)) + "**" + (reason == null ? "" : ": "
                + firstLine(reason));
    }

    /**
     * A cell whose content is Markdown already (bold marks, a link, code): kept as Markdown, with only what would
     * break the table escaped.
     *
     * @param markdown inline Markdown on one line; null for an empty cell
     * @return the cell's content as Markdown
     */
    public static String markdownCell(String markdown) {
        if (markdown == null || markdown.isBlank()) {
            return "";
        }
        Node paragraph = PARSER.parse(markdown.strip().replaceAll("\\s*\\R\\s*", " ")).getFirstChild();
        if (!(paragraph instanceof Paragraph) || paragraph.getNext() != null) {
            return cell(markdown); // read as a block (a list item, a heading): no inline Markdown to keep
        }
        List<Node> inline = new ArrayList<>();
        for (Node n = paragraph.getFirstChild(); n != null; n = n.getNext()) {
            inline.add(n);
        }
        return render(inline);
    }

    /** Renders a one-cell table holding {@code content} and returns what stands in its cell. */
    private static String render(List<Node> content) {
        TableCell cell = new TableCell();
        cell.setHeader(true);
        content.forEach(cell::appendChild);
        TableRow row = new TableRow();
        row.appendChild(cell);
        TableHead head = new TableHead();
        head.appendChild(row);
        TableBlock table = new TableBlock();
        table.appendChild(head);
        Document doc = new Document();
        doc.appendChild(table);
        String first = RENDERER.render(doc).lines().findFirst().orElse("||");
        return first.substring(1, first.length() - 1);
    }
}
