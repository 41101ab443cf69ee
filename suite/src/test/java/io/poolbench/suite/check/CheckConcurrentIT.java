package io.poolbench.suite.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.poolbench.testbed.report.ResultJson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code check} commands at once into one {@code --out}, as parallel CI jobs run them: each one's last line names
 * files that hold its own result, whole, and the two files left are one run's.
 */
class CheckConcurrentIT {
    @TempDir
    Path tmp;

    private Process check(String profile, Path out, Path log) throws Exception {
        return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                Path.of("target/poolbench.jar").toAbsolutePath().toString(), "check", "../webapp/conf/" + profile
                + ".xml", "--out", out.toString()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    @Test
    void twoChecksIntoOneDirectoryLeaveWholeFilesOfOneRun() throws Exception {
        Path out = tmp.resolve("check");
        for (int round = 0; round < 2; round++) {
            Path logA = tmp.resolve("a" + round + ".log");
            Path logB = tmp.resolve("b" + round + ".log");
            Process a = check("hikari", out, logA);
            Process b = check("aurora-article-dbcp-verbatim", out, logB);
            assertTrue(a.waitFor(2, TimeUnit.MINUTES) && b.waitFor(2, TimeUnit.MINUTES));
            assertEquals(0, a.exitValue(), Files.readString(logA));
            assertEquals(0, b.exitValue(), Files.readString(logB));
            JsonNode json = ResultJson.MAPPER.readTree(out.resolve("check.json").toFile());
            String md = Files.readString(out.resolve("check.md"), StandardCharsets.UTF_8);
            String pool = json.at("/0/pool/pool").asText();
            List<String> both = List.of("HikariCP", "DBCP 1.4");
            assertTrue(both.contains(pool), json.toString());
            String other = both.get(1 - both.indexOf(pool));
            assertTrue(md.contains(": " + pool + " ("), md);
            assertFalse(md.contains(": " + other + " ("), "check.md holds the other run's configuration:\n" + md);
        }
    }
}
