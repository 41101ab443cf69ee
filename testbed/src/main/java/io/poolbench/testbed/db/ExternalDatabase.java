package io.poolbench.testbed.db;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** A database this process did not start: any JDBC URL, user and password. Closing it does nothing. */
public final class ExternalDatabase implements Database {
    private final String url;
    private final String user;
    private final String password;

    /**
     * Checks that the server answers and returns a handle to it.
     *
     * @param url JDBC URL ({@code jdbc:postgresql:} or {@code jdbc:mysql:})
     * @param user user name
     * @param password password, may be empty; never logged
     * @param loginTimeoutSeconds how long to wait for the first connection
     * @return the database
     * @throws TestbedException one line naming the redacted URL when it cannot be reached
     */
    public static ExternalDatabase connect(String url, String user, String password, int loginTimeoutSeconds) {
        if (url == null || url.isBlank()) {
            throw new TestbedException("no JDBC URL for the external database: pass --jdbc-url or set POOLBENCH_JDBC_URL");
        }
        try {
            Dialect.fromJdbcUrl(url);
        } catch (IllegalArgumentException e) {
            throw new TestbedException(e.getMessage(), e);
        }
        ExternalDatabase db = new ExternalDatabase(url, user, password);
        int before = DriverManager.getLoginTimeout();
        DriverManager.setLoginTimeout(loginTimeoutSeconds);
        try (Connection c = db.connect()) {
            c.isValid(loginTimeoutSeconds);
        } catch (SQLException e) {
            throw new TestbedException("cannot connect to " + Redact.url(url) + (user == null ? "" : " as " + user) + ": "
                    + Redact.secret(Redact.oneLine(e.getMessage()), password)
                    + "; check that the server runs and the URL, user and password are right", e);
        } finally {
            DriverManager.setLoginTimeout(before);
        }
        return db;
    }

    private ExternalDatabase(String url, String user, String password) {
        this.url = url;
        this.user = user == null ? "" : user;
        this.password = password == null ? "" : password;
    }

    @Override
    public String kind() {
        return "external";
    }

    @Override
    public String jdbcUrl() {
        return url;
    }

    @Override
    public String user() {
        return user;
    }

    @Override
    public String password() {
        return password;
    }

    @Override
    public void close() {
        // not ours to stop
    }
}
