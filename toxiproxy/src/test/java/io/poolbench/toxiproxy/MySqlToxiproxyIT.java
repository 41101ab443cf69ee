package io.poolbench.toxiproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.rekawek.toxiproxy.model.ToxicDirection;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.db.MySqlBehindToxiproxy;
import io.poolbench.testbed.db.Queries;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileDir;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** MySQL via Testcontainers through a Toxiproxy proxy: both pools work through it and a latency toxic is in path. */
@ExtendWith(RequiresDocker.class)
class MySqlToxiproxyIT {
    static MySqlBehindToxiproxy topo;

    @BeforeAll
    static void start() {
        topo = MySqlBehindToxiproxy.start(null, null);
        DataSet.ofOrders(2_000).ensureLoaded(topo);
    }

    @AfterAll
    static void stop() {
        if (topo != null) {
            topo.close();
        }
    }

    static long timeShortQueryNanos(Connection c) throws Exception {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            long t0 = System.nanoTime();
            assertEquals(7L, Queries.shortLookup(c, 7).get("id"));
            best = Math.min(best, System.nanoTime() - t0);
        }
        return best;
    }

    @Test
    void latencyToxicIsInThePathOfPooledConnections() throws Exception {
        for (String name : List.of("hikari", "dbcp2")) {
            PoolProfile p = PoolProfile.load(ProfileDir.locate(name, Path.of("../webapp/conf")));
            DataSource ds = p.createDataSource(DatabaseOptions.vars(topo));
            try (Connection c = ds.getConnection()) {
                long before = timeShortQueryNanos(c);
                topo.writer().toxics().latency("latency", ToxicDirection.DOWNSTREAM, 50);
                long with;
                try {
                    with = timeShortQueryNanos(c);
                } finally {
                    topo.writer().toxics().get("latency").remove();
                }
                System.out.printf("%s: short query best of 5 without toxic %.2f ms, with 50 ms latency toxic %.2f ms%n",
                        name, before / 1e6, with / 1e6);
                // not a performance assertion: a 50 ms downstream toxic makes every reply arrive >= 50 ms after
                // the request, so this only proves that the pooled connection goes through the proxy
                assertTrue(with >= 50_000_000L, name + ": the toxic is not in the path: " + with / 1e6 + " ms");
                assertTrue(topo.jdbcUrl().contains(":" + topo.toxiproxyMappedPort() + "/"));
            } finally {
                PoolProfile.close(ds);
            }
        }
    }

    @Test
    void cuttingTheProxyBreaksTheConnectionAndRestoringItRecovers() throws Exception {
        PoolProfile p = PoolProfile.load(ProfileDir.locate("hikari", Path.of("../webapp/conf")));
        DataSource ds = p.createDataSource(DatabaseOptions.vars(topo));
        try {
            try (Connection c = ds.getConnection()) {
                assertEquals(1L, Queries.shortLookup(c, 1).get("id"));
            }
            topo.writer().disable();
            try (Connection c = ds.getConnection()) {
                Queries.shortLookup(c, 1);
                throw new AssertionError("a query through a disabled proxy must fail");
            } catch (SQLException expected) {
                // the proxy closed the connection
            } finally {
                topo.writer().enable();
            }
            try (Connection c = ds.getConnection()) {
                assertEquals(1L, Queries.shortLookup(c, 1).get("id"));
            }
        } finally {
            PoolProfile.close(ds);
        }
    }
}
