package io.poolbench.testbed.db;

import io.poolbench.testbed.Redact;
import java.util.Locale;
import java.util.Optional;

/** SQL dialect of a database, derived from its JDBC URL. Only what differs between the two matters here. */
public enum Dialect {
    /** PostgreSQL (embedded or external). */
    POSTGRESQL,
    /** MySQL 8.x or a MySQL-compatible server (MariaDB 10.11 stands in for MySQL on machines without it). */
    MYSQL;

    /**
     * Derives the dialect from a JDBC URL.
     *
     * @param jdbcUrl a {@code jdbc:postgresql:}, {@code jdbc:mysql:} or {@code jdbc:mariadb:} URL
     * @return the dialect
     * @throws IllegalArgumentException naming the (redacted) URL when it is neither
     */
    public static Dialect fromJdbcUrl(String jdbcUrl) {
        return of(jdbcUrl).orElseThrow(() -> new IllegalArgumentException("unsupported JDBC URL '"
                + Redact.url(jdbcUrl) + "': use jdbc:postgresql://... or jdbc:mysql://..."));
    }

    /**
     * @param jdbcUrl a MySQL-dialect URL
     * @return the URL as Connector/J reads it: a {@code jdbc:mariadb:} prefix becomes {@code jdbc:mysql:} (MariaDB
     *     stands in for MySQL here, and Connector/J's parser reads the rest alike)
     */
    public static String asConnectorJ(String jdbcUrl) {
        return jdbcUrl.replaceFirst("(?i)^jdbc:mariadb:", "jdbc:mysql:");
    }

    /**
     * @param jdbcUrl a JDBC URL, or null
     * @return the dialect of a {@code jdbc:postgresql:}, {@code jdbc:mysql:} or {@code jdbc:mariadb:} URL; empty for
     *     another driver's URL
     */
    public static Optional<Dialect> of(String jdbcUrl) {
        String u = jdbcUrl == null ? "" : jdbcUrl.toLowerCase(Locale.ROOT);
        if (u.startsWith("jdbc:postgresql:")) {
            return Optional.of(POSTGRESQL);
        }
        if (u.startsWith("jdbc:mysql:") || u.startsWith("jdbc:mariadb:")) {
            return Optional.of(MYSQL);
        }
        return Optional.empty();
    }
}
