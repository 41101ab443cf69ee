package io.poolbench.suite.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ramp-up left out: samples that started within the first warmupMs after the earliest one do not count. */
class JtlSummaryTest {
    @TempDir
    Path dir;

    @Test
    void readAfterWarmupLeavesOutTheSamplesThatStartedInTheRampUp() throws Exception {
        Path csv = dir.resolve("results.csv");
        // a slow first second (ramp-up), then fast samples; the 5 s line is the first one counted
        Files.writeString(csv, JtlRows.HEADER + JtlRows.row(1_000, 900, "short", 200)
                + JtlRows.row(1_500, 800, "short", 200) + JtlRows.row(5_999, 10, "short", 200)
                + JtlRows.row(6_000, 10, "short", 200) + JtlRows.row(7_000, 12, "medium", 200)
                + JtlRows.row(8_000, 10, "short", 500));
        JtlSummary.LabelStats all = JtlSummary.readAfterWarmup(csv, 5_000).get("all");
        assertEquals(3, all.requests());
        assertEquals(1, all.errors());
        assertEquals(12, all.maxMs());
        assertEquals(6, JtlSummary.readAfterWarmup(csv, 0).get("all").requests(), "no warm-up: every sample");
        assertEquals(6, JtlSummary.read(csv).get("all").requests());
    }
}
