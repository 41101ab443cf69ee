package io.poolbench.testbed.pool;

import com.mchange.v2.c3p0.ComboPooledDataSource;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.fault.PoolTimeouts;
import io.poolbench.testbed.model.BorrowCheck;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.apache.naming.factory.BeanFactory;

/**
 * c3p0's ComboPooledDataSource, configured the way Tomcat users do it: a JavaBean built by Tomcat's
 * {@code org.apache.naming.factory.BeanFactory} with {@code type="com.mchange.v2.c3p0.ComboPooledDataSource"},
 * every attribute a bean property (BeanFactory fails on one that has no setter). Defaults from c3p0's
 * documentation: maxPoolSize 15, minPoolSize 3, checkoutTimeout 0 (a borrower waits forever),
 * testConnectionOnCheckout false.
 */
public final class C3p0Adapter extends AbstractPoolAdapter {
    static final String BEAN_FACTORY = "org.apache.naming.factory.BeanFactory";

    /** The pool's names; see {@link AbstractPoolAdapter}. */
    public C3p0Adapter() {
        super("c3p0", BEAN_FACTORY, "jdbcUrl", "user",
                List.of("maxPoolSize", "minPoolSize", "initialPoolSize"),
                BorrowSettings.zeroWaitsForever("checkoutTimeout", 0, "0").minIdle("minPoolSize", null, 3)
                        .validationOnBorrow("testConnectionOnCheckout"),
                new Vocabulary(BeanFactory::new, ComboPooledDataSource.class,
                        "is not a ComboPooledDataSource property; Tomcat's BeanFactory fails on it (no setter)",
                        Hints.of()
                                .use(" (use maxPoolSize)", "maximumPoolSize", "maxTotal", "maxActive")
                                .use(" (use jdbcUrl)", "url")
                                .use(" (use user)", "username")
                                .use(" (use checkoutTimeout, ms)",
                                        "connectionTimeout", "maxWait", "maxWaitMillis").map()));
    }

    @Override
    public boolean buildsResource(String factory, String type) {
        return BEAN_FACTORY.equals(factory) && ComboPooledDataSource.class.getName().equals(type);
    }

    @Override
    public String driverAttribute() {
        return "driverClass";
    }

    @Override
    public String borrowValidation(Map<String, String> s) {
        if (!validatesOnBorrow(s, false)) {
            return "none (testConnectionOnCheckout=" + s.getOrDefault("testConnectionOnCheckout",
                    "false, c3p0's default") + ")";
        }
        return "every borrow (testConnectionOnCheckout=true) with " + (s.containsKey("preferredTestQuery")
                ? "preferredTestQuery `" + s.get("preferredTestQuery") + "`" : "JDBC4 isValid()")
                + ": one round trip per borrow";
    }

    @Override
    public PoolStats state(DataSource ds) {
        ComboPooledDataSource c = (ComboPooledDataSource) ds;
        try {
            return new PoolStats("c3p0", c.getNumBusyConnectionsDefaultUser(), c.getNumIdleConnectionsDefaultUser(),
                    c.getNumThreadsAwaitingCheckoutDefaultUser(), c.getNumConnectionsDefaultUser(), c.getMaxPoolSize());
        } catch (SQLException e) {
            return new PoolStats("c3p0", -1, -1, -1, -1, c.getMaxPoolSize());
        }
    }

    /** {@inheritDoc} c3p0's {@code properties}, which it hands to the driver. */
    @Override
    public java.util.Properties driverProperties(DataSource ds) {
        return Adapters.driverProperties(((ComboPooledDataSource) ds).getProperties());
    }

    @Override
    public PoolTimeouts timeouts(DataSource ds) {
        ComboPooledDataSource c = (ComboPooledDataSource) ds;
        // c3p0's documentation: checkoutTimeout 0 waits forever; maxConnectionAge in seconds, 0 forever; the test on
        // checkout is a query with no timeout of its own
        boolean test = c.isTestConnectionOnCheckout();
        return new PoolTimeouts(displayName(), c.getMaxPoolSize(), c.getCheckoutTimeout() <= 0 ? -1
                : c.getCheckoutTimeout(), "checkoutTimeout", test ? BorrowCheck.EVERY_BORROW : BorrowCheck.NONE,
                "testConnectionOnCheckout " + test, "testConnectionOnCheckout=true", -1,
                "none in c3p0, whose test has no timeout: the driver's socketTimeout bounds it", false,
                c.getMaxConnectionAge() <= 0 ? -1 : c.getMaxConnectionAge() * 1000L, "maxConnectionAge");
    }

    @Override
    public Map<String, String> effectiveSettings(DataSource ds) {
        ComboPooledDataSource c = (ComboPooledDataSource) ds;
        Map<String, String> m = sizeRows(c.getMaxPoolSize(), c.getMinPoolSize(), c.getInitialPoolSize());
        putBorrowRows(m, c.getCheckoutTimeout(), Boolean.toString(c.isTestConnectionOnCheckout()));
        m.put("validation query (preferredTestQuery)", validationQueryText(c.getPreferredTestQuery()));
        m.put("idle test every s (idleConnectionTestPeriod)", Integer.toString(c.getIdleConnectionTestPeriod()));
        m.put("idle before eviction s (maxIdleTime)", c.getMaxIdleTime() <= 0 ? "0 (never)"
                : Integer.toString(c.getMaxIdleTime()));
        m.put("max lifetime s (maxConnectionAge)", c.getMaxConnectionAge() <= 0 ? "0 (unlimited)"
                : Integer.toString(c.getMaxConnectionAge()));
        m.put("JDBC URL", Redact.url(c.getJdbcUrl()));
        return m;
    }
}
