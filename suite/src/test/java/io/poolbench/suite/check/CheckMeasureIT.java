package io.poolbench.suite.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.poolbench.suite.aurora.AuroraProcess;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.toxiproxy.RequiresDocker;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check --measure} at its smallest (Docker): one profile, one 5-s stall and one unplanned failover, one
 * round. Checks the shape of what it writes (a measured figure beside every prediction, each run a phase), not the
 * figures: no test asserts a timing.
 */
@ExtendWith(RequiresDocker.class)
class CheckMeasureIT {
    @TempDir
    Path tmp;

    @Test
    void eachFaultIsMeasuredBesideItsPrediction() throws Exception {
        Path out = tmp.resolve("check");
        Process p = AuroraProcess.command(tmp, List.of("check", "../webapp/conf/hikari-tuned.xml", "--measure",
                "--stall", "5", "--failovers", "unplanned", "--rounds", "1", "--promote-s", "3", "--out",
                out.toString()));
        String console = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), console);
        assertEquals(0, p.exitValue(), console);
        Path run;
        try (Stream<Path> runs = Files.list(out.resolve("measure"))) {
            run = runs.filter(d -> !d.getFileName().toString().equals("latest")).findFirst().orElseThrow();
        }
        // the stand-in's predictions were written before the first fault, and are what the page set beside it
        JsonNode frozen = ResultJson.MAPPER.readTree(run.resolve(FrozenPredictions.FILE).toFile());
        assertTrue(frozen.path("standIn").size() >= 2 && frozen.hasNonNull("commit"), frozen.toString());
        JsonNode rows = ResultJson.MAPPER.readTree(run.resolve("check-measure.json").toFile());
        assertEquals(2, rows.size(), rows.toString());
        for (JsonNode r : rows) {
            assertEquals(1, r.at("/longestWaitMs/n").asInt(), r.toString());
            assertTrue(r.at("/predicted/longestWaitMs").asLong() > 0, r.toString());
        }
        JsonNode record = ResultJson.MAPPER.readTree(run.resolve("run.json").toFile());
        assertEquals(2, record.get("phases").size(), record.toString());
        record.get("phases").forEach(ph -> assertEquals("ok", ph.get("status").asText(), ph.toString()));
        assertTrue(Files.readString(run.resolve("check-measure.md")).contains("| hikari-tuned (HikariCP) | stall 5 s |"));
    }
}
