package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.run.Manifest;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SIGTERM of each sweep in its measured phase (embedded PostgreSQL, the smallest sizes that still reach it): the run
 * ends with 143, marks the running phase interrupted, and still writes its report of what finished.
 */
class SweepSignalsIT {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "pool-size; pool-size/summary.md; --profiles hikari,dbcp2 --sizes 2,4 --rounds 5 --tasks 40 --task-ms 300",
        "connect; connect/summary.md; --profiles unpooled,hikari --without pgbench,pgbouncer,pgpool --rounds 5"
            + " --transactions 3000",
        "shared; shared/summary.md; --profiles hikari --without pgbouncer,memory --load none --thread-counts 10,50"
            + " --rounds 30"})
    void sigtermWritesTheReportOfWhatFinished(String sweep, String summary, String options) throws Exception {
        Path out = tmp.resolve(sweep);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", Path.of("target/poolbench.jar").toAbsolutePath().toString(), "sweep", sweep, "--root", "..",
                "--rows", "5000", "--out", out.toString()));
        cmd.addAll(List.of(options.trim().split(" +")));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = r.readLine()) != null) {
            lines.add(line);
            if (line.contains("== phase 2/") || line.contains("== phase 3/")) {
                break;
            }
        }
        Thread.sleep(3_000);
        p.toHandle().destroy(); // SIGTERM, leaving the output stream open (Process.destroy closes it)
        r.lines().forEach(lines::add);
        assertTrue(p.waitFor(2, TimeUnit.MINUTES));
        assertEquals(143, p.exitValue(), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("poolbench: interrupted (SIGTERM); finished:")),
                String.join("\n", lines));
        Manifest m = Manifest.read(out);
        assertEquals("interrupted", m.status());
        assertTrue(m.phases().stream().anyMatch(ph -> ph.status().equals("interrupted")), m.phases().toString());
        assertTrue(Files.isRegularFile(out.resolve(summary)), "no " + summary + ":\n" + String.join("\n", lines));
        String md = Files.readString(out.resolve(summary));
        assertTrue(md.toLowerCase(Locale.ROOT).contains("interrupted"), md);
    }
}
