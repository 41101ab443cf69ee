package io.poolbench.testbed.pool;

import com.alibaba.druid.pool.DruidDataSource;
import com.alibaba.druid.pool.DruidDataSourceFactory;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.fault.PoolTimeouts;
import io.poolbench.testbed.model.BorrowCheck;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import javax.sql.DataSource;

/**
 * Alibaba Druid, built by {@code com.alibaba.druid.pool.DruidDataSourceFactory}, which reads the names in its
 * {@code ALL_PROPERTIES} list. Defaults from DruidAbstractDataSource: maxActive 8, minIdle 0, initialSize 0,
 * maxWait -1 (a borrower waits forever), testOnBorrow false and testWhileIdle true: a borrowed connection is
 * validated only when it was idle longer than timeBetweenEvictionRunsMillis (60 s).
 */
public final class DruidAdapter extends AbstractPoolAdapter {
    // DruidDataSourceFactory: private static final String[] ALL_PROPERTIES
    /** The pool's names; see {@link AbstractPoolAdapter}. */
    public DruidAdapter() {
        super("Druid", "com.alibaba.druid.pool.DruidDataSourceFactory", "url", "username",
                List.of("maxActive", "minIdle", "initialSize"),
                BorrowSettings.negativeWaitsForever("maxWait", -1).minIdle("minIdle", null, 0)
                        .validationOnBorrow("testOnBorrow"),
                new Vocabulary(DruidDataSourceFactory::new, DruidDataSource.class,
                        "is not a Druid setting; DruidDataSourceFactory ignores it",
                        Hints.of()
                                .use(" (use maxActive)", "maxTotal", "maximumPoolSize")
                                .use(" (use maxWait)", "maxWaitMillis", "connectionTimeout")
                                .use(" (use url)", "jdbcUrl").map(),
                        () -> Adapters.factoryPropertyNames(DruidDataSourceFactory.class, DruidDataSource.class, "ALL_PROPERTIES")));
    }

    @Override
    String knownValueProblem(String attribute, String value, Properties one) {
        if (attribute.equals("init")) {
            return null;
        }
        return Adapters.factoryValueProblem(displayName(),
                () -> ((DruidDataSource) DruidDataSourceFactory.createDataSource(one)).close());
    }

    @Override
    public String borrowValidation(Map<String, String> s) {
        if (validatesOnBorrow(s, false)) {
            return "every borrow (testOnBorrow=true) with " + s.getOrDefault("validationQuery", "JDBC4 isValid()");
        }
        if (Boolean.parseBoolean(s.getOrDefault("testWhileIdle", "true"))) {
            return "only for connections idle longer than " + s.getOrDefault("timeBetweenEvictionRunsMillis", "60000")
                    + " ms (testWhileIdle, Druid's default)";
        }
        return "none (testOnBorrow=false, testWhileIdle=false)";
    }

    @Override
    public BorrowCheck borrowCheck(Map<String, String> s) {
        if (validatesOnBorrow(s, false)) {
            return BorrowCheck.EVERY_BORROW;
        }
        return Boolean.parseBoolean(s.getOrDefault("testWhileIdle", "true")) ? BorrowCheck.idleOver(
                Long.parseLong(s.getOrDefault("timeBetweenEvictionRunsMillis", "60000").trim())) : BorrowCheck.NONE;
    }

    @Override
    public PoolStats state(DataSource ds) {
        DruidDataSource d = (DruidDataSource) ds;
        int active = d.getActiveCount();
        int idle = d.getPoolingCount();
        return new PoolStats("druid", active, idle, d.getWaitThreadCount(), active + idle, d.getMaxActive());
    }

    /** {@inheritDoc} Druid's {@code connectionProperties} ("k=v;k=v"), its connect properties. */
    @Override
    public java.util.Properties driverProperties(DataSource ds) {
        return Adapters.driverProperties(((DruidDataSource) ds).getConnectProperties());
    }

    @Override
    public PoolTimeouts timeouts(DataSource ds) {
        DruidDataSource d = (DruidDataSource) ds;
        // Druid: maxWait -1 waits forever; testOnBorrow validates every borrow, else testWhileIdle validates a borrow
        // of a connection idle longer than timeBetweenEvictionRunsMillis; validationQueryTimeout in seconds
        BorrowCheck check = d.isTestOnBorrow() ? BorrowCheck.EVERY_BORROW : d.isTestWhileIdle()
                ? BorrowCheck.idleOver(d.getTimeBetweenEvictionRunsMillis()) : BorrowCheck.NONE;
        String how = d.isTestOnBorrow() ? "testOnBorrow" : d.isTestWhileIdle() ? "testWhileIdle, idle over "
                + d.getTimeBetweenEvictionRunsMillis() + " ms" : "no validation on borrow";
        return new PoolTimeouts(displayName(), d.getMaxActive(), d.getMaxWait() <= 0 ? -1 : d.getMaxWait(),
                "maxWait", check, how, "testOnBorrow=true", -1, "the driver's socketTimeout (Druid's"
                + " validationQueryTimeout is not counted: whether its checker enforces it on the socket is not"
                + " modelled)", false, d.getPhyTimeoutMillis() <= 0 ? -1
                : d.getPhyTimeoutMillis(), "phyTimeoutMillis");
    }

    @Override
    public Map<String, String> effectiveSettings(DataSource ds) {
        DruidDataSource d = (DruidDataSource) ds;
        Map<String, String> m = sizeRows(d.getMaxActive(), d.getMinIdle(), d.getInitialSize());
        putBorrowRows(m, d.getMaxWait(), Boolean.toString(d.isTestOnBorrow()));
        m.put("validation when idle (testWhileIdle)", Boolean.toString(d.isTestWhileIdle()));
        m.put("validation query (validationQuery)", validationQueryText(d.getValidationQuery()));
        m.put("eviction run every ms (timeBetweenEvictionRunsMillis)",
                Long.toString(d.getTimeBetweenEvictionRunsMillis()));
        m.put("idle before eviction ms (minEvictableIdleTimeMillis)", Long.toString(d.getMinEvictableIdleTimeMillis()));
        m.put("max lifetime ms (phyTimeoutMillis)", d.getPhyTimeoutMillis() <= 0 ? d.getPhyTimeoutMillis()
                + " (unlimited)" : Long.toString(d.getPhyTimeoutMillis()));
        m.put("auto-commit (defaultAutoCommit)", Boolean.toString(d.isDefaultAutoCommit()));
        m.put("JDBC URL", Redact.url(d.getUrl()));
        return m;
    }
}
