package io.poolbench.testbed.stub;

import io.poolbench.testbed.db.PrefixDriver;
import java.sql.Connection;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Properties;

/**
 * A JDBC driver with no network: {@code jdbc:stub:} URLs open a {@link StubConnection} that answers at once, so a
 * benchmark measures the pool's own overhead. Per-operation delays model a network round trip, set in the URL in
 * microseconds: {@code jdbc:stub:db?connectUs=2000&validUs=500&executeUs=300&commitUs=300&rollbackUs=300&autoCommitUs=0}
 * (all 0 by default). Every operation is counted in {@link StubStats}.
 */
public final class StubDriver extends PrefixDriver {
    /** URL prefix this driver accepts. */
    public static final String PREFIX = "jdbc:stub:";

    static {
        registerOnce(new StubDriver());
    }

    /** For DriverManager and the pools, which instantiate the class their driver attribute names. */
    public StubDriver() {
        super(PREFIX);
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
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        return new DriverPropertyInfo[0];
    }
}
