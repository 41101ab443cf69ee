package io.poolbench.testbed.pool;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.fault.PoolTimeouts;
import io.poolbench.testbed.model.BorrowCheck;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import javax.sql.DataSource;
import org.apache.tomcat.jdbc.pool.ConnectionPool;
import org.apache.tomcat.jdbc.pool.DataSourceFactory;
import org.apache.tomcat.jdbc.pool.PoolProperties;

/**
 * Tomcat JDBC pool, built by {@code org.apache.tomcat.jdbc.pool.DataSourceFactory}, which reads the names in its
 * {@code ALL_PROPERTIES} list and ignores the rest (DataSourceFactory source). Defaults from PoolProperties:
 * maxActive 100, initialSize 10, minIdle 10, maxWait 30,000 ms (0 and below wait forever:
 * ConnectionPool.borrowConnection makes them Long.MAX_VALUE), {@code testOnBorrow=false} (no validation on
 * borrow), and when it is on, each connection is validated at most every {@code validationInterval} = 3,000 ms.
 */
public final class TomcatJdbcAdapter extends AbstractPoolAdapter {
    // DataSourceFactory: protected static final String[] ALL_PROPERTIES
    /** The pool's names; see {@link AbstractPoolAdapter}. */
    public TomcatJdbcAdapter() {
        super("Tomcat JDBC", "org.apache.tomcat.jdbc.pool.DataSourceFactory", "url", "username",
                List.of("maxActive", "maxIdle", "minIdle", "initialSize"),
                BorrowSettings.zeroWaitsForever("maxWait", 30_000, "-1").minIdle("minIdle", "initialSize", 10)
                        .validationOnBorrow("testOnBorrow"),
                new Vocabulary(DataSourceFactory::new, org.apache.tomcat.jdbc.pool.DataSource.class,
                        "is not a Tomcat JDBC pool setting; DataSourceFactory ignores it",
                        Hints.of()
                                .use(" (DBCP2 name: use maxActive)", "maxTotal")
                                .use(" (DBCP2 name: use maxWait)", "maxWaitMillis")
                                .use(" (HikariCP name: use maxActive)", "maximumPoolSize")
                                .use(" (HikariCP name: use maxWait)", "connectionTimeout")
                                .use(" (HikariCP name: use url)", "jdbcUrl").map(),
                        () -> Adapters.factoryPropertyNames(DataSourceFactory.class, PoolProperties.class, "ALL_PROPERTIES")));
    }

    @Override
    public String springPrefix() {
        return "spring.datasource.tomcat";
    }

    @Override
    String knownValueProblem(String attribute, String value, Properties one) {
        return Adapters.factoryValueProblem(displayName(), () -> DataSourceFactory.parsePoolProperties(one));
    }

    @Override
    public String borrowValidation(Map<String, String> s) {
        if (!validatesOnBorrow(s, false)) {
            return "none (testOnBorrow=" + s.getOrDefault("testOnBorrow", "false, Tomcat JDBC's default") + ")";
        }
        return "on borrow with " + (s.containsKey("validationQuery") ? "validationQuery `" + s.get("validationQuery")
                + "`" : "JDBC4 isValid()") + ", at most once per connection every "
                + s.getOrDefault("validationInterval", "3000") + " ms (validationInterval)";
    }

    @Override
    public BorrowCheck borrowCheck(Map<String, String> s) {
        // ConnectionPool.borrowConnection: validate(VALIDATE_BORROW) at most once per validationInterval per connection
        return validatesOnBorrow(s, false)
                ? BorrowCheck.idleOver(Long.parseLong(s.getOrDefault("validationInterval", "3000").trim()))
                : BorrowCheck.NONE;
    }

    @Override
    public PoolStats state(DataSource ds) {
        org.apache.tomcat.jdbc.pool.DataSource t = (org.apache.tomcat.jdbc.pool.DataSource) ds;
        ConnectionPool p = t.getPool();
        if (p == null) {
            return new PoolStats("tomcat-jdbc", 0, 0, 0, 0, t.getMaxActive());
        }
        return new PoolStats("tomcat-jdbc", p.getActive(), p.getIdle(), p.getWaitCount(), p.getSize(),
                t.getMaxActive());
    }

    /** Tomcat JDBC's DataSource is not AutoCloseable: {@code close(true)} closes the pool and its connections. */
    @Override
    public void close(DataSource ds) {
        ((org.apache.tomcat.jdbc.pool.DataSource) ds).close(true);
    }

    /** {@inheritDoc} Tomcat JDBC parses {@code connectionProperties} ("k=v;k=v") into its database properties. */
    @Override
    public java.util.Properties driverProperties(DataSource ds) {
        return Adapters.driverProperties(((org.apache.tomcat.jdbc.pool.DataSource) ds).getDbProperties());
    }

    @Override
    public PoolTimeouts timeouts(DataSource ds) {
        org.apache.tomcat.jdbc.pool.DataSource t = (org.apache.tomcat.jdbc.pool.DataSource) ds;
        // ConnectionPool.borrowConnection: maxWait 0 or below waits without limit; maxAge 0 retires nothing
        long wait = t.getMaxWait() <= 0 ? -1 : t.getMaxWait();
        // without a validationQuery, PooledConnection.validate calls isValid(validationQueryTimeout), enforced on the
        // socket; with one, the timeout is the statement's, which a silent server never honours
        long vt = t.getValidationQueryTimeout() <= 0 || t.getValidationQuery() != null ? -1
                : t.getValidationQueryTimeout() * 1000L;
        BorrowCheck check = t.isTestOnBorrow() ? BorrowCheck.idleOver(t.getValidationInterval()) : BorrowCheck.NONE;
        String how = t.isTestOnBorrow() ? "testOnBorrow, validationInterval " + t.getValidationInterval() + " ms"
                : "testOnBorrow false";
        return new PoolTimeouts(displayName(), t.getMaxActive(), wait, "maxWait", check, how,
                "testOnBorrow=true with validationInterval=0", vt, "validationQueryTimeout without a validationQuery"
                + " (JDBC4 isValid pings under it)", false, t.getMaxAge() <= 0 ? -1 : t.getMaxAge(),
                "maxAge");
    }

    @Override
    public Map<String, String> effectiveSettings(DataSource ds) {
        org.apache.tomcat.jdbc.pool.DataSource t = (org.apache.tomcat.jdbc.pool.DataSource) ds;
        Map<String, String> m = sizeRows(t.getMaxActive(), t.getMinIdle(), t.getInitialSize());
        putBorrowRows(m, t.getMaxWait(), Boolean.toString(t.isTestOnBorrow()));
        m.put("validation query (validationQuery)", validationQueryText(t.getValidationQuery()));
        m.put("validation interval ms (validationInterval)", Long.toString(t.getValidationInterval()));
        m.put("validation timeout s (validationQueryTimeout)", t.getValidationQueryTimeout() <= 0 ? "none"
                : Integer.toString(t.getValidationQueryTimeout()));
        m.put("eviction run every ms (timeBetweenEvictionRunsMillis)",
                Integer.toString(t.getTimeBetweenEvictionRunsMillis()));
        m.put("idle before eviction ms (minEvictableIdleTimeMillis)",
                Integer.toString(t.getMinEvictableIdleTimeMillis()));
        m.put("max lifetime ms (maxAge)", t.getMaxAge() <= 0 ? t.getMaxAge() + " (unlimited)"
                : Long.toString(t.getMaxAge()));
        m.put("auto-commit (defaultAutoCommit)", String.valueOf(t.isDefaultAutoCommit()) + (t.isDefaultAutoCommit()
                == null ? " (the driver's default)" : ""));
        m.put("JDBC URL", Redact.url(t.getUrl()));
        return m;
    }
}
