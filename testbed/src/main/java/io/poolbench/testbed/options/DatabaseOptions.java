package io.poolbench.testbed.options;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.db.DatabaseSettings;
import io.poolbench.testbed.db.Dialect;
import io.poolbench.testbed.db.JdbcAddress;
import io.poolbench.testbed.pool.PoolKind;
import io.poolbench.testbed.profile.ProfileVariables;
import io.poolbench.testbed.profile.R2dbcProfile;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Mixin;
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

    /** MySQL image, for {@code --db mysql}. */
    @Mixin
    public MySqlImageOption mysqlImage;

    /** Rows in orders. */
    @Option(names = "--rows", defaultValue = "200000", paramLabel = "N",
            description = "Rows in the orders table (the concurrency article's: 200000; default ${DEFAULT-VALUE}).")
    public int rows;

    /** @return the settings these options describe */
    public DatabaseSettings settings() {
        return new DatabaseSettings(kind, jdbcUrl, jdbcUser, System.getenv(DatabaseSettings.PASSWORD_ENV),
                mysqlImage.image());
    }

    /** @return the data set of {@link #rows} orders */
    public DataSet dataSet() {
        return DataSet.ofOrders(rows);
    }

    /**
     * The placeholder values a profile needs to reach a database.
     *
     * @param db the database
     * @return {@code poolbench.jdbc.url}, {@code poolbench.jdbc.user}, {@code poolbench.jdbc.password}, and for a
     *     MySQL URL {@code poolbench.mysql.endpoint} (host:port) and {@code poolbench.mysql.database}, for a
     *     PostgreSQL URL {@code poolbench.r2dbc.url} (see {@link R2dbcProfile#urlOf})
     */
    public static Map<String, String> vars(Database db) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("poolbench.jdbc.url", db.jdbcUrl());
        v.put("poolbench.jdbc.user", db.user());
        v.put("poolbench.jdbc.password", db.password());
        JdbcAddress.of(db.jdbcUrl(), Dialect.MYSQL).ifPresent(a -> {
            v.put("poolbench.mysql.endpoint", a.endpoint());
            v.put("poolbench.mysql.database", a.database());
        });
        String r2dbc = R2dbcProfile.urlOf(db.jdbcUrl());
        if (r2dbc != null) {
            v.put(R2dbcProfile.URL_VAR, r2dbc);
        }
        return v;
    }

    /**
     * The placeholders a database of the kind these options name will set, known before it starts.
     *
     * @return {@link ProfileVariables#JDBC_VARS}, plus {@link ProfileVariables#MYSQL_VARS} for {@code --db mysql} or an external MySQL URL
     */
    public Set<String> varsSetLater() {
        Set<String> s = new HashSet<>(ProfileVariables.JDBC_VARS);
        if ("mysql".equalsIgnoreCase(kind) || Dialect.of(jdbcUrl).orElse(null) == Dialect.MYSQL) {
            s.addAll(ProfileVariables.MYSQL_VARS);
        }
        return s;
    }

    /**
     * The dialect of the database these options name, known before it starts.
     *
     * @return {@code postgresql}, {@code mysql}, or the scheme of an external URL; null when unknown
     */
    public String scheme() {
        String k = kind == null ? "embedded" : kind.toLowerCase(Locale.ROOT);
        if (k.equals("mysql")) {
            return "mysql";
        }
        if (k.equals("external")) {
            return PoolKind.scheme(jdbcUrl);
        }
        return "postgresql";
    }

    /**
     * Fails with one line when the kind is none poolbench knows, {@link #rows} is out of range or, for {@code --db mysql}, when Docker or a usable
     * MySQL image is missing.
     *
     * @throws TestbedException naming the option and its range
     */
    public void validate() {
        DatabaseSettings.checkKind(kind);
        DataSet.checkOrders(rows);
        if ("mysql".equalsIgnoreCase(kind)) {
            mysqlImage.resolve();
        }
    }

    /**
     * {@link #validate()}, and refuses {@code --db mysql} for a scenario that measures PostgreSQL.
     *
     * @param what why, e.g. {@code sweep connect is pgbench's workload on PostgreSQL}
     * @throws TestbedException one line: the reason and the databases to use instead
     */
    public void validatePostgres(String what) {
        validate();
        if ("mysql".equalsIgnoreCase(kind)) {
            throw new TestbedException(what + ": use --db embedded, or --db external with a jdbc:postgresql URL");
        }
    }
}
