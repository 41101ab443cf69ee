package io.poolbench.suite.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.pool.PoolKind;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.spring.SpringContextXml;
import io.poolbench.testbed.spring.SpringDataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A Spring Boot file's bound pool written as its JNDI factory's context.xml, for the stand-in's webapp. */
class SpringContextXmlTest {
    @TempDir
    Path tmp;

    @Test
    void theBoundPoolsSettingsGoToItsFactoryAndItsCredentialsDoNot() throws Exception {
        Path yml = Files.writeString(tmp.resolve("application.yml"), """
                spring:
                  datasource:
                    url: jdbc:mysql://orders:3306/o?socketTimeout=30000&password=canary-9
                    username: orders
                    password: canary-9
                    hikari:
                      maximum-pool-size: 20
                      max-lifetime: 20000
                      data-source-properties:
                        cachePrepStmts: true
                """);
        SpringDataSource s = SpringDataSource.bind(yml, List.of(), Map.of());
        PoolProfile p = SpringContextXml.write(s, SpringContextXml.kindOf(s), tmp);
        PoolProfile.close(s.dataSource());
        assertEquals("spring-application", p.name());
        assertEquals(PoolKind.HIKARI, p.kind());
        Map<String, String> a = p.attributes();
        assertEquals("20", a.get("maximumPoolSize"));
        assertEquals("20000", a.get("maxLifetime"), "as bound: HikariCP resets it itself when it starts");
        assertEquals("true", a.get("dataSource.cachePrepStmts"));
        assertEquals("jdbc:mysql://${poolbench.mysql.endpoint}/${poolbench.mysql.database}?socketTimeout=30000",
                a.get("jdbcUrl"));
        assertTrue(p.warnings().isEmpty(), p.warnings().toString());
        assertFalse(Files.readString(p.file()).contains("canary-9"));
    }

    @Test
    void theDriverPropertiesDbcp2AndTomcatHandToTheDriverBoundItsWaits() throws Exception {
        for (String[] t : new String[][] {{"org.apache.commons.dbcp2.BasicDataSource", "dbcp2"},
                {"org.apache.tomcat.jdbc.pool.DataSource", "tomcat"}}) {
            Path f = Files.writeString(tmp.resolve("application.properties"), "spring.datasource.url=jdbc:mysql://db:3306/app\n"
                    + "spring.datasource.username=app\nspring.datasource.password=canary-9\n"
                    + "spring.datasource.type=" + t[0] + "\n"
                    + "spring.datasource." + t[1] + ".connection-properties=socketTimeout=5000;connectTimeout=2000\n");
            CheckedPool c = CheckedPool.ofSpring(f, List.of(), Map.of());
            assertEquals(5_000, c.driver().socketTimeoutMs(), t[1]);
            assertEquals(2_000, c.driver().connectTimeoutMs(), t[1]);
            assertEquals(List.of(), c.ignored(), t[1] + ": read, not listed as unread");
            // and the context.xml the measurement runs hands them to the driver too
            SpringDataSource s = SpringDataSource.bind(f, List.of(), Map.of());
            PoolProfile p = SpringContextXml.write(s, SpringContextXml.kindOf(s), Files.createDirectories(
                    tmp.resolve(t[1])));
            PoolProfile.close(s.dataSource());
            assertEquals("connectTimeout=2000;socketTimeout=5000", p.attributes().get("connectionProperties"), t[1]);
            assertFalse(Files.readString(p.file()).contains("canary-9"));
        }
    }
}
