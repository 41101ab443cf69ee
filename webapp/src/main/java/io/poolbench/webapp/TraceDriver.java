package io.poolbench.webapp;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.PrefixDriver;
import io.poolbench.testbed.profile.PoolProfile;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import net.ttddyy.dsproxy.ConnectionInfo;
import net.ttddyy.dsproxy.proxy.JdbcProxyFactory;
import net.ttddyy.dsproxy.proxy.ProxyConfig;

/**
 * A JDBC driver for {@code jdbc:poolbench-trace:<real URL>}: opens the connection with the real URL's driver and
 * wraps it in datasource-proxy's proxies, so that {@link JdbcTrace} sees every call any pool makes on its physical
 * connections. The webapp points a profile's URL and driver-class attributes here with {@code --trace-jdbc}; the
 * pool's own settings stay as the profile has them. The proxies cost microseconds per call: a traced run explains
 * failures and counts calls, it is not the run to compare latencies with.
 */
public final class TraceDriver extends PrefixDriver {
    /** The URL prefix: what follows it is the real JDBC URL. */
    public static final String PREFIX = "jdbc:poolbench-trace:";
    private static final AtomicLong IDS = new AtomicLong();
    private static final ProxyConfig CONFIG = ProxyConfig.Builder.create().dataSourceName("poolbench-trace")
            .methodListener(JdbcTrace.LISTENER).build();

    static {
        registerOnce(new TraceDriver());
    }

    /** For DriverManager and the pools, which instantiate the class their driver attribute names. */
    public TraceDriver() {
        super(PREFIX);
    }

    /**
     * A profile's attributes with its connections opened through this driver: its URL attribute traced
     * ({@link #traced}) and its driver class this one; every other setting stays the profile's.
     *
     * @param p the profile
     * @param resolved its attributes, placeholders resolved
     * @return the attributes to build the pool from
     * @throws TestbedException one line when the profile has no pool beneath which to trace, or no JDBC URL
     *     attribute
     */
    public static Map<String, String> profileAttributes(PoolProfile p, Map<String, String> resolved) {
        String url = resolved.get(p.kind().urlAttribute());
        Map<String, String> m = p.throughDriver(resolved, url == null ? null : traced(url),
                TraceDriver.class.getName(), "there is no pool to trace beneath; run it without --trace-jdbc");
        if (url == null) {
            throw new TestbedException("--trace-jdbc: profile " + p.name() + " (" + p.kind().adapter().displayName()
                    + ") sets no " + p.kind().urlAttribute() + ": the trace wraps the driver a JDBC URL names;"
                    + " run it without --trace-jdbc");
        }
        return m;
    }

    /**
     * @param url a JDBC URL
     * @return the same URL through this driver
     */
    public static String traced(String url) {
        return url.startsWith(PREFIX) ? url : PREFIX + url;
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        String real = url.substring(PREFIX.length());
        Connection c;
        try {
            c = DriverManager.getDriver(real).connect(real, info);
        } catch (SQLException | RuntimeException e) {
            JdbcTrace.openFailed(e);
            throw e;
        }
        if (c == null) {
            throw new SQLException("no JDBC driver accepts " + Redact.url(real), "08001");
        }
        ConnectionInfo ci = new ConnectionInfo();
        ci.setDataSourceName("poolbench-trace");
        ci.setConnectionId(Long.toString(IDS.incrementAndGet()));
        JdbcTrace.opened(ci.getConnectionId());
        return JdbcProxyFactory.DEFAULT.createConnection(c, ci, CONFIG);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
        return DriverManager.getDriver(url.substring(PREFIX.length())).getPropertyInfo(url.substring(PREFIX.length()),
                info);
    }
}
