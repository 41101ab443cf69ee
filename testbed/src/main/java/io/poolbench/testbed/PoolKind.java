package io.poolbench.testbed;

/** The pools poolbench compares, identified by the JNDI factory a profile names. */
public enum PoolKind {
    /** HikariCP, built by {@code com.zaxxer.hikari.HikariJNDIFactory}. */
    HIKARI("com.zaxxer.hikari.HikariJNDIFactory"),
    /** Apache Commons DBCP2, built by {@code org.apache.commons.dbcp2.BasicDataSourceFactory}. */
    DBCP2("org.apache.commons.dbcp2.BasicDataSourceFactory");

    private final String factoryClass;

    PoolKind(String factoryClass) {
        this.factoryClass = factoryClass;
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
