package io.poolbench.testbed.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.pool.PoolKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PoolProfileTest {
    static final Path CONF = Path.of("../webapp/conf");

    @TempDir
    Path tmp;

    private Path write(String name, String resourceAttrs) throws Exception {
        Path f = tmp.resolve(name);
        Files.writeString(f, "<Context><Resource name=\"jdbc/poolbench\" auth=\"Container\" type=\"javax.sql.DataSource\" "
                + resourceAttrs + " /></Context>");
        return f;
    }

    @Test
    void everyPoolOfTheCatalogShipsTheProfileNamedForIt() {
        for (PoolKind k : PoolKind.values()) {
            assertEquals(k, PoolProfile.load(ProfileDir.locate(k.profile(), CONF)).kind(), k.profile());
        }
        assertFalse(PoolKind.pooledProfiles().contains(PoolKind.UNPOOLED.profile()));
        assertEquals(PoolKind.values().length - 1, PoolKind.pooledProfiles().size());
    }

    @Test
    void shippedProfilesLoadWithoutWarnings() {
        PoolProfile h = PoolProfile.load(ProfileDir.locate("hikari", CONF));
        PoolProfile d = PoolProfile.load(ProfileDir.locate("dbcp2", CONF));
        assertEquals(PoolKind.HIKARI, h.kind());
        assertEquals(PoolKind.DBCP2, d.kind());
        assertEquals("jdbc/poolbench", h.resourceName());
        assertEquals("10", h.attributes().get("maximumPoolSize"));
        assertEquals("10", d.attributes().get("maxTotal"));
        assertEquals(List.of(), h.warnings());
        assertEquals(List.of(), d.warnings());
    }

    @Test
    void everyShippedProfileIsValidAndSeed004KeepsItsDbcp1Name() {
        for (String name : ProfileDir.available(CONF)) {
            PoolProfile p = PoolProfile.load(ProfileDir.locate(name, CONF));
            if (name.equals("aurora-article-dbcp2")) {
                // as written in the article: maxWait is DBCP 1's name, ignored by DBCP2
                assertEquals(1, p.warnings().size(), p.warnings().toString());
                assertTrue(p.warnings().get(0).contains("'maxWait'"));
            } else if (name.equals("aurora-article-dbcp-verbatim")) {
                // as the article prints it: DBCP 1's factory with DBCP2's maxTotal
                assertEquals(PoolKind.DBCP1, p.kind());
                assertEquals(1, p.warnings().size(), p.warnings().toString());
                assertTrue(p.warnings().get(0).contains("'maxTotal' is not a DBCP 1 setting"));
            } else {
                assertEquals(List.of(), p.warnings(), name);
            }
        }
    }

    @Test
    void hikariIgnoresDbcpNamesAndWeSayWhich() throws Exception {
        Path f = write("h.xml", "factory=\"com.zaxxer.hikari.HikariJNDIFactory\" jdbcUrl=\"jdbc:postgresql://x/y\""
                + " maxTotal=\"300\" dataSource.cachePrepStmts=\"true\"");
        PoolProfile p = PoolProfile.load(f);
        assertEquals(1, p.warnings().size(), p.warnings().toString());
        String w = p.warnings().get(0);
        assertTrue(w.contains("'maxTotal'") && w.contains("h.xml") && w.contains("jdbc/poolbench")
                && w.contains("maximumPoolSize"), w);
    }

    @Test
    void aPasswordInTheUrlsUserInfoLeavesTheDriversErrorText() throws Exception {
        // PostgreSQL's driver reads no user info: it takes "poolbench:<password>@127.0.0.1" for the host and quotes it
        Path f = write("u.xml", "factory=\"com.zaxxer.hikari.HikariJNDIFactory\""
                + " jdbcUrl=\"jdbc:postgresql://poolbench:canary-u1-secret@127.0.0.1:1/postgres\"");
        TestbedException e = assertThrows(TestbedException.class, () -> PoolProfile.load(f).createDataSource(Map.of()));
        assertTrue(e.getMessage().contains("could not build the pool") && !e.getMessage().contains("canary-u1-secret"),
                e.getMessage());
    }

    @Test
    void dbcp2IgnoresDbcp1NamesAndWeSayWhich() throws Exception {
        Path f = write("d.xml", "factory=\"org.apache.commons.dbcp2.BasicDataSourceFactory\" url=\"jdbc:postgresql://x/y\""
                + " maxActive=\"300\" maxWait=\"10000\" maxWaitMillis=\"10000\" testOnBorrow=\"true\"");
        PoolProfile p = PoolProfile.load(f);
        assertEquals(2, p.warnings().size(), p.warnings().toString());
        assertTrue(p.warnings().get(0).contains("'maxActive'") && p.warnings().get(0).contains("maxTotal"));
        assertTrue(p.warnings().get(1).contains("'maxWait'") && p.warnings().get(1).contains("maxWaitMillis"));
    }

    @Test
    void missingFileNamesThePath() {
        TestbedException e = assertThrows(TestbedException.class, () -> PoolProfile.load(tmp.resolve("nope.xml")));
        assertTrue(e.getMessage().contains("nope.xml") && e.getMessage().contains("does not exist"), e.getMessage());
    }

    @Test
    void aProfileNameTooLongForTheRunsFileNamesIsRefusedBeforeAnythingRuns() throws Exception {
        Path f = write("p".repeat(247) + ".xml", "factory=\"com.zaxxer.hikari.HikariJNDIFactory\"");
        TestbedException e = assertThrows(TestbedException.class, () -> PoolProfile.load(f));
        assertTrue(e.getMessage().contains("is 251 bytes") && e.getMessage().contains("at most 120"), e.getMessage());
    }

    @Test
    void aDirectoryOrADeviceIsNamedForWhatItIs() {
        TestbedException e = assertThrows(TestbedException.class, () -> PoolProfile.load(tmp));
        assertTrue(e.getMessage().contains(tmp + " is a directory"), e.getMessage());
        e = assertThrows(TestbedException.class, () -> ProfileDir.locate(tmp.toString(), CONF));
        assertTrue(e.getMessage().contains(tmp + " is a directory"), e.getMessage());
        e = assertThrows(TestbedException.class, () -> ProfileDir.locate("/dev/zero", CONF));
        assertTrue(e.getMessage().contains("/dev/zero is not a regular file"), e.getMessage());
    }

    @Test
    void unknownProfileNameListsTheAvailableOnes() {
        TestbedException e = assertThrows(TestbedException.class, () -> ProfileDir.locate("hikary", CONF));
        assertTrue(e.getMessage().contains("'hikary'") && e.getMessage().contains("available in") && e.getMessage().contains("dbcp2, ") && e.getMessage().contains(" hikari,"), e.getMessage());
    }

    @Test
    void malformedXmlNamesTheFile() throws Exception {
        Path f = tmp.resolve("bad.xml");
        Files.writeString(f, "<Context><Resource name=\"jdbc/poolbench\" </Context>");
        TestbedException e = assertThrows(TestbedException.class, () -> PoolProfile.load(f));
        assertTrue(e.getMessage().contains("bad.xml") && e.getMessage().contains("not well-formed"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void aSpringBootFileWhereAContextXmlIsReadSaysWhichCommandsReadIt() throws Exception {
        Path f = Files.writeString(tmp.resolve("application.yml"), "spring:\n  datasource:\n    url: x\n");
        TestbedException e = assertThrows(TestbedException.class, () -> PoolProfile.load(f));
        assertTrue(e.getMessage().contains("is a Spring Boot file") && e.getMessage().contains("check and plan read"),
                e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void dbcp1FactoryBuildsDbcp1AndItsTrapsAreNamed() throws Exception {
        // the Aurora article's resource: DBCP 1's factory with DBCP2's maxTotal
        PoolProfile p = PoolProfile.load(write("old.xml", "factory=\"org.apache.commons.dbcp.BasicDataSourceFactory\""
                + " maxTotal=\"300\" maxWait=\"10000\""));
        assertEquals(PoolKind.DBCP1, p.kind());
        assertTrue(p.warnings().stream().anyMatch(w -> w.contains("'maxTotal' is not a DBCP 1 setting")), p.warnings()
                .toString());
        assertTrue(p.kind().adapter().traps(p.attributes()).stream().anyMatch(w -> w.contains("maxActive's default, 8")));
        Path unknown = write("x.xml", "factory=\"org.example.Nope\"");
        TestbedException e = assertThrows(TestbedException.class, () -> PoolProfile.load(unknown));
        assertTrue(e.getMessage().contains("no pool of the catalog"), e.getMessage());
    }

    @Test
    void noResourceIsAnError() throws Exception {
        Path f = tmp.resolve("empty.xml");
        Files.writeString(f, "<Context/>");
        TestbedException e = assertThrows(TestbedException.class, () -> PoolProfile.load(f));
        assertTrue(e.getMessage().contains("no <Resource>"), e.getMessage());
    }

    @Test
    void placeholdersResolveFromVarsAndReportMissingOnes() throws Exception {
        Path f = write("p.xml", "factory=\"com.zaxxer.hikari.HikariJNDIFactory\" jdbcUrl=\"${poolbench.jdbc.url}\""
                + " username=\"${poolbench.jdbc.user:-app}\" password=\"${poolbench.jdbc.password}\"");
        PoolProfile p = PoolProfile.load(f);
        Map<String, String> r = p.resolvedAttributes(Map.of("poolbench.jdbc.url", "jdbc:postgresql://h/db",
                "poolbench.jdbc.password", "s3cret"));
        assertEquals("jdbc:postgresql://h/db", r.get("jdbcUrl"));
        assertEquals("app", r.get("username"));
        TestbedException e = assertThrows(TestbedException.class, () -> p.resolvedAttributes(Map.of()));
        assertTrue(e.getMessage().contains("${poolbench.jdbc.url}"), e.getMessage());
        assertEquals("***", p.settingsForReport().get("password"));
    }

    @Test
    void knownAttributeListsAreReadFromTheFactories() {
        assertTrue(PoolProfile.knownAttributes(PoolKind.HIKARI).contains("maximumPoolSize"));
        assertTrue(PoolProfile.knownAttributes(PoolKind.DBCP2).contains("maxWaitMillis"));
        assertTrue(PoolProfile.knownAttributes(PoolKind.DBCP2).contains("testOnBorrow"));
    }

    static final Set<String> LATER = Set.of("poolbench.jdbc.url", "poolbench.jdbc.user",
            "poolbench.jdbc.password");

    @Test
    void aValueThatDoesNotParseNamesItsAttributeBeforeAnythingStarts() throws Exception {
        // maxTotal="abc" was a NumberFormatException inside JMH, and exit 0
        PoolProfile d = PoolProfile.load(write("d.xml", "factory=\"org.apache.commons.dbcp2.BasicDataSourceFactory\""
                + " url=\"${poolbench.jdbc.url}\" maxTotal=\"abc\""));
        TestbedException e = assertThrows(TestbedException.class, () -> d.check(LATER));
        assertTrue(e.getMessage().contains("attribute maxTotal=\"abc\"") && e.getMessage().contains("d.xml"),
                e.getMessage());
        PoolProfile h = PoolProfile.load(write("h.xml", "factory=\"com.zaxxer.hikari.HikariJNDIFactory\""
                + " jdbcUrl=\"${poolbench.jdbc.url}\" maximumPoolSize=\"-1\""));
        e = assertThrows(TestbedException.class, () -> h.check(LATER));
        assertTrue(e.getMessage().contains("attribute maximumPoolSize=\"-1\""), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line");
    }

    @Test
    void aDriverThatIsGoneOrForAnotherDatabaseIsNamed() throws Exception {
        PoolProfile gone = PoolProfile.load(write("g.xml", "factory=\"org.apache.commons.dbcp2.BasicDataSourceFactory\""
                + " url=\"${poolbench.jdbc.url}\" driverClassName=\"org.example.NoSuchDriver\""));
        TestbedException e = assertThrows(TestbedException.class, () -> gone.check(LATER));
        assertTrue(e.getMessage().contains("no such JDBC driver"), e.getMessage());
        // com.mysql.jdbc.Driver on PostgreSQL ended in "Tomcat did not start on port 0: No suitable driver"
        PoolProfile mysqlDriver = PoolProfile.load(write("m.xml", "factory=\"org.apache.commons.dbcp2.BasicDataSourceFactory\""
                + " url=\"${poolbench.jdbc.url}\" driverClassName=\"com.mysql.jdbc.Driver\""));
        e = assertThrows(TestbedException.class, () -> mysqlDriver.check(
                Map.of("poolbench.jdbc.url", "jdbc:postgresql://localhost/postgres"), LATER));
        assertTrue(e.getMessage().contains("com.mysql.jdbc.Driver does not accept the URL jdbc:postgresql:"),
                e.getMessage());
        PoolProfile other = PoolProfile.load(write("o.xml", "factory=\"org.apache.commons.dbcp2.BasicDataSourceFactory\""
                + " url=\"jdbc:postgresql://127.0.0.1/x\" driverClassName=\"com.mysql.cj.jdbc.Driver\""));
        e = assertThrows(TestbedException.class, () -> other.check(LATER));
        assertTrue(e.getMessage().contains("does not accept the URL"), e.getMessage());
    }

    @Test
    void shippedProfilesPassTheCheckAndMySqlOnesNeedTheMySqlPlaceholders() {
        for (String n : ProfileDir.available(CONF)) {
            PoolProfile p = PoolProfile.load(ProfileDir.locate(n, CONF));
            Set<String> all = new HashSet<>(LATER);
            all.addAll(ProfileVariables.MYSQL_VARS);
            all.addAll(ProfileVariables.CLUSTER_VARS);
            p.check(all);
            if (n.contains("connectorj")) {
                // a driver's multi-host URL names both instances: only the drills' and the Aurora article's cluster sets them
                all.removeAll(ProfileVariables.CLUSTER_VARS);
                TestbedException e = assertThrows(TestbedException.class, () -> p.check(all), n);
                assertTrue(e.getMessage().contains("poolbench.mysql.host."), e.getMessage());
            }
            if ("mysql".equals(p.urlScheme())) {
                TestbedException e = assertThrows(TestbedException.class, () -> p.check(LATER), n);
                assertTrue(e.getMessage().contains("poolbench.mysql."), e.getMessage());
            } else {
                p.check(LATER);
            }
        }
    }

    @Test
    void aFileWithSeveralResourcesNeedsAName() throws Exception {
        // two <Resource> elements silently used one
        Path f = tmp.resolve("two.xml");
        Files.writeString(f, "<Context><Resource name=\"jdbc/a\" type=\"javax.sql.DataSource\""
                + " factory=\"com.zaxxer.hikari.HikariJNDIFactory\" jdbcUrl=\"${poolbench.jdbc.url}\"/>"
                + "<Resource name=\"jdbc/poolbench\" type=\"javax.sql.DataSource\""
                + " factory=\"org.apache.commons.dbcp2.BasicDataSourceFactory\" url=\"${poolbench.jdbc.url}\"/></Context>");
        TestbedException e = assertThrows(TestbedException.class, () -> PoolProfile.load(f));
        assertTrue(e.getMessage().contains("jdbc/a, jdbc/poolbench") && e.getMessage().contains("--resource"),
                e.getMessage());
        assertEquals(PoolKind.HIKARI, PoolProfile.load(f, "jdbc/a").kind());
    }
}
