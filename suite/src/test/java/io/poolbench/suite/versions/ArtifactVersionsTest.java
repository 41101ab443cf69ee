package io.poolbench.suite.versions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.pool.ArtifactOfClass;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Another version of a pool, resolved by Maven Resolver into a class loader of its own: two HikariCP versions in one
 * JVM each report their own version (from the jar their {@code HikariDataSource} was loaded from); a version that
 * does not exist is one line.
 */
class ArtifactVersionsTest {
    @Test
    void twoHikariVersionsInOneJvmReportTheirOwnPackageVersion() throws Exception {
        Path jar = ArtifactVersions.jar("com.zaxxer:HikariCP:7.1.0");
        assertTrue(Files.isRegularFile(jar), jar.toString());
        try (URLClassLoader loader = ArtifactVersions.isolated(jar)) {
            Class<?> other = Class.forName("com.zaxxer.hikari.HikariDataSource", false, loader);
            Class<?> pinned = com.zaxxer.hikari.HikariDataSource.class;
            assertEquals("7.1.0", ArtifactOfClass.version(other, "com.zaxxer", "HikariCP"));
            assertEquals("7.0.2", ArtifactOfClass.version(pinned, "com.zaxxer", "HikariCP"));
            assertNotEquals(pinned, other, "two classes of one name, one per loader");
        }
    }

    @Test
    void aVersionThatDoesNotResolveIsOneLineNamingTheCoordinates() {
        TestbedException e = assertThrows(TestbedException.class,
                () -> ArtifactVersions.jar("com.zaxxer:HikariCP:0.0.0-none"));
        assertTrue(e.getMessage().startsWith("com.zaxxer:HikariCP:0.0.0-none cannot be resolved"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }
}
