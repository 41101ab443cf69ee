package io.poolbench.testbed.profile;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.pool.PoolKind;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.naming.Reference;
import javax.naming.StringRefAddr;
import javax.sql.DataSource;

/**
 * A pool profile: one {@code <Resource>} of a Tomcat {@code context.xml}, the single source of truth for pool
 * settings. The webapp binds the file in JNDI through Tomcat; the benchmarks and drills call {@link #createDataSource}
 * which hands the very same attributes to the very same factory (the pool's own JNDI factory, or Tomcat's
 * {@code BeanFactory} for the pools that ship none: one per pool of the catalog, {@link PoolKind}, whose adapter in
 * {@code pool/} knows its vocabulary), so the settings measured and the settings served cannot drift apart.
 *
 * <p>Attribute values may use {@code ${name}} placeholders (Tomcat replaces them from system properties); the suite
 * sets {@code poolbench.jdbc.url}, {@code poolbench.jdbc.user} and {@code poolbench.jdbc.password}.
 *
 * <p>{@link #warnings()} names every attribute the factory ignores: HikariJNDIFactory drops unknown attributes
 * silently (a DBCP-style {@code maxTotal} on a Hikari resource does nothing), DBCP2 ignores DBCP 1 names
 * ({@code maxActive}, {@code maxWait}, ...) with only a log line (both verified in the factories' sources).
 */
public final class PoolProfile extends ContextResource {
    /** Attributes Tomcat itself reads from a {@code <Resource>}; no factory needs to know them. */
    public static final Set<String> TOMCAT_ATTRIBUTES =
            Set.of("name", "auth", "type", "factory", "description", "scope", "singleton", "closeMethod");
    /** The longest profile file name, UTF-8 bytes: a run's file names add to it, within a file system's 255. */
    static final int MAX_NAME_BYTES = 120;
    /** JNDI name used by the shipped profiles and looked up by the webapp under {@code java:comp/env/}. */
    public static final String DEFAULT_RESOURCE = "jdbc/poolbench";

    private final PoolKind kind;
    private final List<String> warnings;

    private PoolProfile(Path file, String resourceName, PoolKind kind, Map<String, String> attributes) {
        super(file, resourceName, attributes);
        this.kind = kind;
        this.warnings = List.copyOf(ProfileCheck.warnings(this));
    }

    /**
     * Loads the only {@code <Resource>} of the file.
     *
     * @param file a context.xml
     * @return the profile
     * @throws TestbedException for a missing or malformed file, no or several resources, or a factory that is not
     *     HikariJNDIFactory or BasicDataSourceFactory
     */
    public static PoolProfile load(Path file) {
        return load(file, null);
    }

    /**
     * Loads one {@code <Resource>} of a context.xml.
     *
     * @param file a context.xml
     * @param resourceName the resource's {@code name}, or null for the only one (a file with several needs a name)
     * @return the profile
     * @throws TestbedException see {@link #load(Path)}
     */
    public static PoolProfile load(Path file, String resourceName) {
        String stem = file.getFileName() == null ? "" : file.getFileName().toString();
        if (stem.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
            throw new TestbedException("profile file name " + stem.substring(0, 40) + "… is "
                    + stem.getBytes(StandardCharsets.UTF_8).length + " bytes: a run names its files and directories"
                    + " after the profile; give it a name of at most " + MAX_NAME_BYTES + " bytes");
        }
        Map<String, String> attrs = ContextXml.readResource(file, resourceName);
        String name = attrs.getOrDefault("name", "");
        String factory = attrs.get("factory");
        if (R2dbcProfile.TYPE.equals(attrs.get("type"))) {
            throw new TestbedException("profile " + file + " is an R2DBC ConnectionFactory (r2dbc-pool), not a JDBC"
                    + " pool: only the webapp (--context-xml) and `./poolbench sweep concurrency` serve it; choose a"
                    + " JDBC profile here");
        }
        PoolKind kind = PoolKind.ofResource(factory, attrs.getOrDefault("type", "javax.sql.DataSource"));
        if (kind == null) {
            throw new TestbedException("profile " + file + ", Resource " + name + ": factory '" + factory
                    + "' with type '" + attrs.get("type") + "' is no pool of the catalog; use one of "
                    + Arrays.stream(PoolKind.values()).map(k -> k.factoryClass()).distinct()
                    .collect(Collectors.joining(", ")) + " (BeanFactory with type"
                    + " com.mchange.v2.c3p0.ComboPooledDataSource, org.postgresql.ds.PGSimpleDataSource or"
                    + " com.mysql.cj.jdbc.MysqlDataSource)");
        }
        return new PoolProfile(file, name, kind, attrs);
    }

    /**
     * Writes a copy of this profile's file in which one attribute of its {@code <Resource>} has another value (or is
     * added), with a comment saying so: one setting changed, everything else as written.
     *
     * @param attribute attribute name, in the pool's own vocabulary (see the adapter)
     * @param value new value
     * @param target the file to write (its directory must exist)
     * @return the changed profile, loaded from {@code target}
     * @throws TestbedException when the file cannot be read or written
     */
    public PoolProfile withAttribute(String attribute, String value, Path target) {
        ContextXml.rewrite(file(), resourceName(), attribute, value, target);
        return load(target, resourceName());
    }

    /** @return which pool the factory builds */
    public PoolKind kind() {
        return kind;
    }

    /**
     * @return one line per attribute the factory ignores, naming file, resource and attribute (empty when none)
     */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * The attributes with {@code ${name}} / {@code ${name:-default}} placeholders resolved from {@code vars}, then
     * from system properties (as Tomcat resolves them).
     *
     * @param vars values for placeholders, e.g. {@code poolbench.jdbc.url}
     * @return resolved attributes
     * @throws TestbedException naming the file and the placeholder when one has no value
     */
    public Map<String, String> resolvedAttributes(Map<String, String> vars) {
        Map<String, String> out = new LinkedHashMap<>();
        attributes().forEach((k, v) -> out.put(k, resolve(k, v, vars)));
        return out;
    }

    private String resolve(String attr, String value, Map<String, String> vars) {
        return Placeholders.resolve(file(), resourceName(), attr, value, vars);
    }

    /**
     * Checks every attribute value the way the factory will read it, without building a pool or connecting, so
     * that a bad value is one line naming the attribute before anything starts: numbers that do not parse, values
     * the pool's setters reject (HikariCP {@code maximumPoolSize="-1"}), a driver class that is not on the class
     * path or does not accept the URL, a placeholder nobody sets.
     *
     * @param varsSetLater placeholders the caller will set when the database is known (e.g.
     *     {@code poolbench.jdbc.url}); attributes that use them are checked then, by the factory itself
     * @throws TestbedException naming file, resource, attribute and what to do
     */
    public void check(Set<String> varsSetLater) {
        check(Map.of(), varsSetLater);
    }

    /**
     * {@link #check(Set)} with some placeholder values known, e.g. a URL of the database's kind, so that a driver
     * class for another database is caught before the pool is built.
     *
     * @param vars placeholder values known now (take precedence over {@code varsSetLater})
     * @param varsSetLater placeholders set later; attributes using them are not checked here
     * @throws TestbedException see {@link #check(Set)}
     */
    public void check(Map<String, String> vars, Set<String> varsSetLater) {
        ProfileCheck.check(this, vars, varsSetLater);
    }

    /**
     * Dialect of the profile's JDBC URL as written, when the URL fixes it.
     *
     * @return e.g. {@code mysql} or {@code postgresql}; null when the URL is a placeholder such as
     *     {@code ${poolbench.jdbc.url}} or missing
     */
    public String urlScheme() {
        return PoolKind.scheme(attributes().get(kind.urlAttribute()));
    }

    /**
     * Builds the pool exactly as Tomcat would: a {@link Reference} of the resource's type carrying every attribute
     * as a {@link StringRefAddr}, handed to the profile's factory.
     *
     * @param vars placeholder values (see {@link #resolvedAttributes(Map)})
     * @return the pool ({@code HikariDataSource} or {@code BasicDataSource}); close it with {@link #close(DataSource)}
     * @throws TestbedException when the factory rejects the settings or cannot reach the database (one line, no
     *     password)
     */
    public DataSource createDataSource(Map<String, String> vars) {
        return createDataSource(vars, Map.of());
    }

    /**
     * Builds the pool with some attributes replaced (after placeholder resolution), e.g. the JDBC URL and driver
     * class when a benchmark points a profile at the stub driver, or the pool size of a contention sweep; every
     * other setting stays the profile's.
     *
     * @param vars placeholder values
     * @param overrides attribute → value; a null value removes the attribute
     * @return the pool
     * @throws TestbedException see {@link #createDataSource(Map)}
     */
    public DataSource createDataSource(Map<String, String> vars, Map<String, String> overrides) {
        return PoolBuild.create(this, vars, overrides);
    }

    /**
     * Closes a pool built by {@link #createDataSource(Map)}; never throws.
     *
     * @param ds the pool, may be null
     */
    public static void close(DataSource ds) {
        if (ds == null) {
            return;
        }
        try {
            PoolKind.of(ds).adapter().close(ds);
        } catch (Exception ignored) {
            // closing is best effort
        }
    }

    /**
     * The attribute names a factory reads.
     *
     * @param kind the pool
     * @return the adapter's {@link io.poolbench.testbed.pool.PoolAdapter#knownAttributes()}
     */
    public static Set<String> knownAttributes(PoolKind kind) {
        return kind.adapter().knownAttributes();
    }

    /**
     * Points this profile's pool at another JDBC driver, every other setting kept: the stub driver of pool-bench and
     * {@code plan}, the webapp's tracing driver.
     *
     * @param attributes the attributes to start from (overrides, or the resolved attributes)
     * @param url the JDBC URL for the profile's URL attribute
     * @param driverClass the driver class for the profile's driver attribute
     * @param refusal the end of the error line when the profile has no pool to point elsewhere, e.g. "it cannot run
     *     on the stub driver"
     * @return a copy of {@code attributes} with the URL and driver attributes replaced, in their order
     * @throws TestbedException when the profile is the driver's own DataSource
     */
    public Map<String, String> throughDriver(Map<String, String> attributes, String url, String driverClass,
            String refusal) {
        String driver = kind.adapter().driverAttribute();
        if (driver == null) {
            throw new TestbedException("profile " + name() + " is " + kind.adapter().displayName()
                    + ", the driver's own DataSource: " + refusal);
        }
        Map<String, String> m = new LinkedHashMap<>(attributes);
        m.put(kind.urlAttribute(), url);
        m.put(driver, driverClass);
        return m;
    }

    /** @return what the pool does on each borrow with this profile's attributes (from its adapter) */
    public String borrowValidation() {
        return kind.adapter().borrowValidation(attributes());
    }
}
