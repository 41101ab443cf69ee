package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The check every generated page of {@code docs/reference/} shares: written at each build, compared with the commit. */
final class GeneratedPages {
    private GeneratedPages() {
    }

    /**
     * Writes the page under {@code suite/target/reference/} and fails when the committed copy is missing or differs,
     * naming the copy to make.
     *
     * @param generated the page as the code gives it
     * @param page the committed page, relative to the project root
     * @throws IOException when a file cannot be written or read
     */
    static void assertCommitted(String generated, Path page) throws IOException {
        Path target = Path.of("target", "reference").resolve(page.getFileName());
        Files.createDirectories(target.getParent());
        Files.writeString(target, generated, StandardCharsets.UTF_8);
        Path committed = Path.of("..").resolve(page);
        String copy = "cp suite/" + target + " " + page;
        assertTrue(Files.isRegularFile(committed), committed + " is missing: " + copy);
        assertEquals(generated, Files.readString(committed, StandardCharsets.UTF_8), page
                + " differs from what the code says: " + copy);
    }
}
