package io.poolbench.testbed.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.db.DatabaseSettings;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.pool.PoolKind;
import io.poolbench.testbed.pool.PoolStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every pool of the catalog, built from its shipped profile against embedded PostgreSQL: it borrows, reports its
 * state and its effective settings, and closes without leaking a connection (PostgreSQL's own count of sessions
 * returns to where it was).
 */
class PoolCatalogIT {
    static final Path CONF = Path.of("../webapp/conf");
    /** Embedded PostgreSQL for the class, closed by JUnit after its last test. */
    @AutoClose
    static Database db = DatabaseSettings.embedded().open();

    @TempDir
    Path tmp;

    /**
     * One session that counts the others for the whole class. A new connection per count could race the previous
     * one's exit: PostgreSQL's backend for a just-closed connection can still be listed while the next one forks and
     * queries, the likely cause of one count in many seeing a session too many (CI, 2026-11-24, "dbcp1 left
     * connections open").
     */
    static Connection monitor;

    @AfterAll
    static void closeMonitor() throws Exception {
        if (monitor != null) {
            monitor.close();
        }
    }

    static int sessions() throws Exception {
        if (monitor == null) {
            monitor = db.connect();
            monitor.setAutoCommit(true); // pg_stat_activity is read afresh per transaction
        }
        try (Statement s = monitor.createStatement();
             ResultSet r = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'"
                     + " AND pid <> pg_backend_pid()")) {
            r.next();
            return r.getInt(1);
        }
    }

    /** A password no setting or default contains: found in a report, it was leaked. */
    static final String CANARY = "canary-7f3a-password";

    static void exercise(PoolProfile p, PoolKind expected) throws Exception {
        assertEquals(expected, p.kind());
        int before = sessions();
        // a canary password: the embedded server trusts loopback connections and ignores it, so the pool works
        // and any place that shows the password shows this string
        Map<String, String> vars = new HashMap<>(DatabaseOptions.vars(db));
        vars.put("poolbench.jdbc.password", CANARY);
        DataSource ds = p.createDataSource(vars);
        try {
            assertEquals(expected, PoolKind.of(ds));
            try (Connection c = ds.getConnection(); Statement s = c.createStatement();
                 ResultSet r = s.executeQuery("SELECT 1")) {
                assertTrue(r.next());
                PoolStats st = PoolStats.of(ds);
                assertEquals(1, st.active(), st.toString());
                assertEquals(10, st.max(), st.toString());
            }
            Map<String, String> eff = p.kind().adapter().effectiveSettings(ds);
            assertTrue(eff.keySet().stream().anyMatch(k -> k.startsWith("pool size")) && eff.values().contains("10"),
                    eff.toString());
            assertTrue(eff.keySet().stream().anyMatch(k -> k.startsWith("borrow timeout")), eff.toString());
            assertTrue(!eff.toString().contains(CANARY), "the effective settings show the password: " + eff);
            settle(ds);
        } finally {
            PoolProfile.close(ds);
        }
        for (int i = 0; i < 50 && sessions() > before; i++) {
            Thread.sleep(100);
        }
        assertEquals(before, sessions(), p.name() + " left connections open");
    }

    /**
     * Waits (at most 5 s) until the pool's total stops changing, so that the close below meets a settled pool.
     * Closing while a pool is still filling to its minimum idle is a different experiment: HikariCP 7.0.2 closed
     * during its background fill left one PostgreSQL session open in about 1 of 14 runs here (CI, 2026-11-22);
     * this test is about the adapters closing what they built, not about that race.
     */
    static void settle(DataSource ds) throws InterruptedException {
        int last = -1;
        int stable = 0;
        for (int i = 0; i < 50 && stable < 3; i++) {
            int total = PoolStats.of(ds).total();
            stable = total == last ? stable + 1 : 0;
            last = total;
            Thread.sleep(100);
        }
    }

    /** @return every pool of the catalog, each by its shipped profile */
    static List<String> pooledProfiles() {
        return PoolKind.pooledProfiles();
    }

    @ParameterizedTest
    @MethodSource("pooledProfiles")
    void shippedProfileBorrowsReportsAndClosesWithoutLeaks(String name) throws Exception {
        PoolProfile p = PoolProfile.load(ProfileDir.locate(name, CONF));
        assertEquals(List.of(), p.warnings(), name);
        exercise(p, PoolKind.valueOf(name.toUpperCase(Locale.ROOT).replace('-', '_')));
    }

    @Test
    void unpooledOpensAPhysicalConnectionPerBorrowAndLeavesNone() throws Exception {
        PoolProfile p = PoolProfile.load(ProfileDir.locate("unpooled", CONF));
        assertEquals(PoolKind.UNPOOLED, p.kind());
        int before = sessions();
        // a canary password: the embedded server trusts loopback connections and ignores it, so the pool works
        // and any place that shows the password shows this string
        Map<String, String> vars = new HashMap<>(DatabaseOptions.vars(db));
        vars.put("poolbench.jdbc.password", CANARY);
        DataSource ds = p.createDataSource(vars);
        try (Connection c = ds.getConnection()) {
            assertEquals(before + 1, sessions(), "one physical connection while borrowed");
        }
        for (int i = 0; i < 50 && sessions() > before; i++) {
            Thread.sleep(100);
        }
        assertEquals(before, sessions(), "closed with the borrow");
        PoolProfile.close(ds);
    }

    @Test
    void aResourceWithoutFactoryIsTomcatsBundledDbcp2() throws Exception {
        Path f = tmp.resolve("no-factory.xml");
        Files.writeString(f, Files.readString(CONF.resolve("tomcat-dbcp.xml"))
                .replace("factory=\"org.apache.tomcat.dbcp.dbcp2.BasicDataSourceFactory\"", ""));
        exercise(PoolProfile.load(f), PoolKind.TOMCAT_DBCP);
    }
}
