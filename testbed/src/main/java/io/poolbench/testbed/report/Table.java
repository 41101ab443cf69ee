package io.poolbench.testbed.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A Markdown table in GitHub's table syntax, the one place where reports build tables: the header with each
 * column's alignment, and rows whose cells are escaped (a {@code |} or a line break inside a cell cannot break the
 * table). commonmark-java's GFM tables extension renders it to HTML for the suite's page.
 *
 * <p>A column whose header starts with {@code >} is right-aligned (figures), the others left-aligned (names).
 */
public final class Table {
    private final List<String> headers = new ArrayList<>();
    private final List<Boolean> right = new ArrayList<>();
    private final List<String> rows = new ArrayList<>();

    private Table(String... headers) {
        for (String h : headers) {
            boolean r = h.startsWith(">");
            this.headers.add(MarkdownText.cell(r ? h.substring(1) : h));
            this.right.add(r);
        }
    }

    /**
     * @param headers the column headers; {@code ">p99 ms"} is a right-aligned column headed "p99 ms"
     * @return an empty table
     */
    public static Table of(String... headers) {
        return new Table(headers);
    }

    /**
     * Adds a row; missing cells are left empty, extra cells are an error.
     *
     * @param cells the cells as text (escaped here), null for an empty cell
     * @return this table
     * @throws IllegalArgumentException when there are more cells than columns
     */
    public Table row(String... cells) {
        return add(false, cells);
    }

    /**
     * Adds a row whose cells carry Markdown of their own (bold marks, links, code): kept as Markdown, with only
     * what would break the table escaped ({@link MarkdownText#markdownCell}).
     *
     * @param cells the cells as Markdown, null for an empty cell
     * @return this table
     * @throws IllegalArgumentException when there are more cells than columns
     */
    public Table markdownRow(String... cells) {
        return add(true, cells);
    }

    private Table add(boolean markdown, String... cells) {
        if (cells.length > headers.size()) {
            throw new IllegalArgumentException(cells.length + " cells for " + headers.size() + " columns");
        }
        StringBuilder sb = new StringBuilder("|");
        for (int i = 0; i < headers.size(); i++) {
            String c = i < cells.length ? cells[i] : null;
            sb.append(' ').append(markdown ? MarkdownText.markdownCell(c) : MarkdownText.cell(c)).append(" |");
        }
        rows.add(sb.toString().replace("  |", " |"));
        return this;
    }

    /** @return true when no row was added */
    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** @return the table, each line ending in a line break */
    public String markdown() {
        StringBuilder sb = new StringBuilder("|");
        headers.forEach(h -> sb.append(' ').append(h).append(" |"));
        sb.append("\n|");
        right.forEach(r -> sb.append(r ? "---:|" : "---|"));
        sb.append('\n');
        rows.forEach(r -> sb.append(r).append('\n'));
        return sb.toString();
    }
}
