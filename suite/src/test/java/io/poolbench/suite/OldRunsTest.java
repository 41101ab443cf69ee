package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Run directories written by poolbench before the scenario packages (commit ae070a2, small runs of the suite with
 * seeds 000 and 003, of seed 001, seed 002 and compare; charts and logs left out) still open: {@code ./poolbench
 * report} renders from them the same Markdown that version rendered ({@code old-runs/<name>.expected.md}). The
 * suite page's environment section is left out of the comparison: it describes the machine and the clone the
 * report is rebuilt in.
 */
class OldRunsTest {
    private static final Path OLD_RUNS = Path.of("src/test/resources/old-runs");

    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource({"suite, fx, index.md", "seed001, fx001, concurrency/summary.md", "seed002, fx002, shared/summary.md",
        "compare, fxc, summary.md"})
    void aRunDirectoryOfTheOldLayoutRendersAsBefore(String fixture, String runName, String report) throws Exception {
        // the run's directory name is part of the page ("Run `fx`"): the copy keeps it
        Path dir = tmp.resolve(runName);
        copy(OLD_RUNS.resolve(fixture), dir);
        assertEquals(0, PoolbenchMain.run("report", dir.toString()));
        String expected = Files.readString(OLD_RUNS.resolve(fixture + ".expected.md"));
        assertEquals(withoutEnvironment(expected), withoutEnvironment(Files.readString(dir.resolve(report))));
    }

    /** The page without its "## Environment" section (machine, JDK, commit of the clone that renders it). */
    private static String withoutEnvironment(String md) {
        int a = md.indexOf("\n## Environment\n");
        if (a < 0) {
            return md;
        }
        int b = md.indexOf("\n## ", a + 1);
        return md.substring(0, a) + (b < 0 ? "" : md.substring(b));
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
