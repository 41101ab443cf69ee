package io.poolbench.testbed.db;

import io.poolbench.testbed.TestbedException;
import java.util.List;
import java.util.Locale;

/**
 * Which database to use and how to reach it: what {@code --db}, {@code --jdbc-url}, {@code --jdbc-user},
 * {@code --mysql-image} set on every command line. The password comes from {@code POOLBENCH_JDBC_PASSWORD} (never
 * from the command line, so it does not show in process lists).
 *
 * @param kind {@code embedded} (default), {@code mysql} or {@code external}
 * @param jdbcUrl JDBC URL for {@code external}
 * @param user user for {@code external}
 * @param password password for {@code external}; never logged
 * @param mysqlImage image for {@code mysql}, or null for the default
 */
public record DatabaseSettings(String kind, String jdbcUrl, String user, String password, String mysqlImage) {
    /** The environment variable that carries the database password (never the command line). */
    public static final String PASSWORD_ENV = "POOLBENCH_JDBC_PASSWORD";


    /** @return the default: embedded PostgreSQL */
    public static DatabaseSettings embedded() {
        return new DatabaseSettings("embedded", null, null, null, null);
    }

    /**
     * Starts or connects to the database these settings name.
     *
     * @return the database; the caller closes it
     * @throws TestbedException one line for an unknown kind, a missing Docker engine or image, an unreachable URL
     */
    public Database open() {
        return open(EmbeddedPostgresDatabase.DEFAULT_MAX_CONNECTIONS);
    }

    /**
     * Starts or connects to the database these settings name; an embedded server gets the given
     * {@code max_connections} (scenarios that open hundreds of connections).
     *
     * @param embeddedMaxConnections {@code max_connections} of an embedded server (10 .. 5,000)
     * @return the database; the caller closes it
     * @throws TestbedException as {@link #open()}
     */
    public Database open(int embeddedMaxConnections) {
        switch (checkKind(kind)) {
            case "embedded":
            case "postgres":
            case "postgresql":
                return EmbeddedPostgresDatabase.start(embeddedMaxConnections);
            case "mysql":
                return MySqlDatabase.start(mysqlImage);
            case "external":
                return ExternalDatabase.connect(jdbcUrl, user, password, 10);
            default:
                throw new IllegalStateException(kind);
        }
    }

    /**
     * @param kind {@code --db}'s value (null: embedded)
     * @return it in lower case
     * @throws TestbedException one line for a kind poolbench neither starts nor reaches, before anything starts
     */
    public static String checkKind(String kind) {
        String k = kind == null ? "embedded" : kind.toLowerCase(Locale.ROOT);
        if (!List.of("embedded", "postgres", "postgresql", "mysql", "external").contains(k)) {
            throw new TestbedException("--db " + kind + " is not a database poolbench starts or reaches: use embedded"
                    + " (PostgreSQL), mysql (Docker) or external (--jdbc-url)");
        }
        return k;
    }
}
