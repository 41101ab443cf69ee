package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The committed command-line reference is the one the code generates: every build writes the generated page to
 * {@code suite/target/reference/cli.md}, and a change to a command that leaves {@code docs/reference/cli.md} behind
 * fails here with the copy to make.
 */
class CliReferenceTest {
    @Test
    void theCommittedReferenceIsTheGeneratedOne() throws IOException {
        GeneratedPages.assertCommitted(CliReference.markdown(), CliReference.PAGE);
    }

    @Test
    void theCommittedExitCodesAreTheCommands() throws IOException {
        GeneratedPages.assertCommitted(CliReference.exitCodes(), CliReference.EXIT_CODES_PAGE);
    }

    @Test
    void everyCommandHasItsSection() {
        String md = CliReference.markdown();
        for (String command : new String[] {"poolbench run", "poolbench report", "poolbench lint", "poolbench check",
            "poolbench plan", "poolbench compare", "poolbench aurora", "poolbench drill", "poolbench sweep pool-size",
            "poolbench sweep concurrency", "poolbench sweep shared", "poolbench sweep connect"}) {
            assertTrue(md.contains("\n## " + command + "\n"), command);
        }
    }
}
