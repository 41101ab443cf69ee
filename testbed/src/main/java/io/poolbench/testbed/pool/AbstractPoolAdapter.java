package io.poolbench.testbed.pool;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javax.naming.spi.ObjectFactory;
import javax.sql.DataSource;

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
    private final Vocabulary vocabulary;

    /**
     * How a pool's factory and data source are recognised and what the pool calls things: the factory that builds
     * it, the class it builds, what its factory does with an attribute it does not know, and for names of other
     * pools the name this one uses.
     *
     * @param factory a new instance of the pool's JNDI factory
     * @param dataSource the class the factory builds
     * @param ignoredHow e.g. {@code is not a HikariCP setting; HikariJNDIFactory ignores it silently}
     * @param hints attribute of another pool → the hint, e.g. {@code maxTotal} → {@code " (use maximumPoolSize)"}
     */
    record Vocabulary(Supplier<ObjectFactory> factory, Class<?> dataSource, String ignoredHow,
            Map<String, String> hints) {
    }

    /** Builds a {@link Vocabulary}'s hints: one text for several names of other pools. */
    static final class Hints {
        private final Map<String, String> map = new LinkedHashMap<>();

        static Hints of() {
            return new Hints();
        }

        Hints use(String hint, String... names) {
            for (String n : names) {
                map.put(n, hint);
            }
            return this;
        }

        Map<String, String> map() {
            return Map.copyOf(map);
        }
    }

    /**
     * @param displayName e.g. {@code HikariCP}
     * @param factoryClass the JNDI factory a profile names
     * @param urlAttribute the attribute holding the JDBC URL
     * @param userAttribute the attribute holding the user name
     * @param sizeAttributes the attributes that, all set to N, fix the pool at N connections
     */
    AbstractPoolAdapter(String displayName, String factoryClass, String urlAttribute, String userAttribute,
            List<String> sizeAttributes) {
        this(displayName, factoryClass, urlAttribute, userAttribute, sizeAttributes, null);
    }

    /**
     * An adapter whose factory, data source and vocabulary are data ({@link Vocabulary}).
     *
     * @param displayName e.g. {@code HikariCP}
     * @param factoryClass the JNDI factory a profile names
     * @param urlAttribute the attribute holding the JDBC URL
     * @param userAttribute the attribute holding the user name
     * @param sizeAttributes the attributes that, all set to N, fix the pool at N connections
     * @param vocabulary the factory, the class it builds and the names; null when the adapter implements them
     */
    AbstractPoolAdapter(String displayName, String factoryClass, String urlAttribute, String userAttribute,
            List<String> sizeAttributes, Vocabulary vocabulary) {
        this.vocabulary = vocabulary;
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

    @Override
    public ObjectFactory newObjectFactory() {
        return vocabulary.factory().get();
    }

    @Override
    public boolean builds(DataSource ds) {
        return vocabulary.dataSource().isInstance(ds);
    }

    @Override
    public String ignoredHow() {
        return vocabulary.ignoredHow();
    }

    @Override
    public String hint(String attribute) {
        return vocabulary == null ? PoolAdapter.super.hint(attribute) : vocabulary.hints().getOrDefault(attribute, "");
    }
}
