package io.poolbench.testbed;

import picocli.CommandLine.Option;

/**
 * Command-line options that choose the database, shared by every poolbench command (a picocli mixin). The
 * password is read from the environment variable {@code POOLBENCH_JDBC_PASSWORD}, never from the command line.
 */
public final class DatabaseOptions {
    /** Backend kind. */
    @Option(names = "--db", defaultValue = "embedded", paramLabel = "KIND",
            description = "Database: embedded (PostgreSQL, no Docker; default), mysql (Testcontainers), external.")
    public String kind;

    /** External JDBC URL. */
    @Option(names = "--jdbc-url", paramLabel = "URL", defaultValue = "${env:POOLBENCH_JDBC_URL}",
            description = "JDBC URL for --db external (or POOLBENCH_JDBC_URL).")
    public String jdbcUrl;

    /** External user. */
    @Option(names = "--jdbc-user", paramLabel = "USER", defaultValue = "${env:POOLBENCH_JDBC_USER}",
            description = "User for --db external (or POOLBENCH_JDBC_USER). Password: POOLBENCH_JDBC_PASSWORD.")
    public String jdbcUser;

    /** MySQL image. */
    @Option(names = "--mysql-image", paramLabel = "IMAGE", defaultValue = "${env:POOLBENCH_MYSQL_IMAGE}",
            description = "Image for --db mysql (default mysql:8.4 if present, else poolbench/mysql:local).")
    public String mysqlImage;

    /** Rows in orders. */
    @Option(names = "--rows", defaultValue = "200000", paramLabel = "N",
            description = "Rows in the orders table (seed 001: 200000; default ${DEFAULT-VALUE}).")
    public int rows;

    /** @return the settings these options describe */
    public DatabaseSettings settings() {
        return new DatabaseSettings(kind, jdbcUrl, jdbcUser, System.getenv("POOLBENCH_JDBC_PASSWORD"), mysqlImage);
    }

    /** @return the data set of {@link #rows} orders */
    public DataSet dataSet() {
        return DataSet.ofOrders(rows);
    }

    /**
     * The placeholder values a profile needs to reach a database.
     *
     * @param db the database
     * @return {@code poolbench.jdbc.url}, {@code poolbench.jdbc.user}, {@code poolbench.jdbc.password}
     */
    public static java.util.Map<String, String> vars(Database db) {
        return java.util.Map.of("poolbench.jdbc.url", db.jdbcUrl(), "poolbench.jdbc.user", db.user(),
                "poolbench.jdbc.password", db.password());
    }
}
