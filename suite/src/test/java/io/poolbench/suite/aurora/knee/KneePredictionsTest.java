package io.poolbench.suite.aurora.knee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The knee model's predictions, written before any cell and completed after the light-load cell only. */
class KneePredictionsTest {
    @Test
    void theFileHoldsEverySearchBeforeItsCellsAndTheStandInTermAfterTheLightLoad(@TempDir Path dir)
            throws IOException {
        assertTrue(KneePredictions.read(dir).predictions().isEmpty(), "a run older than the file: none");
        KneePredictions.Prediction hikari = new KneePredictions.Prediction("hikari", 1, "per-request", 1,
                new KneeResult.Model(3.4, 3.3, null), "2026-01-01T00:00:00Z", null);
        KneePredictions.Prediction dbcp2 = new KneePredictions.Prediction("dbcp2", 1, "per-request", 1,
                new KneeResult.Model(3.5, 3.2, null), "2026-01-01T00:00:00Z", null);
        KneePredictions p = new KneePredictions(dir, "abc123", List.of(hikari, dbcp2));
        KneePredictions.Written before = KneePredictions.read(dir);
        assertEquals("abc123", before.commit());
        assertEquals(List.of(hikari, dbcp2), before.predictions(), "written before any cell ran");

        p.standIn("dbcp2", 1, "per-request", 1, new KneeResult.Model(3.5, 3.2, 3.1));
        KneePredictions.Written after = KneePredictions.read(dir);
        assertEquals(hikari, after.predictions().get(0), "another search's prediction is left as it was");
        assertEquals(3.1, after.predictions().get(1).model().standIn());
        assertEquals(3.2, after.predictions().get(1).model().window(), "the window's knee as written before");
        assertNotNull(after.predictions().get(1).standInWrittenAt());
        assertNull(after.predictions().get(0).standInWrittenAt());
    }
}
