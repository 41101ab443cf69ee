package io.poolbench.testbed.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;

/** The version a process names for the pool it loaded, and its reading back by the runner. */
class LoadedVersionTest {
    @Test
    void aLineNamesTheVersionAfterItsMarkUpToASpaceCommaOrParenthesis() {
        assertEquals("7.0.2", PoolKind.versionIn("poolbench: HikariCP, pool version 7.0.2"));
        assertEquals("7.1.0-RC1", PoolKind.versionIn("profile hikari (HIKARI, pool version 7.1.0-RC1, /x.xml)"));
        assertNull(PoolKind.versionIn("poolbench webapp: http://127.0.0.1:1/ profile hikari (HIKARI, /x.xml)"));
        assertNull(PoolKind.versionIn("pool version "));
    }

    @Test
    void thePoolsVersionIsTheOneItsJarNamesAndNoneWithoutAPool() {
        try (HikariDataSource ds = new HikariDataSource()) {
            String v = PoolKind.HIKARI.loadedVersion(ds);
            assertEquals(ArtifactOfClass.versionOf(HikariDataSource.class, "com.zaxxer:HikariCP"), v);
            assertTrue(v != null && v.matches("\\d+\\.\\d+\\.\\d+.*"), v);
        }
        assertNull(PoolKind.UNPOOLED.loadedVersion(new Object()));
    }
}
