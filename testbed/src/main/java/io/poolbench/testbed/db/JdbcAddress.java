package io.poolbench.testbed.db;

import com.mysql.cj.conf.ConnectionUrl;
import com.mysql.cj.conf.HostInfo;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import java.util.Optional;
import java.util.Properties;

/**
 * Where a JDBC URL leads: its first host, its port and its database, read by the driver's own parser (Connector/J's
 * {@code ConnectionUrl} for {@code jdbc:mysql:} and {@code jdbc:mariadb:}, which it reads as MySQL's; pgjdbc's
 * {@code Driver.parseURL} for {@code jdbc:postgresql:}), each with the driver's default port (3306, 5432) where the URL
 * names none.
 *
 * @param host the first host the URL names
 * @param port its port
 * @param database the database; empty where the URL names none
 */
public record JdbcAddress(String host, int port, String database) {
    /**
     * @param jdbcUrl a JDBC URL
     * @return where it leads; empty for a URL of another driver
     * @throws TestbedException one line for a MySQL or PostgreSQL URL its driver cannot parse
     */
    public static Optional<JdbcAddress> of(String jdbcUrl) {
        Optional<Dialect> d = Dialect.of(jdbcUrl);
        if (d.isEmpty()) {
            return Optional.empty();
        }
        if (d.get() == Dialect.MYSQL) {
            try {
                HostInfo h = ConnectionUrl.getConnectionUrlInstance(Dialect.asConnectorJ(jdbcUrl), new Properties())
                        .getMainHost();
                return Optional.of(new JdbcAddress(h.getHost(), h.getPort(), h.getDatabase()));
            } catch (RuntimeException e) {
                throw unreadable(jdbcUrl, "Connector/J", e.getMessage());
            }
        }
        Properties p = org.postgresql.Driver.parseURL(jdbcUrl, null);
        if (p == null) {
            throw unreadable(jdbcUrl, "pgjdbc", "not a URL it accepts");
        }
        // a URL of several hosts lists them, and their ports, comma-separated
        return Optional.of(new JdbcAddress(p.getProperty("PGHOST").split(",")[0],
                Integer.parseInt(p.getProperty("PGPORT").split(",")[0]), p.getProperty("PGDBNAME", "")));
    }

    /**
     * @param jdbcUrl a JDBC URL
     * @param dialect the database it must be of
     * @return where it leads; empty for a URL of another database or driver
     * @throws TestbedException one line for a URL of that database its driver cannot parse
     */
    public static Optional<JdbcAddress> of(String jdbcUrl, Dialect dialect) {
        return Dialect.of(jdbcUrl).filter(dialect::equals).flatMap(d -> of(jdbcUrl));
    }

    /** @return {@code host:port} */
    public String endpoint() {
        return host + ":" + port;
    }

    private static TestbedException unreadable(String url, String driver, String why) {
        return new TestbedException("JDBC URL " + Redact.url(url) + ": " + driver + " cannot parse it (" + why + ")");
    }
}
