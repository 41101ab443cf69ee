package io.poolbench.testbed.profile;

import java.util.Set;

/**
 * The placeholders poolbench sets in a profile's attribute values ({@code ${poolbench.jdbc.url}} and friends), by
 * what they reach: any database, a MySQL database, a two-instance cluster.
 */
public final class ProfileVariables {
    /** Placeholders set for every database. */
    public static final Set<String> JDBC_VARS =
            Set.of("poolbench.jdbc.url", "poolbench.jdbc.user", "poolbench.jdbc.password");
    /** Placeholders also set for a MySQL database (the MySQL-only profiles use them). */
    public static final Set<String> MYSQL_VARS =
            Set.of("poolbench.mysql.endpoint", "poolbench.mysql.database");
    /**
     * Placeholders only a two-instance cluster sets (the drills' and the Aurora scenario's): each instance's own
     * host:port, for a driver's multi-host URL ({@code jdbc:mysql://${poolbench.mysql.host.a},${poolbench.mysql.host.b}/db}).
     */
    public static final Set<String> CLUSTER_VARS = Set.of("poolbench.mysql.host.a", "poolbench.mysql.host.b");
    /** Every placeholder poolbench sets for a single database: {@link #JDBC_VARS} and {@link #MYSQL_VARS}. */
    public static final Set<String> ALL_VARS = Set.of("poolbench.jdbc.url",
            "poolbench.jdbc.user", "poolbench.jdbc.password", "poolbench.mysql.endpoint", "poolbench.mysql.database");

    private ProfileVariables() {
    }
}
