package io.poolbench.testbed.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.poolbench.testbed.fault.DriverTimeouts;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.StubPools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import javax.sql.DataSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The driver properties a pool hands to the driver beside the URL ({@code connectionProperties="k=v;k=v"} for DBCP2,
 * Tomcat's DBCP, Tomcat JDBC, Druid and DBCP 1.4, Agroal's {@code jdbcProperties}) reach the driver's own parser, so that a socketTimeout given there bounds the
 * predicted waits as it bounds the service's.
 */
class DriverPropertiesTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"dbcp2, connectionProperties", "tomcat-dbcp, connectionProperties",
        "tomcat-jdbc, connectionProperties", "druid, connectionProperties", "dbcp1, connectionProperties",
        "agroal, jdbcProperties"})
    void connectionPropertiesReachTheDriversParser(String profile, String attribute) throws Exception {
        String xml = Files.readString(Path.of("../webapp/conf/" + profile + ".xml")).replace("<Resource name=",
                "<Resource " + attribute + "=\"socketTimeout=5000;connectTimeout=2000\" name=");
        Path f = Files.writeString(dir.resolve(profile + ".xml"), xml);
        PoolProfile p = PoolProfile.load(f);
        DataSource ds = StubPools.build(p, "jdbc:stub:props", Map.of());
        try {
            Properties props = p.kind().adapter().driverProperties(ds);
            assertEquals("5000", props.getProperty("socketTimeout"), profile + ": " + props);
            assertNull(props.getProperty("password"), "never the credentials");
            DriverTimeouts d = DriverTimeouts.read("jdbc:mysql://db:3306/app", props);
            assertEquals(5_000, d.socketTimeoutMs(), profile);
            assertEquals(2_000, d.connectTimeoutMs(), profile);
        } finally {
            PoolProfile.close(ds);
        }
    }
}
