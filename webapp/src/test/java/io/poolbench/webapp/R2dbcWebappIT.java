package io.poolbench.webapp;

import static io.poolbench.webapp.WebappClient.CONF;
import static io.poolbench.webapp.WebappClient.get;
import static io.poolbench.webapp.WebappClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.R2dbcProfile;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The webapp with the shipped R2DBC profile: the concurrency article's query through r2dbc-pool, blocking and async, the same rows
 * as JDBC's /medium; /pool from r2dbc-pool's metrics; every connection returned and closed with the server.
 */
class R2dbcWebappIT {
    /** Embedded PostgreSQL with 5,000 orders for the class, closed after its last test. */
    @RegisterExtension
    static final EmbeddedOrders ORDERS = new EmbeddedOrders(5_000);

    @TempDir
    Path tmp;

    private static PoolbenchServer serve(R2dbcProfile p) {
        return PoolbenchServer.startR2dbc(ORDERS.settings(null), p);
    }

    @Test
    void mediumBlockingAndAsyncAnswerLikeJdbc() throws Exception {
        R2dbcProfile p = R2dbcProfile.load(CONF.resolve("r2dbc.xml"));
        String q = "?customer=3&from=2024-01-01&days=365&limit=5&page=0";
        JsonNode jdbcRows;
        try (PoolbenchServer s = PoolbenchServer.start(ORDERS.settings(PoolProfile.load(CONF.resolve("hikari.xml"))))) {
            jdbcRows = json(get(s, "/medium" + q)).get("result");
        }
        try (PoolbenchServer s = serve(p)) {
            for (String path : new String[] {"/medium", "/medium-async"}) {
                HttpResponse<String> r = get(s, path + q);
                assertEquals(200, r.statusCode(), r.body());
                JsonNode rows = json(r).get("result");
                assertEquals(jdbcRows.size(), rows.size(), r.body());
                for (int i = 0; i < rows.size(); i++) {
                    assertEquals(jdbcRows.get(i).get("id").asLong(), rows.get(i).get("id").asLong(), r.body());
                }
            }
            assertEquals(400, get(s, "/medium-async?customer=x").statusCode());
            JsonNode pool = json(get(s, "/pool"));
            assertEquals("r2dbc-pool", pool.get("pool").asText());
            assertEquals(10, pool.get("max").asInt(), pool.toString());
            assertEquals(0, pool.get("active").asInt(), "every connection returned: " + pool);
            assertEquals(404, get(s, "/short?id=1").statusCode(), "no JDBC endpoints");
        }
        assertEquals(0, r2dbcSessions(), "the pool's connections are closed with the server");
    }

    @Test
    void anUnreachableDatabaseIsOneLine() {
        R2dbcProfile p = R2dbcProfile.load(CONF.resolve("r2dbc.xml"));
        Map<String, String> vars = new HashMap<>(ORDERS.vars());
        vars.put(R2dbcProfile.URL_VAR, "r2dbc:postgresql://127.0.0.1:1/postgres");
        TestbedException e = assertThrows(TestbedException.class, () -> PoolbenchServer.startR2dbc(
                new PoolbenchServer.Settings(null, vars, ORDERS.data(), 0, 50, -1), p));
        assertTrue(e.getMessage().contains("r2dbc.xml") && e.getMessage().contains("refused")
                && !e.getMessage().contains("\n"), e.getMessage());
    }

    private static int r2dbcSessions() throws Exception {
        // r2dbc-postgresql names its sessions "r2dbc-postgresql" (application_name)
        for (int i = 0; i < 50; i++) {
            try (Connection c = ORDERS.db().connect(); Statement st = c.createStatement();
                 ResultSet r = st.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE application_name ="
                         + " 'r2dbc-postgresql'")) {
                r.next();
                if (r.getInt(1) == 0) {
                    return 0;
                }
            }
            Thread.sleep(100);
        }
        try (Connection c = ORDERS.db().connect(); Statement st = c.createStatement();
             ResultSet r = st.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE application_name ="
                     + " 'r2dbc-postgresql'")) {
            r.next();
            return r.getInt(1);
        }
    }
}
