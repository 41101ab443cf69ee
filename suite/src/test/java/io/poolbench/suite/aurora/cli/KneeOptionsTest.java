package io.poolbench.suite.aurora.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.aurora.knee.KneeReport;
import io.poolbench.suite.aurora.map.MapKnee;
import io.poolbench.suite.aurora.map.SaturationMap;
import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.suite.aurora.run.MapCell;
import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where {@code aurora --at-knee} puts each profile: its knee times each multiple, cut to × 4, or the map's top. */
class KneeOptionsTest {
    @TempDir
    Path tmp;

    @Test
    void loadsAreTheKneeTimesEachMultipleCutToTheWholeArticleLoad() {
        List<MapCell> cells = KneeOptions.cells(new MapKnee.Knee("dbcp1", "per-request", 1, 3.234, 2.31, 4),
                List.of(1.0, 1.25), "runs/map");
        assertEquals(List.of(3.23, 4.0), cells.stream().map(MapCell::load).toList());
        assertTrue(cells.get(0).basis().startsWith("knee × 3.23 in the map runs/map, × 1 of it"), cells.get(0).basis());
        assertTrue(cells.get(1).basis().contains("cut to × 4"), cells.get(1).basis());
        assertEquals("x3.23-rtt1-per-request", cells.get(0).label());
    }

    @Test
    void aProfileWithoutAKneeRunsOnceAtTheMapsHighestLoad() {
        List<MapCell> cells = KneeOptions.cells(new MapKnee.Knee("hikari", "per-request", 1, null, null, 4),
                List.of(1.0, 1.25), "runs/map");
        assertEquals(1, cells.size());
        assertEquals(4.0, cells.get(0).load());
        assertTrue(cells.get(0).basis().startsWith("no knee in the map runs/map"), cells.get(0).basis());
    }

    @Test
    void multiplesThatMeetAtTheCapRunOnce() {
        List<MapCell> cells = KneeOptions.cells(new MapKnee.Knee("p", "per-query", 10, 3.5, null, 4),
                List.of(1.2, 1.25), "m");
        assertEquals(List.of(4.0), cells.stream().map(MapCell::load).toList());
    }

    @Test
    void theMapsKneesComeFromItsColumns() {
        SaturationMap.Cell low = new SaturationMap.Cell(1, 50, 55, 60, 70, 70, 1, 46, 46);
        SaturationMap.Cell mid = new SaturationMap.Cell(2, 51, 56, 100, 120, 120, 1, 200, 300);
        SaturationMap.Cell high = new SaturationMap.Cell(4, 900, 1500, 1800, 2000, 2000, 1, 4000, 4000);
        SaturationMap.Grid grid = new SaturationMap.Grid(List.of(new SaturationMap.Column("p", "per-request", 1,
                List.of(low, mid, high)), new SaturationMap.Column("q", "per-request", 1, List.of(low, mid))), List.of());
        List<MapKnee.Knee> knees = MapKnee.knees(grid);
        assertEquals(2, knees.size());
        // 600 ms (10 × 60) between 100 ms at × 2 and 1,800 ms at × 4, on log p99
        double f = (Math.log(600) - Math.log(100)) / (Math.log(1800) - Math.log(100));
        assertEquals(2 + 2 * f, knees.get(0).measuredLoad(), 1e-9);
        assertEquals(4, knees.get(0).highestLoad());
        assertNull(knees.get(1).measuredLoad());
        assertEquals(2, knees.get(1).highestLoad());
    }

    @Test
    void aKneeSearchGivesEachKneeOverItsRounds() throws IOException {
        Path knees = Path.of("src/test/resources/knees/article-dbcp14-rtt1-5-10-rounds3/knees.json");
        List<MapKnee.Knee> k = MapKnee.fromSearch(KneeReport.read(knees));
        assertEquals(3, k.size());
        MapKnee.Knee at1 = k.get(0);
        assertEquals("seed004-dbcp-verbatim", at1.profile());
        assertEquals(1, at1.rttMs());
        // the geometric mean of the three rounds' knees, 3.32, 3.03 and 3.57
        assertEquals(Math.round(Math.cbrt(3.3190777453362146 * 3.026624156782841 * 3.5650429628844478) * 100) / 100.0,
                at1.measuredLoad());
        assertEquals(3.24, at1.modelLoad());
        assertEquals(4.0, at1.highestLoad());
    }

    @Test
    void aDirectoryWithoutAMapSummaryIsOneLine() {
        KneeOptions o = new KneeOptions();
        o.mapRun = tmp;
        o.multiples = List.of(1.0);
        List<String> notes = new ArrayList<>();
        TestbedException e = assertThrows(TestbedException.class, () -> o.runs(List.of(new LoadRun("p",
                "p.xml", null, null)), 1, "per-request", notes::add));
        assertTrue(e.getMessage().startsWith("--at-knee " + tmp + ": ") && e.getMessage().contains("no run.json"),
                e.getMessage());
        assertTrue(notes.isEmpty());
    }

    @Test
    void atKneeDoesNotCombineWithMapOrVary() {
        KneeOptions o = new KneeOptions();
        o.mapRun = tmp;
        o.multiples = List.of(1.0);
        assertTrue(assertThrows(TestbedException.class, () -> o.check(true, null)).getMessage().contains("--map"));
        assertTrue(assertThrows(TestbedException.class, () -> o.check(false, "p")).getMessage().contains("--vary"));
        o.multiples = List.of(0.0);
        assertTrue(assertThrows(TestbedException.class, () -> o.check(false, null)).getMessage()
                .contains("--knee-multiples"));
        KneeOptions alone = new KneeOptions();
        alone.multiples = List.of(0.0);
        assertTrue(assertThrows(TestbedException.class, () -> alone.check(false, null)).getMessage()
                .startsWith("--knee-multiples applies only with --at-knee"), "refused before Docker starts");
    }
}
