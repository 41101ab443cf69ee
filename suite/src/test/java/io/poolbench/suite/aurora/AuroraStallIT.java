package io.poolbench.suite.aurora;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.aurora.run.RunOutcome;
import io.poolbench.suite.aurora.faults.Stalls;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.toxiproxy.RequiresDocker;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny Aurora run with a stall of the writer's network (Docker): the article's DBCP2 resource, 6 s measured, a 2-s
 * stall in the middle. Checks the mechanics, never a timing: the stall began and ended (its events), requests met it and none was
 * lost (the servlet's record against JMeter's), the report's stall section has its row, and the run is ok: the
 * stall's requests do not count against the error budget.
 */
@ExtendWith(RequiresDocker.class)
class AuroraStallIT {
    @TempDir
    Path tmp;

    @Test
    void aStallIsInjectedEndedAndReported() throws Exception {
        Path out = tmp.resolve("run");
        Process p = AuroraProcess.start(tmp, "--out", out.toString(), "--profiles", "aurora-article-dbcp2",
                "--duration", "6", "--warmup", "8", "--rampup", "1", "--stall", "2", "--rows", "2000",
                "--long-screen-max-ms", "2000");
        String console = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), console);
        assertEquals("ok", Manifest.read(out).status());
        Path run = out.resolve("screens/aurora-article-dbcp2");
        RunOutcome o = new ObjectMapper().readValue(run.resolve("outcome.json").toFile(),
                RunOutcome.class);
        List<Stalls.Stall> stalls = Stalls.of(o);
        Map<String, Long> events = o.writer().events();
        assertEquals(1, stalls.size(), events.toString());
        // began in the middle of the measured period (2 s warm-up + 6 s ÷ 2), then ended, both within it
        assertTrue(events.get("stall-1") >= 5_000 && events.containsKey("stall-1-end"), events.toString());
        assertTrue(events.get("stall-1-end") > events.get("stall-1")
                && o.t0EpochMs() + events.get("stall-1-end") < o.measureToEpochMs(), events.toString());
        AuroraIT.accountedFor(run, false);
        String md = Files.readString(out.resolve("screens/summary.md"));
        assertTrue(md.lines().anyMatch(l -> l.matches("\\| aurora-article-dbcp2 \\| 1 \\| \\d+\\.\\d \\| [1-9][0-9,]*"
                + " \\| .*")), "the stall's row, with the requests it met:\n" + md);
        assertTrue(md.contains("| DBCP2 | 60 | 49 | 78 | 24 | 22,832 |"), "the article's DBCP2 short row:\n" + md);
    }
}
