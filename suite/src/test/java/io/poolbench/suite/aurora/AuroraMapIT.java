package io.poolbench.suite.aurora;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.aurora.map.MapKnee;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.toxiproxy.RequiresDocker;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny saturation map (Docker): one profile, 2 loads × 2 round trips, 1 round. Checks that every cell ran at its
 * own load and round trip and that the map section carries a measured and a predicted figure per cell and a knee
 * line per round trip; then a tiny planned failover at that map's knee ({@code --at-knee}), one round: it runs at
 * the load the map's summary gives and says where the load came from; never a timing.
 */
@ExtendWith(RequiresDocker.class)
class AuroraMapIT {
    @TempDir
    Path tmp;

    @Test
    void tinyMapRunsEveryCellAndPrintsMeasuredBesidePredicted() throws Exception {
        Path out = tmp.resolve("run");
        Process p = AuroraProcess.start(tmp, "--out", out.toString(), "--map", "--map-loads", "0.5,2", "--map-rtts",
                "0,5", "--profiles", "aurora-article-dbcp-verbatim", "--duration", "4", "--warmup", "6", "--rampup", "1",
                "--rows", "2000", "--long-screen-max-ms", "2000");
        String console = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), console);
        assertEquals("ok", Manifest.read(out).status());
        String md = Files.readString(out.resolve("screens/summary.md"));
        for (String cell : List.of("x0.5-rtt0", "x2-rtt0", "x0.5-rtt5", "x2-rtt5")) {
            assertTrue(Files.isRegularFile(out.resolve("screens/aurora-article-dbcp-verbatim@" + cell + "-per-request"
                    + "/outcome.json")), cell);
        }
        String map = md.substring(md.indexOf("## The saturation map"));
        assertTrue(map.contains("### aurora-article-dbcp-verbatim, per-request borrowing"), map);
        // each row: a load and two cells of measured p50 / p90 / p99 / max with the model's p99 / max and the measured
        // p99 ÷ the model's in brackets
        Matcher row = Pattern.compile("\\| × (0\\.50|2) \\|( \\**[0-9,.]+ / [0-9,.]+ / [0-9,.]+ / [0-9,.]+"
                + " \\([0-9,.]+ / [0-9,.]+; [0-9,.]+\\)\\** \\|){2}").matcher(map);
        int rows = 0;
        while (row.find()) {
            rows++;
        }
        assertEquals(2, rows, map);
        assertTrue(map.contains("- knee at +0 ms: measured ") && map.contains("- knee at +5 ms: measured "), map);
        // the pictures: a heat map of p99 and of max per profile and borrowing, and p50 / p90 / max against load at
        // the round trip nearest 1 ms (here +0 ms)
        for (String png : List.of("map-aurora-article-dbcp-verbatim-per-request-p99", "map-aurora-article-dbcp-verbatim-per-request-max",
                "map-load-p50", "map-load-p90", "map-load-max")) {
            assertTrue(Files.size(out.resolve("screens/" + png + ".png")) > 0, png);
            assertTrue(map.contains("](" + png + ".png)"), png + " shown in\n" + map);
        }

        // the failover at the map's knee at +0 ms: the knee times 1, or the map's highest load (× 2) without one
        MapKnee.Knee knee = ResultJson.MAPPER.readValue(out.resolve("screens/summary.json").toFile(),
                AuroraData.Summary.class).knees().stream().filter(k -> k.rttMs() == 0).findFirst().orElseThrow();
        double load = knee.measuredLoad() == null ? 2 : Math.round(knee.measuredLoad() * 100) / 100.0;
        Path atKnee = tmp.resolve("at-knee");
        Process f = AuroraProcess.start(tmp, "--out", atKnee.toString(), "--failover", "--at-knee", out.toString(),
                "--knee-multiples", "1", "--rtt-ms", "0", "--profiles", "aurora-article-dbcp-verbatim", "--duration", "14",
                "--warmup", "6", "--rampup", "1", "--rows", "2000", "--long-screen-max-ms", "2000");
        String fc = new String(f.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(f.waitFor(10, TimeUnit.MINUTES));
        assertEquals(0, f.exitValue(), fc);
        String id = "aurora-article-dbcp-verbatim@x" + Figures.plain(load) + "-rtt0-per-request";
        assertTrue(Files.isRegularFile(atKnee.resolve("screens/" + id + "/outcome.json")), id + "\n" + fc);
        String fmd = Files.readString(atKnee.resolve("screens/summary.md"));
        assertTrue(fmd.contains("- `" + id + "`: × " + Figures.plain(load) + " ("), fmd);
        assertTrue(fmd.contains(knee.measuredLoad() == null ? "no knee in the map " + out : "knee × "), fmd);
        assertFalse(fmd.contains("## The saturation map"), "a run at the knee is no map of its own:\n" + fmd);
    }
}
