package io.poolbench.suite.aurora.map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The map's pictures from an interrupted map: a profile with no finished cell gets no heat map, and no error. */
class MapChartsTest {
    @TempDir
    Path tmp;

    @Test
    void aProfileWithoutAFinishedCellIsLeftOutOfThePictures() throws Exception {
        SaturationMap.Cell done = new SaturationMap.Cell(1, 50, 58, 62, 64, 64, 300, 46, 46);
        SaturationMap.Cell noResult = new SaturationMap.Cell(2, 0, 0, 0, 0, 0, 0, 173, 245);
        SaturationMap.Grid grid = new SaturationMap.Grid(List.of(
                new SaturationMap.Column("aurora-article-dbcp-verbatim", "per-request", 1, List.of(done)),
                new SaturationMap.Column("aurora-article-dbcp2", "per-request", 1, List.of(noResult)),
                new SaturationMap.Column("aurora-article-hikari-verbatim", "per-request", 1, List.of())), List.of());
        String md = MapCharts.write(grid, tmp);
        assertTrue(md.contains("map-aurora-article-dbcp-verbatim-per-request-p99.png"), md);
        assertTrue(Files.isRegularFile(tmp.resolve("map-aurora-article-dbcp-verbatim-per-request-p99.png")));
        assertFalse(md.contains("aurora-article-dbcp2-per-request") || md.contains("aurora-article-hikari-verbatim-per-request"), md);
    }
}
