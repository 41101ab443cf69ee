package io.poolbench.testbed.pool;

import java.util.List;

/**
 * The names every adapter declares (the pool's name, its factories, its attribute names for URL, user and size),
 * held as data, so that an adapter's own code is what differs between pools.
 */
abstract class AbstractPoolAdapter implements PoolAdapter {
    private final String displayName;
    private final List<String> factoryClasses;
    private final String urlAttribute;
    private final String userAttribute;
    private final List<String> sizeAttributes;

    /**
     * @param displayName e.g. {@code HikariCP}
     * @param factoryClass the JNDI factory a profile names
     * @param urlAttribute the attribute holding the JDBC URL
     * @param userAttribute the attribute holding the user name
     * @param sizeAttributes the attributes that, all set to N, fix the pool at N connections
     */
    AbstractPoolAdapter(String displayName, String factoryClass, String urlAttribute, String userAttribute,
            List<String> sizeAttributes) {
        this.displayName = displayName;
        this.factoryClasses = List.of(factoryClass);
        this.urlAttribute = urlAttribute;
        this.userAttribute = userAttribute;
        this.sizeAttributes = List.copyOf(sizeAttributes);
    }

    @Override
    public final String displayName() {
        return displayName;
    }

    @Override
    public final List<String> factoryClasses() {
        return factoryClasses;
    }

    @Override
    public final String urlAttribute() {
        return urlAttribute;
    }

    @Override
    public final String userAttribute() {
        return userAttribute;
    }

    @Override
    public final List<String> sizeAttributes() {
        return sizeAttributes;
    }
}
