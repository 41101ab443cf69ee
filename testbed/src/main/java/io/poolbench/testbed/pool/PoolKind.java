package io.poolbench.testbed.pool;

import io.poolbench.testbed.Labels;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * The pool catalog: one line per pool, each with the adapter that holds everything pool-specific (see
 * {@link PoolAdapter}). A profile names its pool through its JNDI {@code factory} attribute.
 */
public enum PoolKind {
    /** HikariCP, built by {@code com.zaxxer.hikari.HikariJNDIFactory}. */
    HIKARI(new HikariAdapter(), "com.zaxxer:HikariCP"),
    /** Apache Commons DBCP2, built by {@code org.apache.commons.dbcp2.BasicDataSourceFactory}. */
    DBCP2(new BasicDataSourceAdapter("DBCP2", "dbcp2", "org.apache.commons.dbcp2"),
            "org.apache.commons:commons-dbcp2"),
    /**
     * Tomcat's bundled DBCP2 ({@code org.apache.tomcat.dbcp.dbcp2.BasicDataSourceFactory}): what Tomcat builds for a
     * {@code <Resource type="javax.sql.DataSource">} without a {@code factory} attribute.
     */
    TOMCAT_DBCP(new BasicDataSourceAdapter("Tomcat DBCP", "tomcat-dbcp", "org.apache.tomcat.dbcp.dbcp2"),
            "org.apache.tomcat:tomcat-dbcp"),
    /** Tomcat JDBC pool, built by {@code org.apache.tomcat.jdbc.pool.DataSourceFactory}. */
    TOMCAT_JDBC(new TomcatJdbcAdapter(), "org.apache.tomcat:tomcat-jdbc"),
    /** c3p0's ComboPooledDataSource through Tomcat's BeanFactory. */
    C3P0(new C3p0Adapter(), "com.mchange:c3p0"),
    /** Vibur DBCP, built by {@code org.vibur.dbcp.ViburDBCPObjectFactory}. */
    VIBUR(new ViburAdapter(), "org.vibur:vibur-dbcp"),
    /** Alibaba Druid, built by {@code com.alibaba.druid.pool.DruidDataSourceFactory}. */
    DRUID(new DruidAdapter(), "com.alibaba:druid"),
    /** Agroal, built by the project's {@code io.poolbench.testbed.pool.AgroalObjectFactory}. */
    AGROAL(new AgroalAdapter(), "io.agroal:agroal-pool"),
    /** Oracle's Universal Connection Pool in front of any driver, built by its own {@code PoolDataSourceImpl}. */
    UCP(new UcpAdapter(), "com.oracle.database.jdbc:ucp11"),
    /** Commons DBCP 1.4, built by {@code org.apache.commons.dbcp.BasicDataSourceFactory} (the Aurora article's factory). */
    DBCP1(new Dbcp1Adapter(), "commons-dbcp:commons-dbcp"),
    /** No pool: the driver's DataSource through Tomcat's BeanFactory, a new connection per getConnection(). */
    UNPOOLED(new UnpooledAdapter(), null);

    /** The sub-protocol, after a wrapping driver's own (the AWS Advanced JDBC Wrapper's {@code jdbc:aws-wrapper:}). */
    private static final Pattern SCHEME = Pattern.compile("^jdbc:(?:aws-wrapper:)?([a-z0-9]+):");
    private final PoolAdapter adapter;
    private final String mavenArtifact;

    /**
     * @param adapter everything pool-specific
     * @param mavenArtifact the pool's own jar, {@code groupId:artifactId} (without dependencies), as Maven Central
     *     names it; null for no pool of its own
     */
    PoolKind(PoolAdapter adapter, String mavenArtifact) {
        this.adapter = adapter;
        this.mavenArtifact = mavenArtifact;
    }

    /**
     * @return the pool's own Maven artifact, {@code groupId:artifactId}, for running another version of it beside the
     *     pinned one; null for {@link #UNPOOLED} (the driver alone)
     */
    public String mavenArtifact() {
        return mavenArtifact;
    }

    /**
     * What a process that built a pool prints before the version it loaded ({@link #loadedVersion}): the webapp's
     * ready line and the JMH benchmarks' trial set-up, which a runner that asked for a version reads back
     * ({@link #versionIn}).
     */
    public static final String VERSION_MARK = "pool version ";

    /**
     * @param line a line a process printed
     * @return the version after {@link #VERSION_MARK} (up to a space, comma or parenthesis); null when the line has
     *     none
     */
    public static String versionIn(String line) {
        int i = line.indexOf(VERSION_MARK);
        if (i < 0) {
            return null;
        }
        String rest = line.substring(i + VERSION_MARK.length());
        int end = 0;
        while (end < rest.length() && " ,()".indexOf(rest.charAt(end)) < 0) {
            end++;
        }
        return end == 0 ? null : rest.substring(0, end);
    }

    /**
     * Which version of this pool a JVM runs: the version the jar of the pool's own class names
     * ({@link ArtifactOfClass#versionOf}), so that a version put first on a class path shows as itself.
     *
     * @param pool a pool of this kind, as its profile built it
     * @return e.g. {@code 7.0.2}; null for no pool of its own ({@link #UNPOOLED}) or a jar that names no version
     */
    public String loadedVersion(Object pool) {
        return mavenArtifact == null ? null : ArtifactOfClass.versionOf(pool.getClass(), mavenArtifact);
    }

    /**
     * @return the name of the pool's shipped profile, {@code webapp/conf/<name>.xml}: the constant's label
     *     ({@code hikari}, {@code tomcat-jdbc}, …)
     */
    public String profile() {
        return Labels.of(this);
    }

    /**
     * @return the shipped profile of every pool of the catalog, in the catalog's order, without {@link #UNPOOLED}
     *     (the driver's own DataSource, no pool)
     */
    public static List<String> pooledProfiles() {
        return Arrays.stream(values()).filter(k -> k != UNPOOLED).map(PoolKind::profile).toList();
    }

    /** @return the adapter with everything pool-specific */
    public PoolAdapter adapter() {
        return adapter;
    }

    /** @return fully qualified class name of the JNDI object factory to write in a profile */
    public String factoryClass() {
        return adapter.factoryClasses().get(0);
    }

    /** @return the pool's attribute name for the JDBC URL (e.g. {@code jdbcUrl} for HikariCP, {@code url} for DBCP2) */
    public String urlAttribute() {
        return adapter.urlAttribute();
    }

    /**
     * @param jdbcUrl a JDBC URL, may be null
     * @return its sub-protocol, e.g. {@code mysql} or {@code postgresql} (also for {@code jdbc:aws-wrapper:mysql:},
     *     the database the wrapper reaches); null when it is no JDBC URL
     */
    public static String scheme(String jdbcUrl) {
        Matcher m = SCHEME.matcher(jdbcUrl == null ? "" : jdbcUrl);
        return m.find() ? m.group(1) : null;
    }

    /**
     * @param factory the {@code factory} attribute of a {@code <Resource>}; null (no attribute) is Tomcat's default,
     *     its bundled DBCP2, as in Tomcat
     * @return the pool kind, or null when no adapter builds with that factory
     */
    public static PoolKind ofFactory(String factory) {
        return ofResource(factory, "javax.sql.DataSource");
    }

    /**
     * @param factory the {@code factory} attribute of a {@code <Resource>}; null is Tomcat's default, its bundled
     *     DBCP2
     * @param type the {@code type} attribute (names the pool when the factory is Tomcat's BeanFactory)
     * @return the pool kind, or null when no adapter builds that resource
     */
    public static PoolKind ofResource(String factory, String type) {
        if (factory == null) {
            return TOMCAT_DBCP;
        }
        for (PoolKind k : values()) {
            if (k.adapter.buildsResource(factory, type)) {
                return k;
            }
        }
        return null;
    }

    /**
     * @param ds a pool built from a profile
     * @return its kind
     * @throws IllegalArgumentException for a DataSource no adapter built
     */
    public static PoolKind of(DataSource ds) {
        for (PoolKind k : values()) {
            if (k.adapter.builds(ds)) {
                return k;
            }
        }
        throw new IllegalArgumentException("not a pool of the catalog: " + ds.getClass().getName());
    }
}
