package io.poolbench.suite.tools;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.db.Dialect;
import io.poolbench.testbed.db.JdbcAddress;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Where pgbench and the poolers reach a PostgreSQL server: host, port, database, user, and the password (kept in
 * memory for the environment of the tools, never written).
 *
 * @param host host
 * @param port port
 * @param database database
 * @param user user
 * @param password password (environment only, never written)
 */
public record PostgresBackend(String host, int port, String database, String user, String password) {
    /**
     * @param db an open PostgreSQL database
     * @return its address as the tools need it; {@code localhost} becomes {@code 127.0.0.1}, a URL without a port gets 5432
     */
    public static PostgresBackend of(Database db) {
        JdbcAddress a = JdbcAddress.of(db.jdbcUrl(), Dialect.POSTGRESQL).orElseThrow(() -> new TestbedException("not a PostgreSQL URL: "
                + Redact.url(db.jdbcUrl())));
        return new PostgresBackend(a.host().equals("localhost") ? "127.0.0.1" : a.host(), a.port(),
                a.database().isEmpty() ? "postgres" : a.database(), db.user(), db.password() == null ? ""
                : db.password());
    }

    /** @return the backend as a pooler sees it */
    public ServerPooler.Backend pooler() {
        if (!password.isEmpty()) {
            throw new TestbedException("the server needs a password: poolbench starts PgBouncer and pgpool-II"
                    + " only in front of a server that trusts loopback connections (it writes passwords nowhere);"
                    + " use --without pgbouncer,pgpool");
        }
        return new ServerPooler.Backend(host, port, database, user);
    }

    /**
     * @param db an open PostgreSQL database
     * @return {@code PostgreSQL <server_version>}, or {@code PostgreSQL (version unknown)} when it cannot be read
     */
    public static String serverVersion(Database db) {
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SHOW server_version")) {
            return r.next() ? "PostgreSQL " + r.getString(1) : "PostgreSQL (version unknown)";
        } catch (SQLException e) {
            return "PostgreSQL (version unknown)";
        }
    }

    /**
     * @param c a connection to the server
     * @return the authentication method of loopback TCP connections ({@code trust}, {@code scram-sha-256}, …) from
     *     {@code pg_hba_file_rules}: it sets what a new connection costs; {@code unknown (…)} when it cannot be read
     */
    public static String loopbackAuth(Connection c) {
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT auth_method FROM"
                + " pg_hba_file_rules WHERE type = 'host' AND (address IS NULL OR address = '127.0.0.1' OR address ="
                + " 'all' OR address = '0.0.0.0') AND 'all' = ANY(database) ORDER BY line_number LIMIT 1")) {
            return r.next() ? r.getString(1) : "unknown (no host rule for 127.0.0.1 found)";
        } catch (SQLException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }
}
