package io.poolbench.testbed.stub;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * A JDBC driver with no network: {@code jdbc:stub:} URLs open a {@link StubConnection} that answers at once, so a
 * benchmark measures the pool's own overhead. Per-operation delays model a network round trip, set in the URL in
 * microseconds: {@code jdbc:stub:db?connectUs=2000&validUs=500&executeUs=300&commitUs=300&rollbackUs=300&autoCommitUs=0}
 * (all 0 by default). Every operation is counted in {@link StubStats}.
 */
public final class StubDriver implements Driver {
    /** URL prefix this driver accepts. */
    public static final String PREFIX = "jdbc:stub:";

    static {
        try {
            DriverManager.registerDriver(new StubDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Makes sure the driver is registered with DriverManager (class loading registers it). */
    public static void register() {
        // the static initializer does the work
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        StubDelays delays = StubDelays.parse(url);
        StubStats.CONNECT.increment();
        Delay.apply(delays.connectUs());
        return new StubConnection(delays);
    }

    @Override
    public boolean acceptsURL(String url) {
        return url != null && url.startsWith(PREFIX);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        return new DriverPropertyInfo[0];
    }

    @Override
    public int getMajorVersion() {
        return 1;
    }

    @Override
    public int getMinorVersion() {
        return 0;
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("no java.util.logging in the stub driver");
    }
}
