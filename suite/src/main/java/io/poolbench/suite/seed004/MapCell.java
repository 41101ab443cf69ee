package io.poolbench.suite.seed004;

import io.poolbench.testbed.Figures;

/**
 * One cell of the saturation map ({@code seed004 --map}) that a run measures, as the manifest records it.
 *
 * @param load the load in multiples of the article's per-server rate (× 1 = {@code --share 0.25}, 12.5
 *     requests/s)
 * @param rttMs the round trip added between webapp and MySQL, ms
 * @param borrow {@code per-request} or {@code per-query}
 */
public record MapCell(double load, int rttMs, String borrow) {
    /** The article's per-server share: one of its four servers. */
    public static final double ARTICLE_SHARE = 0.25;

    /** @return the cell in a run id, e.g. {@code x2-rtt10-per-request} */
    public String label() {
        return "x" + Figures.plain(load) + "-rtt" + rttMs + "-" + borrow;
    }
}
