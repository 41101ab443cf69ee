package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The committed profile catalogue is the one the shipped profiles give: every build writes it to
 * {@code suite/target/reference/profile-catalogue.md}, and a profile changed without the page fails here.
 */
class ProfileCatalogueTest {
    private static final Path GENERATED = Path.of("target", "reference", "profile-catalogue.md");

    @Test
    void theCommittedCatalogueIsTheGeneratedOne() throws IOException {
        String generated = ProfileCatalogue.markdown(Path.of("..", "webapp", "conf"));
        Files.createDirectories(GENERATED.getParent());
        Files.writeString(GENERATED, generated, StandardCharsets.UTF_8);
        Path committed = Path.of("..").resolve(ProfileCatalogue.PAGE);
        assertTrue(Files.isRegularFile(committed), committed + " is missing: cp suite/" + GENERATED + " "
                + ProfileCatalogue.PAGE);
        assertEquals(generated, Files.readString(committed, StandardCharsets.UTF_8), ProfileCatalogue.PAGE
                + " differs from what the profiles say: cp suite/" + GENERATED + " " + ProfileCatalogue.PAGE);
    }

    @Test
    void theFirstSentenceOfAProfilesCommentDescribesIt() {
        assertEquals("HikariCP sized 10", ProfileCatalogue.firstSentence("<?xml?>\n<!--\n  HikariCP sized 10.\n"
                + "  More here. -->\n<Context/>"));
        assertEquals("", ProfileCatalogue.firstSentence("<Context/>"));
    }
}
