package io.poolbench.suite.aurora;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.aurora.knee.KneeReport;
import io.poolbench.suite.aurora.map.MapKnee;
import io.poolbench.testbed.report.ResultJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a finished Aurora run back: its summary, and its knees from a knee search before a map's. */
class AuroraResultsTest {
    private static final Path SEARCH = Path.of("src/test/resources/knees/article-dbcp14-rtt1-5-10-rounds3/knees.json");
    private static final MapKnee.Knee MAP_KNEE = new MapKnee.Knee("hikari", "per-request", 1, 2.5, 2.25, 4);

    @TempDir
    Path run;

    @Test
    void aRunWithoutResultsHasNoSummaryAndNoKnees() throws IOException {
        assertTrue(AuroraResults.summary(run).isEmpty());
        assertEquals(List.of(), AuroraResults.knees(run));
    }

    @Test
    void aDamagedSummaryIsOneLineNamingTheFile() throws IOException {
        Files.createDirectories(run.resolve(AuroraResults.DIR));
        Files.writeString(AuroraResults.summaryFile(run), "{\"status\": ");
        IOException e = assertThrows(IOException.class, () -> AuroraResults.summary(run));
        assertTrue(e.getMessage().startsWith(AuroraResults.summaryFile(run) + " cannot be read ("), e.getMessage());
    }

    @Test
    void aMapsKneesComeFromItsSummary() throws IOException {
        writeSummary(List.of(MAP_KNEE));
        assertEquals(List.of(MAP_KNEE), AuroraResults.knees(run));
    }

    @Test
    void aKneeSearchWinsOverTheSummary() throws IOException {
        writeSummary(List.of(MAP_KNEE));
        Files.copy(SEARCH, AuroraResults.kneesFile(run));
        assertEquals(MapKnee.fromSearch(KneeReport.read(SEARCH)), AuroraResults.knees(run));
    }

    private void writeSummary(List<MapKnee.Knee> knees) throws IOException {
        Files.createDirectories(run.resolve(AuroraResults.DIR));
        ResultJson.MAPPER.writeValue(AuroraResults.summaryFile(run).toFile(),
                new AuroraData.Summary("ok", List.of(), null, null, knees));
    }
}
