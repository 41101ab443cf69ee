package io.poolbench.testbed.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.poolbench.testbed.TestbedException;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The drivers' own parsers and defaults, as check reads them. */
class DriverTimeoutsTest {
    @Test
    void eachDriverNamesItsOwnVersionAsItsDriverClassDoes() throws Exception {
        java.sql.Driver mysql = new com.mysql.cj.jdbc.Driver();
        String cj = DriverTimeouts.driverJar("jdbc:mysql://db/app").ownVersion();
        assertTrue(cj.startsWith(mysql.getMajorVersion() + "." + mysql.getMinorVersion() + "."), cj);
        java.sql.Driver pg = new org.postgresql.Driver();
        String pgjdbc = DriverTimeouts.driverJar("jdbc:postgresql://db/app").ownVersion();
        assertTrue(pgjdbc.startsWith(pg.getMajorVersion() + "." + pg.getMinorVersion() + "."), pgjdbc);
        assertEquals(cj, DriverTimeouts.driverJar("jdbc:aws-wrapper:mysql://db/app").ownVersion(),
                "the driver behind the AWS wrapper");
    }

    @Test
    void connectorJDefaultsAreNoTimeouts() {
        DriverTimeouts d = DriverTimeouts.read("jdbc:mysql://db:3306/app", new Properties());
        assertEquals(0, d.connectTimeoutMs());
        assertEquals(0, d.socketTimeoutMs());
        d = DriverTimeouts.read("jdbc:mysql://db:3306/app?connectTimeout=2000&socketTimeout=10000", new Properties());
        assertEquals(2_000, d.connectTimeoutMs());
        assertEquals(10_000, d.socketTimeoutMs());
    }

    @Test
    void pgjdbcCountsSecondsAndConnectsWithinTenByDefault() {
        DriverTimeouts d = DriverTimeouts.read("jdbc:postgresql://db/app?socketTimeout=30", new Properties());
        assertEquals(10_000, d.connectTimeoutMs());
        assertEquals(30_000, d.socketTimeoutMs());
    }

    @Test
    void theWrappersHostMonitoringUsesItsOwnDefaults() {
        Properties p = new Properties();
        p.setProperty("wrapperPlugins", "efm2");
        DriverTimeouts d = DriverTimeouts.read("jdbc:aws-wrapper:mysql://db/app?socketTimeout=180000", p);
        assertEquals(List.of("efm2"), d.plugins());
        // failureDetectionTime 30 s + up to 1 s + 0.1 s, then (no connectTimeout) the monitor's checks: with its connection open,
        // a ping of 2 s, 3 s asleep, a new connection that Linux's SYN retries end after 127 s
        assertEquals(30_000 + 1_000 + 100 + 2_000 + 3_000 + 127_000, d.monitoring().abortMs());
        assertEquals(180_000, d.socketTimeoutMs());
    }

    @Test
    void theWrapperReadsItsSettingsFromTheUrlByItsOwnParserThePropertiesWinning() {
        DriverTimeouts d = DriverTimeouts.read("jdbc:aws-wrapper:mysql://db/app?wrapperPlugins=efm2,failover2"
                + "&failureDetectionTime=10000", new Properties());
        assertEquals(List.of("efm2", "failover2"), d.plugins());
        assertEquals(10_000 + 1_000 + 100 + 2_000 + 3_000 + 127_000, d.monitoring().abortMs(),
                "failureDetectionTime 10 s, a ping, then SYN retries");
        Properties p = new Properties();
        p.setProperty("wrapperPlugins", "failover2");
        assertEquals(List.of("failover2"), DriverTimeouts.read("jdbc:aws-wrapper:mysql://db/app?wrapperPlugins=efm2",
                p).plugins());
    }

    @Test
    void aUrlNoDriverReadsIsOneLine() {
        assertThrows(TestbedException.class, () -> DriverTimeouts.read("jdbc:oracle:thin:@db", new Properties()));
    }
}
