package io.poolbench.testbed.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.pool.PoolStats;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileDir;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class EmbeddedPostgresIT {
    /** Embedded PostgreSQL for the class, closed by JUnit after its last test. */
    @AutoClose
    static Database db = DatabaseSettings.embedded().open();
    static final DataSet DATA = DataSet.ofOrders(5_000);

    @BeforeAll
    static void load() {
        assertTrue(DATA.ensureLoaded(db));
    }

    static Map<String, String> vars() {
        return Map.of("poolbench.jdbc.url", db.jdbcUrl(), "poolbench.jdbc.user", db.user(),
                "poolbench.jdbc.password", db.password());
    }

    @Test
    void secondLoadIsSkipped() {
        assertFalse(DATA.ensureLoaded(db));
    }

    @Test
    void queriesReturnWhatTheDataSetHolds() throws Exception {
        try (Connection c = db.connect()) {
            Map<String, Object> row = Queries.shortLookup(c, 42);
            assertEquals(42L, row.get("id"));
            assertEquals(DATA.customerOf(42), row.get("customer_id"));
            List<Map<String, Object>> page = Queries.mediumPage(c, 7, DataSet.EPOCH, DataSet.EPOCH.plusDays(365),
                    10, 0);
            assertFalse(page.isEmpty());
            assertTrue(page.size() <= 10);
            assertTrue(page.stream().allMatch(r -> r.get("customer_id").equals(7L)));
            for (int i = 1; i < page.size(); i++) {
                assertTrue(LocalDateTime.parse((String) page.get(i - 1).get("created_at"))
                        .compareTo(LocalDateTime.parse((String) page.get(i).get("created_at"))) >= 0);
            }
            assertEquals(200L * 500L, Queries.longJoin(c, 1, 200, 500).get("pairs"));
            // the shared-connection article form: the same pairs as rows sent to the client, read in batches; auto-commit back
            assertEquals(200L * 500L, Queries.longJoinRows(c, 1, 200, 500));
            assertTrue(c.getAutoCommit(), "auto-commit restored after the cursor");
        }
    }

    @Test
    void bothShippedProfilesBuildWorkingPools() throws Exception {
        for (String name : List.of("hikari", "dbcp2")) {
            PoolProfile p = PoolProfile.load(ProfileDir.locate(name, Path.of("../webapp/conf")));
            DataSource ds = p.createDataSource(vars());
            try (Connection c = ds.getConnection()) {
                assertEquals(1L, Queries.shortLookup(c, 1).get("id"));
                PoolStats s = PoolStats.of(ds);
                assertEquals(10, s.max(), name);
                assertTrue(s.active() >= 1, name + " " + s);
                assertEquals(0, s.waiting(), name);
            } finally {
                PoolProfile.close(ds);
            }
        }
    }

    @Test
    void unreachableDatabaseIsOneLineWithoutThePassword() {
        TestbedException e = assertThrows(TestbedException.class, () -> ExternalDatabase.connect(
                "jdbc:postgresql://127.0.0.1:1/nowhere?password=hunter2", "app", "hunter2", 2));
        assertTrue(e.getMessage().contains("127.0.0.1:1"), e.getMessage());
        assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }
}
