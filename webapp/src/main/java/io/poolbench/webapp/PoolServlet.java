package io.poolbench.webapp;

import io.poolbench.testbed.PoolStats;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.sql.DataSource;

/**
 * {@code GET /pool}: the pool's state as JSON: {@code pool}, {@code profile}, {@code active}, {@code idle},
 * {@code waiting} (threads blocked in getConnection), {@code total}, {@code max}; -1 where the pool does not say.
 */
final class PoolServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private final String jndiName;
    private final String profile;
    private transient DataSource ds;

    PoolServlet(String jndiName, String profile) {
        this.jndiName = jndiName;
        this.profile = profile;
    }

    @Override
    public void init() {
        ds = Json.lookupDataSource(jndiName);
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        PoolStats s = PoolStats.of(ds);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pool", s.pool());
        m.put("profile", profile);
        m.put("active", s.active());
        m.put("idle", s.idle());
        m.put("waiting", s.waiting());
        m.put("total", s.total());
        m.put("max", s.max());
        Json.send(resp, 200, m);
    }
}
