package io.poolbench.testbed.pool;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.fault.PoolTimeouts;
import io.poolbench.testbed.model.BorrowCheck;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import javax.sql.DataSource;
import org.apache.commons.dbcp.BasicDataSource;
import org.apache.commons.dbcp.BasicDataSourceFactory;

/**
 * Commons DBCP 1.4 ({@code org.apache.commons.dbcp.BasicDataSourceFactory}), the factory the Aurora article's DBCP resource
 * names. Its factory reads the names in its {@code ALL_PROPERTIES} list and ignores every other one silently
 * (DBCP 1.4 source): DBCP2 names such as {@code maxTotal} do nothing. Defaults from DBCP 1.4's BasicDataSource:
 * maxActive 8, maxWait -1 (unbounded), testOnBorrow true, but without a {@code validationQuery} DBCP 1 validates
 * nothing (it predates JDBC4 isValid()).
 */
public final class Dbcp1Adapter extends AbstractPoolAdapter {
    // DBCP 1.4 BasicDataSourceFactory: private static final String[] ALL_PROPERTIES
    /** The pool's names; see {@link AbstractPoolAdapter}. */
    public Dbcp1Adapter() {
        super("DBCP 1.4", "org.apache.commons.dbcp.BasicDataSourceFactory", "url", "username",
                List.of("maxActive", "maxIdle", "minIdle", "initialSize"),
                BorrowSettings.negativeWaitsForever("maxWait", -1).minIdle("minIdle", null, 0)
                        .validationOnBorrow("testOnBorrow"),
                new Vocabulary(BasicDataSourceFactory::new, BasicDataSource.class,
                        "is not a DBCP 1 setting; DBCP 1.4's BasicDataSourceFactory ignores it silently",
                        Hints.of()
                                .use(" (DBCP2 name: DBCP 1 calls it maxActive)", "maxTotal")
                                .use(" (DBCP2 name: DBCP 1 calls it maxWait)", "maxWaitMillis").map(),
                        () -> Adapters.factoryPropertyNames(BasicDataSourceFactory.class, BasicDataSource.class, "ALL_PROPERTIES")));
    }

    @Override
    public List<String> traps(Map<String, String> a) {
        List<String> out = new ArrayList<>();
        if (a.containsKey("maxTotal") && !a.containsKey("maxActive")) {
            out.add("maxTotal=\"" + a.get("maxTotal") + "\" is DBCP2's name, which DBCP 1.4 ignores: the pool size is"
                    + " maxActive's default, 8 [DBCP 1.4 BasicDataSourceFactory source; GenericObjectPool"
                    + " DEFAULT_MAX_ACTIVE 8], or initialSize where that is larger: the pool lends the idle"
                    + " connections initialSize created beyond maxActive [commons-pool 1.5 GenericObjectPool.allocate]");
        }
        if (validatesOnBorrow(a, true) && !a.containsKey("validationQuery")) {
            out.add("testOnBorrow without validationQuery: DBCP 1 validates only with a query, so no borrow is"
                    + " validated [DBCP 1.4 configuration documentation]");
        }
        return out;
    }

    /**
     * {@inheritDoc} DBCP 1.4's BasicDataSource keeps the {@code connectionProperties} it hands to the driver ("k=v;k=v")
     * in a protected field, without a getter.
     */
    @Override
    public Properties driverProperties(DataSource ds) {
        try {
            java.lang.reflect.Field f = BasicDataSource.class.getDeclaredField("connectionProperties");
            f.setAccessible(true);
            return Adapters.driverProperties((Properties) f.get(ds));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("DBCP 1.4's BasicDataSource.connectionProperties", e);
        }
    }

    @Override
    String knownValueProblem(String attribute, String value, Properties one) {
        return Adapters.dbcpStyleValueProblem(displayName(), attribute, value,
                () -> ((BasicDataSource) BasicDataSourceFactory.createDataSource(one)).close());
    }

    @Override
    public String borrowValidation(Map<String, String> s) {
        if (!validatesOnBorrow(s, true) || !s.containsKey("validationQuery")) {
            return "none (DBCP 1 validates on borrow only with testOnBorrow and a validationQuery)";
        }
        return "every borrow with validationQuery `" + s.get("validationQuery") + "`: one round trip per borrow";
    }

    @Override
    public BorrowCheck borrowCheck(Map<String, String> s) {
        // DBCP 1 validates only with a validationQuery
        return validatesOnBorrow(s, true) && s.containsKey("validationQuery")
                ? BorrowCheck.EVERY_BORROW : BorrowCheck.NONE;
    }

    @Override
    public PoolStats state(DataSource ds) {
        BasicDataSource b = (BasicDataSource) ds;
        int active = b.getNumActive();
        int idle = b.getNumIdle();
        // commons-pool 1.5's GenericObjectPool does not count waiting borrowers
        return new PoolStats("dbcp1", active, idle, -1, active + idle, lentAtOnce(b));
    }

    /**
     * The most connections this pool lends at once: maxActive, or more where {@code initialSize} created more idle
     * ones than that and {@code maxIdle} keeps them. Commons-pool 1.5's {@code GenericObjectPool} checks maxActive
     * only before it creates a connection, not before it lends an idle one (its {@code allocate()}; measured in
     * {@code Dbcp1LendsInitialSizeTest}), so the Aurora article's DBCP resource as printed (maxActive's default 8, initialSize
     * 10, maxIdle 150) lends 10. Without an evictor the extra idle connections stay; an evictor may close them.
     *
     * @param b the built pool
     * @return connections, or maxActive itself when it is negative (no limit)
     */
    static int lentAtOnce(BasicDataSource b) {
        if (b.getMaxActive() < 0) {
            return b.getMaxActive();
        }
        int kept = b.getMaxIdle() < 0 ? b.getInitialSize() : Math.min(b.getInitialSize(), b.getMaxIdle());
        return Math.max(b.getMaxActive(), kept);
    }

    /** DBCP 1.4 predates AutoCloseable: its own close() ends the pool and its idle connections. */
    @Override
    public void close(DataSource ds) throws SQLException {
        ((BasicDataSource) ds).close();
    }

    @Override
    public PoolTimeouts timeouts(DataSource ds) {
        BasicDataSource b = (BasicDataSource) ds;
        // commons-pool 1.5: maxWait 0 or below waits without limit; DBCP 1.4 has no maximum lifetime
        boolean validates = b.getTestOnBorrow() && b.getValidationQuery() != null;
        // DBCP 1.4 validates only with its validationQuery; validationQueryTimeout is that statement's timeout, which
        // a silent server never honours (measured: 25 s against 10 s, until the stand-in's old writer rebooted)
        long vt = -1;
        return new PoolTimeouts(displayName(), lentAtOnce(b), b.getMaxWait() <= 0 ? -1 : b.getMaxWait(), "maxWait",
                validates ? BorrowCheck.EVERY_BORROW : BorrowCheck.NONE, validates ? "testOnBorrow with"
                        + " validationQuery" : "no testOnBorrow with a validationQuery",
                "testOnBorrow=true with a validationQuery", vt, "none in DBCP 1.4, which validates only with a query:"
                + " the driver's socketTimeout bounds it", false, -1, "a maximum lifetime (DBCP 1.4 has none)");
    }

    @Override
    public Map<String, String> effectiveSettings(DataSource ds) {
        BasicDataSource b = (BasicDataSource) ds;
        Map<String, String> m = sizeRows(b.getMaxActive(), b.getMinIdle(), b.getInitialSize());
        m.put("maximum idle (maxIdle)", Integer.toString(b.getMaxIdle()));
        if (lentAtOnce(b) != b.getMaxActive()) {
            m.put("lent at once (initialSize's idle connections beyond maxActive)", Integer.toString(lentAtOnce(b)));
        }
        putBorrowRows(m, b.getMaxWait(), b.getTestOnBorrow() + (b.getValidationQuery() == null
                ? " (no effect without validationQuery)" : ""));
        m.put("validation query (validationQuery)", b.getValidationQuery() == null ? "none: DBCP 1.4 validates only"
                + " with a query" : b.getValidationQuery());
        m.put("validation timeout s (validationQueryTimeout)", b.getValidationQueryTimeout() <= 0 ? "none"
                : Integer.toString(b.getValidationQueryTimeout()));
        m.put("eviction run every ms (timeBetweenEvictionRunsMillis)", b.getTimeBetweenEvictionRunsMillis() <= 0
                ? b.getTimeBetweenEvictionRunsMillis() + " (no evictor)" : Long.toString(b.getTimeBetweenEvictionRunsMillis()));
        m.put("idle before eviction ms (minEvictableIdleTimeMillis)", Long.toString(b.getMinEvictableIdleTimeMillis()));
        m.put("auto-commit (defaultAutoCommit)", Boolean.toString(b.getDefaultAutoCommit()));
        m.put("JDBC URL", Redact.url(b.getUrl()));
        return m;
    }
}
