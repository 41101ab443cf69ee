package io.poolbench.suite.aurora.limit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.aurora.AuroraData;
import io.poolbench.suite.aurora.map.MapKnee;
import io.poolbench.testbed.report.ResultJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The failover at each pool's limit composes its summary from its commands' results and says what did not run. */
class FailoverAtLimitTest {
    @TempDir
    Path tmp;

    @Test
    void theKneesComeFromTheMapAndWhatDidNotRunIsSaid() throws Exception {
        Files.createDirectories(tmp.resolve("map/seed004"));
        ResultJson.MAPPER.writeValue(tmp.resolve("map/seed004/summary.json").toFile(), new AuroraData.Summary("ok",
                List.of(), null, null, List.of(new MapKnee.Knee("seed004-dbcp-verbatim", "per-request", 1, 3.2, 2.9,
                4), new MapKnee.Knee("seed004-dbcp2", "per-request", 1, null, null, 4))));
        Files.createDirectories(tmp.resolve("planned"));
        String md = FailoverAtLimit.write(tmp);
        assertTrue(md.contains("| seed004-dbcp-verbatim | per-request | 1 | 3.20 | 2.90 | 4 |"), md);
        assertTrue(md.contains("| seed004-dbcp2 | per-request | 1 | none up to the highest | – | 4 |"), md);
        assertTrue(md.contains("**Not run** (no map/run.json)"), md);
        assertTrue(md.contains("### Planned failover (`planned/`)") && md.contains("**Not run** (no planned/run.json)")
                && md.contains("No comparison over rounds and no failover table"), md);
        assertTrue(!md.contains("unplanned/") && !md.contains("stale/"), "kinds not started are left out: " + md);
        assertTrue(Files.readString(tmp.resolve("summary.md")).equals(md));
        assertTrue(FailoverAtLimit.claims(tmp).isEmpty());
    }

    @Test
    void oneRoundShowsTheFailoverTableOfItsReport() throws Exception {
        Path kind = tmp.resolve("planned/seed004");
        Files.createDirectories(kind);
        Files.writeString(kind.resolve("summary.md"), "# x\n\n## Failover\n\nText.\n\n| run | failed |\n|---|---:|\n"
                + "| a.r1 | 3 |\n\nAfter.\n\n## Next\n\n| other | table |\n");
        String md = FailoverAtLimit.write(tmp);
        assertTrue(md.contains("each run's failover, from its report:\n\n| run | failed |\n|---|---:|\n| a.r1 | 3 |\n"),
                md);
        assertTrue(!md.contains("| other | table |"), md);
    }
}
