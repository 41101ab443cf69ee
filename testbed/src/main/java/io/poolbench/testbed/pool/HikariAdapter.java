package io.poolbench.testbed.pool;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariJNDIFactory;
import com.zaxxer.hikari.HikariPoolMXBean;
import com.zaxxer.hikari.util.PropertyElf;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.fault.PoolTimeouts;
import io.poolbench.testbed.model.BorrowCheck;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import javax.sql.DataSource;

/**
 * HikariCP, built by {@code com.zaxxer.hikari.HikariJNDIFactory}, which copies the attributes that are HikariConfig
 * properties and drops every other one silently (HikariJNDIFactory source). Defaults quoted from HikariConfig:
 * connectionTimeout 30,000 ms (0 waits forever: setConnectionTimeout makes it Integer.MAX_VALUE), minimumIdle =
 * maximumPoolSize; a connection used within the last 500 ms is not validated on borrow
 * ({@code com.zaxxer.hikari.aliveBypassWindowMs}).
 */
public final class HikariAdapter extends AbstractPoolAdapter {

    /** The pool's names; see {@link AbstractPoolAdapter}. */
    public HikariAdapter() {
        super("HikariCP", "com.zaxxer.hikari.HikariJNDIFactory", "jdbcUrl", "username",
                List.of("maximumPoolSize", "minimumIdle"),
                BorrowSettings.zeroWaitsForever("connectionTimeout", 30_000, "0")
                        .minIdle("minimumIdle", "maximumPoolSize", 10),
                new Vocabulary(HikariJNDIFactory::new, HikariDataSource.class,
                        "is not a HikariCP setting; HikariJNDIFactory ignores it silently",
                        Hints.of()
                                .use(" (DBCP name: use maximumPoolSize)", "maxTotal", "maxActive")
                                .use(" (DBCP name: use connectionTimeout)", "maxWait", "maxWaitMillis")
                                .use(" (DBCP name: use jdbcUrl)", "url")
                                .use(" (DBCP name: use minimumIdle)", "minIdle")
                                .use(" (DBCP name: use connectionTestQuery, or leave it out for JDBC4 isValid())",
                                        "validationQuery").map(),
                        () -> PropertyElf.getPropertyNames(HikariConfig.class)));
    }

    @Override
    public boolean passedOn(String attribute) {
        return attribute.startsWith("dataSource.");
    }

    @Override
    String knownValueProblem(String attribute, String value, Properties one) {
        try {
            PropertyElf.setTargetFromProperties(new HikariConfig(), one);
            return null;
        } catch (RuntimeException e) {
            return "HikariCP rejects it (" + Adapters.rootMessage(e) + ")";
        }
    }

    @Override
    public String borrowValidation(Map<String, String> s) {
        long window = aliveBypassWindowMs();
        return (window <= 0 ? "on every borrow (HikariCP's aliveBypassWindowMs 0)" : "only for connections idle longer"
                + " than " + window + " ms (HikariCP's aliveBypassWindowMs)") + ", with "
                + (s.containsKey("connectionTestQuery") ? "connectionTestQuery `" + s.get("connectionTestQuery") + "`"
                : "JDBC4 isValid()");
    }

    @Override
    public String springPrefix() {
        return "spring.datasource.hikari";
    }

    @Override
    public BorrowCheck borrowCheck(Map<String, String> s) {
        return check(aliveBypassWindowMs());
    }

    /** @return HikariCP's alive-bypass window as this JVM sets it, ms (HikariPool: 500 unless the property says) */
    static long aliveBypassWindowMs() {
        return Long.getLong("com.zaxxer.hikari.aliveBypassWindowMs", 500);
    }

    /**
     * HikariPool.getConnection: isConnectionDead only when the entry was last used more than aliveBypassWindowMs ago;
     * at 0, every borrow but one in the same millisecond as the connection's last use.
     */
    private static BorrowCheck check(long windowMs) {
        return windowMs <= 0 ? BorrowCheck.EVERY_BORROW : BorrowCheck.idleOver(windowMs);
    }

    @Override
    public PoolStats state(DataSource ds) {
        HikariDataSource h = (HikariDataSource) ds;
        HikariPoolMXBean mx = h.getHikariPoolMXBean();
        if (mx == null) {
            return new PoolStats("hikari", 0, 0, 0, 0, h.getMaximumPoolSize());
        }
        return new PoolStats("hikari", mx.getActiveConnections(), mx.getIdleConnections(),
                mx.getThreadsAwaitingConnection(), mx.getTotalConnections(), h.getMaximumPoolSize());
    }

    @Override
    public java.util.Properties driverProperties(DataSource ds) {
        return Adapters.driverProperties(((HikariDataSource) ds).getDataSourceProperties());
    }

    /** {@inheritDoc} HikariCP's JNDI factory: one {@code dataSource.<name>} attribute per property. */
    @Override
    public Map<String, String> driverPropertyAttributes(java.util.Properties props) {
        Map<String, String> m = new java.util.TreeMap<>();
        props.stringPropertyNames().forEach(k -> m.put("dataSource." + k, props.getProperty(k)));
        return m;
    }

    @Override
    public PoolTimeouts timeouts(DataSource ds) {
        HikariDataSource h = (HikariDataSource) ds;
        // HikariConfig turns connectionTimeout 0 into Integer.MAX_VALUE, and maxLifetime 0 means none
        long borrow = h.getConnectionTimeout() >= Integer.MAX_VALUE ? -1 : h.getConnectionTimeout();
        long window = aliveBypassWindowMs();
        long life = h.getMaxLifetime() <= 0 ? -1 : h.getMaxLifetime();
        // HikariPool.getConnection validates inside its connectionTimeout loop, checking the time left after each;
        // PoolBase.setLoginTimeout sets the data source's login timeout from connectionTimeout
        return new PoolTimeouts(displayName(), h.getMaximumPoolSize(), borrow, "connectionTimeout",
                check(window), "aliveBypassWindowMs " + window + " ms",
                "-Dcom.zaxxer.hikari.aliveBypassWindowMs=0 (a JVM system property)", h.getValidationTimeout(),
                "validationTimeout (HikariCP sets it on the socket: setNetworkTimeout)", true,
                life, "maxLifetime", Math.min(h.getMaximumPoolSize(), Math.max(1, h.getMinimumIdle())), borrow < 0 ? -1
                : Math.max(1, (500 + borrow) / 1000) * 1000);
    }

    @Override
    public Map<String, String> effectiveSettings(DataSource ds) {
        HikariDataSource h = (HikariDataSource) ds;
        Map<String, String> m = sizeRows(h.getMaximumPoolSize(), h.getMinimumIdle());
        m.put("borrow timeout ms (connectionTimeout)", Long.toString(h.getConnectionTimeout()));
        m.put("validation query (connectionTestQuery)", validationQueryText(h.getConnectionTestQuery()));
        m.put("connection init SQL (connectionInitSql)", h.getConnectionInitSql() == null ? "none"
                : h.getConnectionInitSql());
        m.put("validation timeout ms (validationTimeout)", Long.toString(h.getValidationTimeout()));
        // HikariConfig sets idleTimeout to 0 (disabled) when it is within 1 s of maxLifetime, and it only applies
        // when minimumIdle < maximumPoolSize
        m.put("idle timeout ms (idleTimeout)", h.getIdleTimeout() == 0 ? "0 (disabled)"
                : h.getMinimumIdle() >= h.getMaximumPoolSize() ? h.getIdleTimeout() + " (no effect: minimumIdle ="
                + " maximumPoolSize)" : Long.toString(h.getIdleTimeout()));
        m.put("max lifetime ms (maxLifetime)", Long.toString(h.getMaxLifetime()));
        m.put("keepalive ms (keepaliveTime)", Long.toString(h.getKeepaliveTime()));
        m.put("auto-commit (autoCommit)", Boolean.toString(h.isAutoCommit()));
        m.put("JDBC URL", Redact.url(h.getJdbcUrl()));
        return m;
    }
}
