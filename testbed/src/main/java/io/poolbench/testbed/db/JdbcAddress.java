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
        if (jdbcUrl == null) {
            return Optional.empty();
        }
        if (jdbcUrl.startsWith("jdbc:mysql:") || jdbcUrl.startsWith("jdbc:mariadb:")) {
            try {
                HostInfo h = ConnectionUrl.getConnectionUrlInstance(jdbcUrl.replaceFirst("^jdbc:mariadb:",
                        "jdbc:mysql:"), new Properties()).getMainHost();
                return Optional.of(new JdbcAddress(h.getHost(), h.getPort(), h.getDatabase()));
            } catch (RuntimeException e) {
                throw unreadable(jdbcUrl, "Connector/J", e.getMessage());
            }
        }
        if (jdbcUrl.startsWith("jdbc:postgresql:")) {
            Properties p = org.postgresql.Driver.parseURL(jdbcUrl, null);
            if (p == null) {
                throw unreadable(jdbcUrl, "pgjdbc", "not a URL it accepts");
            }
            // a URL of several hosts lists them, and their ports, comma-separated
            return Optional.of(new JdbcAddress(p.getProperty("PGHOST").split(",")[0],
                    Integer.parseInt(p.getProperty("PGPORT").split(",")[0]), p.getProperty("PGDBNAME", "")));
        }
        return Optional.empty();
    }

    /** @return {@code host:port} */
    public String endpoint() {
        return host + ":" + port;
    }

    private static TestbedException unreadable(String url, String driver, String why) {
        return new TestbedException("JDBC URL " + Redact.url(url) + ": " + driver + " cannot parse it (" + why + ")");
    }
}
