package io.poolbench.testbed.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The R2DBC profile: recognised, checked attribute by attribute, kept out of the JDBC profiles. */
class R2dbcProfileTest {
    static final Path CONF = Path.of("../webapp/conf");

    @TempDir
    Path tmp;

    @Test
    void theShippedProfileLoadsAndIsNoJdbcProfile() {
        Path f = CONF.resolve("r2dbc.xml");
        assertTrue(R2dbcProfile.isR2dbc(f));
        assertFalse(R2dbcProfile.isR2dbc(CONF.resolve("hikari.xml")));
        R2dbcProfile p = R2dbcProfile.load(f);
        assertEquals("r2dbc", p.name());
        assertEquals(10, p.maxSize(Map.of(R2dbcProfile.URL_VAR, "r2dbc:postgresql://h:1/d",
                "poolbench.jdbc.user", "u", "poolbench.jdbc.password", "")));
        assertEquals("***", p.settingsForReport().get("password"));
        assertFalse(ProfileDir.available(CONF).contains("r2dbc"), "listed among the JDBC profiles");
        TestbedException e = assertThrows(TestbedException.class, () -> PoolProfile.load(f));
        assertTrue(e.getMessage().contains("R2DBC") && !e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void badAttributesAreOneLineEach() throws Exception {
        assertProblem("maxSize=\"-1\"", "must not be negative");
        assertProblem("maxAcquireTime=\"30s\"", "ISO-8601");
        assertProblem("validationDepth=\"deep\"", "LOCAL or REMOTE");
        assertProblem("maximumPoolSize=\"20\"", "no r2dbc-pool option");
        Path f = write("maxSize=\"20\"").getParent().resolve("resized.xml");
        R2dbcProfile p = R2dbcProfile.load(write("maxSize=\"5\"")).withAttribute("maxSize", "20", f);
        assertEquals("20", p.attributes().get("maxSize"));
    }

    @Test
    void urlOfAPostgresqlJdbcUrl() {
        assertEquals("r2dbc:postgresql://localhost:5432/postgres",
                R2dbcProfile.urlOf("jdbc:postgresql://localhost:5432/postgres?ssl=false"));
        assertNull(R2dbcProfile.urlOf("jdbc:mysql://h:3306/d"));
    }

    private void assertProblem(String attr, String expected) throws Exception {
        Path f = write(attr);
        TestbedException e = assertThrows(TestbedException.class, () -> R2dbcProfile.load(f));
        assertTrue(e.getMessage().contains(expected) && !e.getMessage().contains("\n"), e.getMessage());
    }

    private Path write(String attr) throws Exception {
        Path f = Files.createTempFile(tmp, "r2dbc", ".xml");
        Files.writeString(f, "<Context><Resource name=\"r2dbc/poolbench\" type=\"io.r2dbc.spi.ConnectionFactory\""
                + " factory=\"io.poolbench.webapp.R2dbcPoolFactory\" url=\"${poolbench.r2dbc.url}\" " + attr
                + "/></Context>");
        return f;
    }
}
