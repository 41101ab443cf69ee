package io.poolbench.testbed;

/** The pools poolbench compares, identified by the JNDI factory a profile names. */
public enum PoolKind {
    /** HikariCP, built by {@code com.zaxxer.hikari.HikariJNDIFactory}. */
    HIKARI("com.zaxxer.hikari.HikariJNDIFactory", "jdbcUrl"),
    /** Apache Commons DBCP2, built by {@code org.apache.commons.dbcp2.BasicDataSourceFactory}. */
    DBCP2("org.apache.commons.dbcp2.BasicDataSourceFactory", "url");

    private static final java.util.regex.Pattern SCHEME = java.util.regex.Pattern.compile("^jdbc:([a-z0-9]+):");
    private final String factoryClass;
    private final String urlAttribute;

    PoolKind(String factoryClass, String urlAttribute) {
        this.factoryClass = factoryClass;
        this.urlAttribute = urlAttribute;
    }

    /** @return the pool's attribute name for the JDBC URL ({@code jdbcUrl} for HikariCP, {@code url} for DBCP2) */
    public String urlAttribute() {
        return urlAttribute;
    }

    /**
     * @param jdbcUrl a JDBC URL, may be null
     * @return its sub-protocol, e.g. {@code mysql} or {@code postgresql}; null when it is no JDBC URL
     */
    public static String scheme(String jdbcUrl) {
        java.util.regex.Matcher m = SCHEME.matcher(jdbcUrl == null ? "" : jdbcUrl);
        return m.find() ? m.group(1) : null;
    }

    /** @return fully qualified class name of the JNDI object factory */
    public String factoryClass() {
        return factoryClass;
    }

    /**
     * @param factory the {@code factory} attribute of a {@code <Resource>}
     * @return the pool kind, or null when the factory is not one of ours
     */
    public static PoolKind ofFactory(String factory) {
        for (PoolKind k : values()) {
            if (k.factoryClass.equals(factory)) {
                return k;
            }
        }
        return null;
    }
}
