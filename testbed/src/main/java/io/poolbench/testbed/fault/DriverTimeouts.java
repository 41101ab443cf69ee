package io.poolbench.testbed.fault;

import com.mysql.cj.conf.ConnectionUrl;
import com.mysql.cj.conf.PropertyKey;
import com.mysql.cj.jdbc.JdbcPropertySetImpl;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Dialect;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.postgresql.PGProperty;
import software.amazon.jdbc.PropertyDefinition;
import software.amazon.jdbc.util.ConnectionUrlParser;
import software.amazon.jdbc.plugin.efm.base.HostMonitoringConnectionBasePlugin;

/**
 * The JDBC driver's own timeouts for one URL, read with the driver's own parser and defaults (Connector/J's
 * {@code ConnectionUrl} and property set, pgjdbc's {@code Driver.parseURL} and {@code PGProperty}, the AWS Advanced
 * JDBC Wrapper's {@code PropertyDefinition} and its failure-detection properties): the inputs of {@link FaultChain}
 * on the driver's side.
 *
 * @param driver the driver, e.g. {@code MySQL Connector/J}
 * @param connectTimeoutMs how long opening a connection may take, ms; 0 none (the operating system decides)
 * @param socketTimeoutMs how long one read may wait for the server, ms; 0 none
 * @param loginTimeoutMs how long opening and authenticating may take in all, ms; 0 none (pgjdbc's loginTimeout;
 *     Connector/J has no such property: 0)
 * @param tcpKeepAlive whether the driver asks for TCP keepalive on its sockets
 * @param plugins the AWS wrapper's plugins, empty for other drivers
 * @param monitoring the AWS wrapper's host monitoring (efm, efm2) with its settings, which aborts a call on a silent
 *     host ({@link HostMonitoring}); null when no monitoring runs
 */
public record DriverTimeouts(String driver, long connectTimeoutMs, long socketTimeoutMs, long loginTimeoutMs,
        boolean tcpKeepAlive,
        List<String> plugins, HostMonitoring monitoring) {

    /**
     * The driver that reads a URL, as its jar: the driver behind the AWS wrapper's {@code jdbc:aws-wrapper:} prefix;
     * Connector/J for {@code jdbc:mariadb:} (which {@link #read} reads with it).
     *
     * @param url a JDBC URL
     * @return {@code groupId:artifactId} and a class of the driver's jar; null for a URL no driver of the catalog reads
     */
    public static DriverJar driverJar(String url) {
        String u = url == null ? "" : url.trim().replaceFirst("^jdbc:aws-wrapper:", "jdbc:");
        return Dialect.of(u).map(DriverTimeouts::driverJar).orElse(null);
    }

    /** The AWS Advanced JDBC Wrapper's jar, whose host monitoring ({@code efm}) a check reads. */
    public static final String AWS_WRAPPER_ARTIFACT = "software.amazon.jdbc:aws-advanced-jdbc-wrapper";

    /**
     * @return {@code groupId:artifactId} of every driver a check reads: one per dialect, and the AWS wrapper's
     */
    public static List<String> driverArtifacts() {
        List<String> out = new ArrayList<>();
        for (Dialect d : Dialect.values()) {
            out.add(driverJar(d).coordinates());
        }
        out.add(AWS_WRAPPER_ARTIFACT);
        return out;
    }

    private static DriverJar driverJar(Dialect d) {
        return switch (d) {
            case MYSQL -> new DriverJar("com.mysql:mysql-connector-j", ConnectionUrl.class, "com.mysql.cj.Constants",
                    "CJ_VERSION");
            case POSTGRESQL -> new DriverJar("org.postgresql:postgresql", PGProperty.class,
                    "org.postgresql.util.DriverInfo", "DRIVER_VERSION");
        };
    }

    /**
     * A driver's jar.
     *
     * @param coordinates its Maven {@code groupId:artifactId}
     * @param driverClass a class of the jar, loaded from whichever version comes first on the class path
     * @param versionClass the driver's class that holds its own version (Connector/J's {@code Constants}, pgjdbc's
     *     {@code DriverInfo})
     * @param versionField that class's constant, e.g. {@code CJ_VERSION}
     */
    public record DriverJar(String coordinates, Class<?> driverClass, String versionClass, String versionField) {
        /**
         * @return the version the driver names itself, read from the same class loader as {@link #driverClass} (so
         *     a jar put first on the class path answers for itself, also inside a shaded jar, whose manifest is not
         *     the driver's); null when the driver has no such constant
         */
        public String ownVersion() {
            try {
                Object v = Class.forName(versionClass, true, driverClass.getClassLoader()).getField(versionField)
                        .get(null);
                return v instanceof String s && !s.isBlank() ? s : null;
            } catch (ReflectiveOperationException | LinkageError e) {
                return null;
            }
        }
    }

    /**
     * @param url the JDBC URL (placeholders resolved)
     * @param properties further driver properties (a pool's {@code dataSource.*}, Spring's {@code
     *     data-source-properties}); may be empty
     * @return the driver's timeouts for it
     * @throws TestbedException one line when no driver of the catalog reads the URL, or the driver rejects it
     */
    public static DriverTimeouts read(String url, Properties properties) {
        String u = url == null ? "" : url.trim();
        if (u.startsWith("jdbc:aws-wrapper:")) {
            return wrapper(u, properties);
        }
        Dialect d = Dialect.of(u).orElse(null);
        if (d == Dialect.MYSQL) {
            return mysql(Dialect.asConnectorJ(u), properties);
        }
        if (d == Dialect.POSTGRESQL) {
            return postgres(u, properties);
        }
        throw new TestbedException("JDBC URL " + io.poolbench.testbed.Redact.url(u) + ": not a MySQL, PostgreSQL"
                + " or AWS wrapper URL; check can read the timeouts of jdbc:mysql:, jdbc:postgresql: and"
                + " jdbc:aws-wrapper: URLs");
    }

    private static DriverTimeouts mysql(String url, Properties properties) {
        Properties p;
        try {
            ConnectionUrl cu = ConnectionUrl.getConnectionUrlInstance(url, properties);
            p = cu.getMainHost().exposeAsProperties();
        } catch (RuntimeException e) {
            throw new TestbedException("JDBC URL " + io.poolbench.testbed.Redact.url(url) + ": Connector/J cannot"
                    + " parse it (" + e.getMessage() + ")");
        }
        try {
            JdbcPropertySetImpl set = new JdbcPropertySetImpl();
            set.initializeProperties(p);
            return new DriverTimeouts("MySQL Connector/J", set.getIntegerProperty(PropertyKey.connectTimeout)
                    .getValue(), set.getIntegerProperty(PropertyKey.socketTimeout).getValue(), 0,
                    set.getBooleanProperty(PropertyKey.tcpKeepAlive).getValue(), List.of(), null);
        } catch (RuntimeException e) {
            // Connector/J's own refusal of a value, e.g. socketTimeout=abc: the message names the property
            throw new TestbedException("JDBC URL " + io.poolbench.testbed.Redact.url(url) + ": Connector/J refuses"
                    + " it: " + io.poolbench.testbed.Redact.rootMessage(e));
        }
    }

    private static DriverTimeouts postgres(String url, Properties properties) {
        Properties p = org.postgresql.Driver.parseURL(url, properties);
        if (p == null) {
            throw new TestbedException("JDBC URL " + io.poolbench.testbed.Redact.url(url) + ": pgjdbc cannot parse"
                    + " it");
        }
        try {
            // pgjdbc's timeouts are in seconds
            return new DriverTimeouts("PostgreSQL JDBC (pgjdbc)", PGProperty.CONNECT_TIMEOUT.getInt(p) * 1000L,
                    PGProperty.SOCKET_TIMEOUT.getInt(p) * 1000L, PGProperty.LOGIN_TIMEOUT.getInt(p) * 1000L,
                    PGProperty.TCP_KEEP_ALIVE.getBoolean(p), List.of(), null);
        } catch (java.sql.SQLException e) {
            throw new TestbedException("JDBC URL " + io.poolbench.testbed.Redact.url(url) + ": " + e.getMessage());
        }
    }

    private static DriverTimeouts wrapper(String url, Properties properties) {
        String target = "jdbc:" + url.substring("jdbc:aws-wrapper:".length());
        Properties all = new Properties();
        all.putAll(properties);
        // the wrapper reads its own settings from the URL's parameters and the connection properties alike
        Properties fromUrl = new Properties();
        ConnectionUrlParser.parsePropertiesFromUrl(url, fromUrl);
        fromUrl.forEach(all::putIfAbsent);
        DriverTimeouts under = Dialect.of(target).orElse(null) == Dialect.POSTGRESQL ? postgres(target, properties)
                : mysql(target, properties);
        List<String> plugins = new ArrayList<>();
        for (String s : PropertyDefinition.PLUGINS.getString(all).split(",")) {
            if (!s.isBlank()) {
                plugins.add(s.trim());
            }
        }
        HostMonitoring m;
        try {
            m = monitoring(plugins, all, under);
        } catch (RuntimeException e) {
            throw new TestbedException("JDBC URL " + io.poolbench.testbed.Redact.url(url) + ": the AWS wrapper's"
                    + " host monitoring refuses it: " + io.poolbench.testbed.Redact.rootMessage(e));
        }
        return new DriverTimeouts("AWS Advanced JDBC Wrapper over " + under.driver(), under.connectTimeoutMs(),
                under.socketTimeoutMs(), under.loginTimeoutMs(), under.tcpKeepAlive(), List.copyOf(plugins), m);
    }

    /** The wrapper's host monitoring from its properties; null when no plugin of it runs. */
    private static HostMonitoring monitoring(List<String> plugins, Properties all, DriverTimeouts under) {
        HostMonitoring m = null;
        if (plugins.contains("efm") || plugins.contains("efm2")) {
            long time = HostMonitoringConnectionBasePlugin.FAILURE_DETECTION_TIME.getLong(all);
            long interval = HostMonitoringConnectionBasePlugin.FAILURE_DETECTION_INTERVAL.getLong(all);
            long count = HostMonitoringConnectionBasePlugin.FAILURE_DETECTION_COUNT.getLong(all);
            // the monitor's own connection inherits the user's properties; monitoring-* ones override them
            String own = all.getProperty("monitoring-connectTimeout");
            long connect = own != null ? Long.parseLong(own.trim()) : under.connectTimeoutMs();
            m = new HostMonitoring(time, interval, count, connect > 0 ? connect
                    : TcpTimers.LINUX.synGiveUpMs(), own != null ? "monitoring-connectTimeout " + Durations.text(
                    connect) : connect > 0 ? "connectTimeout " + Durations.text(connect) : "no connectTimeout: Linux's"
                    + " SYN retries " + Durations.text(TcpTimers.LINUX.synGiveUpMs()));
        }
        return m;
    }
}
