package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The committed profile catalogue is the one the shipped profiles give: every build writes it to
 * {@code suite/target/reference/profile-catalogue.md}, and a profile changed without the page fails here.
 */
class ProfileCatalogueTest {
    @Test
    void theCommittedCatalogueIsTheGeneratedOne() throws IOException {
        GeneratedPages.assertCommitted(ProfileCatalogue.markdown(Path.of("..", "webapp", "conf")),
                ProfileCatalogue.PAGE);
    }

    @Test
    void theFirstSentenceOfAProfilesCommentDescribesIt() {
        assertEquals("HikariCP sized 10", ProfileCatalogue.firstSentence("<?xml?>\n<!--\n  HikariCP sized 10.\n"
                + "  More here. -->\n<Context/>"));
        assertEquals("", ProfileCatalogue.firstSentence("<Context/>"));
    }
}
