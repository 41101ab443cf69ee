package io.poolbench.testbed.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.pool.PoolKind;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Profiles are found by name from the project and, packaged, from anywhere. */
class ProfileDirTest {
    @Test
    void thePackagedCopyHoldsEveryProfileOfWebappConf() {
        assertEquals(ProfileDir.available(Path.of("../webapp/conf")), ProfileDir.available(ProfileDir.packaged()));
        PoolProfile p = PoolProfile.load(ProfileDir.locate("tomcat-jdbc", ProfileDir.packaged()));
        assertEquals(PoolKind.TOMCAT_JDBC, p.kind());
        assertEquals("tomcat-jdbc", p.name());
    }

    @Test
    void aFormerProfileNameStillFindsItsFile() {
        Path conf = Path.of("../webapp/conf");
        assertEquals(conf.resolve("aurora-article-hikari.xml"), ProfileDir.locate("seed004-hikari", conf));
        assertEquals(conf.resolve("aurora-article-dbcp2.xml"), ProfileDir.locate(conf.resolve("seed004-dbcp2.xml")
                .toString(), conf));
        assertThrows(TestbedException.class, () -> ProfileDir.locate("seed004-none", conf));
    }

    @Test
    void fromAModuleDirectoryTheProjectsOwnFilesAreUsed() {
        assertEquals(Path.of("../webapp/conf"), ProfileDir.resolve(null));
    }

    @Test
    void aGivenDirectoryThatDoesNotExistIsOneLine() {
        TestbedException e = assertThrows(TestbedException.class, () -> ProfileDir.resolve(Path.of("no/such/dir")));
        assertTrue(e.getMessage().startsWith("--conf-dir no/such/dir is not a directory"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"));
    }
}
