package io.poolbench.toxiproxy.drill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import org.junit.jupiter.api.Test;

/** The external cluster's replication hosts: read from the admin URLs by Connector/J's own parser. */
class ExternalOptionsTest {
    @Test
    void theReplicationHostIsTheAdminUrlsHostAndPortWithConnectorJsDefault() {
        assertEquals("db-a:3307", ExternalOptions.hostOf("--admin-url-a", "jdbc:mysql://db-a:3307/poolbench"));
        assertEquals("db-b:3306", ExternalOptions.hostOf("--admin-url-b", "jdbc:mysql://db-b/poolbench?useSSL=false"));
        assertEquals("10.0.0.7:3306", ExternalOptions.hostOf("--admin-url-a", "jdbc:mysql://10.0.0.7"));
    }

    @Test
    void anUrlOfAnotherDatabaseIsOneLineNamingTheOption() {
        TestbedException e = assertThrows(TestbedException.class, () -> ExternalOptions.hostOf("--admin-url-b",
                "postgres://db-b/x"));
        assertTrue(e.getMessage().startsWith("--admin-url-b postgres://db-b/x: not a MySQL URL"),
                e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }
}
