package io.poolbench.webapp;

import io.poolbench.testbed.pool.PoolStats;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import javax.sql.DataSource;

/**
 * {@code GET /pool}: the pool's state as JSON: {@code pool}, {@code profile}, {@code active}, {@code idle},
 * {@code waiting} (threads blocked in getConnection), {@code total}, {@code max}; -1 where the pool does not say.
 * For an R2DBC pool the same fields come from r2dbc-pool's {@code PoolMetrics}: acquired, idle, pending acquires
 * (subscribers waiting for a connection, not threads), allocated, maximum allocated.
 */
final class PoolServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private final String jndiName;
    private final String profile;
    private final boolean r2dbc;
    private transient Supplier<PoolStats> stats;

    PoolServlet(String jndiName, String profile, boolean r2dbc) {
        this.jndiName = jndiName;
        this.profile = profile;
        this.r2dbc = r2dbc;
    }

    @Override
    public void init() {
        if (r2dbc) {
            io.r2dbc.pool.ConnectionPool pool = R2dbcQueryServlet.lookup(jndiName);
            stats = () -> pool.getMetrics().map(m -> new PoolStats("r2dbc-pool", m.acquiredSize(), m.idleSize(),
                    m.pendingAcquireSize(), m.allocatedSize(), m.getMaxAllocatedSize()))
                    .orElse(new PoolStats("r2dbc-pool", -1, -1, -1, -1, -1));
        } else {
            DataSource ds = Json.lookupDataSource(jndiName);
            stats = () -> PoolStats.of(ds);
        }
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        PoolStats s = stats.get();
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
