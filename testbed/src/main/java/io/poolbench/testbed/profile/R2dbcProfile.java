package io.poolbench.testbed.profile;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Dialect;
import io.poolbench.testbed.db.JdbcAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * An R2DBC profile: one {@code <Resource type="io.r2dbc.spi.ConnectionFactory">} of a context.xml in the same profile
 * directory as the JDBC pools, built by the webapp's {@code io.poolbench.webapp.R2dbcPoolFactory} into an r2dbc-pool
 * {@code ConnectionPool} over r2dbc-postgresql (the concurrency article's R2DBC stack). This class holds R2DBC's vocabulary, the
 * way a JDBC pool's adapter does, without depending on R2DBC: every attribute is either a connection setting
 * ({@code url}, {@code username}, {@code password}), Tomcat's own, or one of r2dbc-pool's options, with the type
 * r2dbc-pool parses it as (the option names and types of {@code io.r2dbc.pool.PoolingConnectionFactoryProvider}
 * 1.0.2; durations in ISO-8601, e.g. {@code PT30S}).
 *
 * <p>r2dbc-pool's defaults (its README): {@code initialSize} 10, {@code maxSize} 10, {@code maxIdleTime} 30 min,
 * {@code acquireRetry} 1, {@code validationDepth} LOCAL, and <b>no</b> {@code maxAcquireTime}: without it a borrower
 * waits forever, unlike every JDBC pool of the catalog.
 */
public final class R2dbcProfile extends ContextResource {
    /** The resource type that marks an R2DBC profile. */
    public static final String TYPE = "io.r2dbc.spi.ConnectionFactory";
    /** The JNDI object factory (webapp module) that builds the pool. */
    public static final String FACTORY = "io.poolbench.webapp.R2dbcPoolFactory";
    /** Placeholder the suite sets to the database's R2DBC URL ({@code r2dbc:postgresql://host:port/db}). */
    public static final String URL_VAR = "poolbench.r2dbc.url";

    /** r2dbc-pool's options (name → how it parses the value). */
    private static final Map<String, String> POOL_OPTIONS = Map.ofEntries(
            Map.entry("initialSize", "int"), Map.entry("maxSize", "int"), Map.entry("minIdle", "int"),
            Map.entry("acquireRetry", "int"), Map.entry("maxAcquireTime", "duration"),
            Map.entry("maxCreateConnectionTime", "duration"), Map.entry("maxIdleTime", "duration"),
            Map.entry("maxLifeTime", "duration"), Map.entry("maxValidationTime", "duration"),
            Map.entry("backgroundEvictionInterval", "duration"), Map.entry("validationQuery", "string"),
            Map.entry("validationDepth", "depth"), Map.entry("poolName", "string"),
            Map.entry("registerJmx", "boolean"));
    private static final Set<String> CONNECTION = Set.of("url", "username", "password");

    private R2dbcProfile(Path file, String resourceName, Map<String, String> attributes) {
        super(file, resourceName, attributes);
    }

    /**
     * @param file a context.xml
     * @return true when its only (or {@code r2dbc/...}) resource has type {@link #TYPE}; false for anything else,
     *     also for a file that cannot be read
     */
    public static boolean isR2dbc(Path file) {
        try {
            return TYPE.equals(ContextXml.readResource(file, null).get("type"));
        } catch (TestbedException e) {
            return false;
        }
    }

    /**
     * Loads and checks the only {@code <Resource>} of an R2DBC profile: the factory, every attribute's name and
     * every value that holds no placeholder.
     *
     * @param file a context.xml
     * @return the profile
     * @throws TestbedException one line naming file, attribute and what to do
     */
    public static R2dbcProfile load(Path file) {
        Map<String, String> attrs = ContextXml.readResource(file, null);
        String name = attrs.getOrDefault("name", "");
        if (!TYPE.equals(attrs.get("type"))) {
            throw new TestbedException("profile " + file + " is no R2DBC profile (type=\"" + attrs.get("type")
                    + "\", expected " + TYPE + ")");
        }
        if (!FACTORY.equals(attrs.get("factory"))) {
            throw new TestbedException("profile " + file + ", Resource " + name + ": factory=\"" + attrs.get("factory")
                    + "\"; an R2DBC profile needs factory=\"" + FACTORY + "\"");
        }
        R2dbcProfile p = new R2dbcProfile(file, name, Collections.unmodifiableMap(attrs));
        for (Map.Entry<String, String> a : attrs.entrySet()) {
            String k = a.getKey();
            if (PoolProfile.TOMCAT_ATTRIBUTES.contains(k) || CONNECTION.contains(k)) {
                continue;
            }
            String kind = POOL_OPTIONS.get(k);
            if (kind == null) {
                throw new TestbedException("profile " + file + ", Resource " + name + ": attribute " + k
                        + " is no r2dbc-pool option (r2dbc-pool would pass it on to the driver, which ignores it);"
                        + " use one of " + String.join(", ", new TreeSet<>(POOL_OPTIONS.keySet())));
            }
            if (!a.getValue().contains("${")) {
                String problem = valueProblem(kind, a.getValue());
                if (problem != null) {
                    throw new TestbedException("profile " + file + ", Resource " + name + ", attribute " + k + "=\""
                            + a.getValue() + "\": " + problem + "; fix the value");
                }
            }
        }
        if (!attrs.containsKey("url")) {
            throw new TestbedException("profile " + file + ", Resource " + name + " has no url: add"
                    + " url=\"${" + URL_VAR + "}\"");
        }
        return p;
    }

    private static String valueProblem(String kind, String v) {
        switch (kind) {
            case "int":
                try {
                    return Integer.parseInt(v.trim()) < 0 ? "must not be negative" : null;
                } catch (NumberFormatException e) {
                    return "not a whole number";
                }
            case "duration":
                try {
                    return Duration.parse(v.trim()).isNegative() ? "must not be negative" : null;
                } catch (DateTimeParseException e) {
                    return "not an ISO-8601 duration (r2dbc-pool parses it with Duration.parse: PT30S, PT30M)";
                }
            case "depth":
                return v.equals("LOCAL") || v.equals("REMOTE") ? null : "use LOCAL or REMOTE";
            case "boolean":
                return v.equals("true") || v.equals("false") ? null : "use true or false";
            default:
                return null;
        }
    }

    /**
     * Writes a copy of this profile's file with one attribute changed (or added) and loads it.
     *
     * @param attribute an r2dbc-pool option name, e.g. {@code maxSize}
     * @param value new value
     * @param target the file to write (its directory must exist)
     * @return the changed profile
     * @throws TestbedException when the file cannot be written or the new value is bad
     */
    public R2dbcProfile withAttribute(String attribute, String value, Path target) {
        ContextXml.rewrite(file(), resourceName(), attribute, value, target);
        return load(target);
    }

    /** @return the attributes that size the pool: {@code initialSize}, {@code maxSize} */
    public static List<String> sizeAttributes() {
        return List.of("initialSize", "maxSize");
    }

    /**
     * @param vars placeholder values ({@link #URL_VAR}, {@code poolbench.jdbc.user}, {@code .password})
     * @return the attributes with placeholders resolved, every value checked
     * @throws TestbedException for a placeholder without value or a bad resolved value
     */
    public Map<String, String> resolvedAttributes(Map<String, String> vars) {
        Map<String, String> out = new LinkedHashMap<>();
        attributes().forEach((k, v) -> {
            String r = Placeholders.resolve(file(), resourceName(), k, v, vars);
            String kind = POOL_OPTIONS.get(k);
            String problem = kind == null ? null : valueProblem(kind, r);
            if (problem != null) {
                throw new TestbedException("profile " + file() + ", Resource " + resourceName() + ", attribute " + k
                        + "=\"" + r + "\": " + problem + "; fix the value");
            }
            out.put(k, r);
        });
        String url = out.get("url");
        if (url == null || !url.startsWith("r2dbc:postgresql:")) {
            throw new TestbedException("profile " + file() + ": url \"" + Redact.url(String.valueOf(url)) + "\" is no"
                    + " r2dbc:postgresql: URL; poolbench's R2DBC stack is r2dbc-postgresql (PostgreSQL only)");
        }
        return out;
    }

    /**
     * @param vars see {@link #resolvedAttributes}
     * @return r2dbc-pool's {@code maxSize} as configured, or its default 10
     */
    public int maxSize(Map<String, String> vars) {
        return Integer.parseInt(resolvedAttributes(vars).getOrDefault("maxSize", "10").trim());
    }

    /**
     * Lines for a report on what the profile leaves at r2dbc-pool's defaults that matter under load.
     *
     * @return zero or more one-line notes
     */
    public List<String> notes() {
        List<String> out = new ArrayList<>();
        if (!attributes().containsKey("maxAcquireTime")) {
            out.add(name() + ": no maxAcquireTime: r2dbc-pool lets a borrower wait forever (JDBC pools: 30 s)");
        }
        return out;
    }

    /**
     * The R2DBC URL of a PostgreSQL JDBC URL: same host, port and database, JDBC's query parameters dropped.
     *
     * @param jdbcUrl e.g. {@code jdbc:postgresql://localhost:5432/postgres?ssl=false}
     * @return e.g. {@code r2dbc:postgresql://localhost:5432/postgres}, or null for a URL of another database
     */
    public static String urlOf(String jdbcUrl) {
        return JdbcAddress.of(jdbcUrl, Dialect.POSTGRESQL).map(a -> "r2dbc:postgresql://" + a.endpoint() + "/"
                + a.database()).orElse(null);
    }
}
