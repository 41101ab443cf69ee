package io.poolbench.testbed.pool;

import io.poolbench.testbed.db.PrefixDriver;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Properties;

/**
 * A driver that hands each {@code jdbc:} URL to the driver {@link DriverManager} picks for it, for the shipped profile
 * of a pool that must name a driver class (Oracle UCP's {@code connectionFactoryClassName}) while the suite runs the
 * same profile on PostgreSQL, MySQL and the stub driver. A service names its own driver there instead
 * ({@code com.mysql.cj.jdbc.Driver}, {@code org.postgresql.Driver}).
 */
public final class DriverByUrl extends PrefixDriver {

    /** A new driver; it registers nothing, the pool instantiates it by name. */
    public DriverByUrl() {
        super("jdbc:");
    }

    /**
     * @throws SQLException when no registered driver takes the URL ({@link DriverManager#getDriver})
     */
    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        return DriverManager.getDriver(url).connect(url, info);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
        return DriverManager.getDriver(url).getPropertyInfo(url, info);
    }
}
