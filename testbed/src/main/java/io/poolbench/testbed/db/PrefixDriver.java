package io.poolbench.testbed.db;

import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;

/**
 * What poolbench's own JDBC drivers have in common: each accepts the URLs that begin with its prefix (the stub's
 * {@code jdbc:stub:}, the webapp trace's {@code jdbc:poolbench-trace:}), is version 1.0, not JDBC compliant, and
 * logs nothing through java.util.logging.
 */
public abstract class PrefixDriver implements Driver {
    private final String prefix;

    /** @param prefix the URL prefix the driver accepts, e.g. {@code jdbc:stub:} */
    protected PrefixDriver(String prefix) {
        this.prefix = prefix;
    }

    /**
     * Registers a driver with DriverManager; for a subclass's static initializer.
     *
     * @param d the driver
     * @throws ExceptionInInitializerError when DriverManager refuses it
     */
    protected static void registerOnce(Driver d) {
        try {
            DriverManager.registerDriver(d);
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override
    public final boolean acceptsURL(String url) {
        return url != null && url.startsWith(prefix);
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
        throw new SQLFeatureNotSupportedException("no java.util.logging in " + getClass().getSimpleName());
    }
}
