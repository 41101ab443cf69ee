package io.poolbench.suite.aurora.run;

import io.poolbench.testbed.Figures;

/**
 * A run's load, round trip and borrowing when they are not the settings' own, as the manifest records it: a cell
 * of the saturation map ({@code aurora --map}), or a load taken from an earlier map's knee ({@code --at-knee}).
 *
 * @param load the load in multiples of the article's per-server rate (× 1 = {@code --share 0.25}, 12.5
 *     requests/s)
 * @param rttMs the round trip added between webapp and MySQL, ms
 * @param borrow {@code per-request} or {@code per-query}
 * @param basis for a run at a load taken from an earlier map's knee ({@code --at-knee}), where that load comes from,
 *     e.g. {@code knee × 3.23 in /runs/map × 1.25}; null for a cell of this run's own map (and in manifests written
 *     before)
 */
public record MapCell(double load, int rttMs, String borrow, String basis) {
    /** The article's per-server share: one of its four servers. */
    public static final double ARTICLE_SHARE = 0.25;

    /** A cell of this run's own map. */
    public MapCell(double load, int rttMs, String borrow) {
        this(load, rttMs, borrow, null);
    }

    /** @return the cell in a run id, e.g. {@code x2-rtt10-per-request} */
    public String label() {
        return "x" + Figures.plain(load) + "-rtt" + rttMs + "-" + borrow;
    }
}
