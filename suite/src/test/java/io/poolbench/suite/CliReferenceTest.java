package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The committed command-line reference is the one the code generates: every build writes the generated page to
 * {@code suite/target/reference/cli.md}, and a change to a command that leaves {@code docs/reference/cli.md} behind
 * fails here with the copy to make.
 */
class CliReferenceTest {
    private static final Path GENERATED = Path.of("target", "reference", "cli.md");

    @Test
    void theCommittedReferenceIsTheGeneratedOne() throws IOException {
        CliReference.main(new String[] {GENERATED.toString()});
        String generated = Files.readString(GENERATED, StandardCharsets.UTF_8);
        Path committed = Path.of("..").resolve(CliReference.PAGE);
        assertTrue(Files.isRegularFile(committed), committed + " is missing: cp suite/" + GENERATED + " "
                + CliReference.PAGE);
        assertEquals(generated, Files.readString(committed, StandardCharsets.UTF_8), CliReference.PAGE
                + " differs from what the commands say: cp suite/" + GENERATED + " " + CliReference.PAGE);
    }

    @Test
    void everyCommandHasItsSection() {
        String md = CliReference.markdown();
        for (String command : new String[] {"poolbench run", "poolbench report", "poolbench lint", "poolbench check",
            "poolbench plan", "poolbench compare", "poolbench seed004", "poolbench drill", "poolbench sweep pool-size",
            "poolbench sweep concurrency", "poolbench sweep shared", "poolbench sweep connect"}) {
            assertTrue(md.contains("\n## " + command + "\n"), command);
        }
    }
}
