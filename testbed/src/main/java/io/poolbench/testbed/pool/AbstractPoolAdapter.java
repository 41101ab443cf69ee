package io.poolbench.testbed.pool;

import io.poolbench.testbed.model.BorrowCheck;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
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
    private final BorrowSettings borrow;
    private volatile Set<String> known;

    /**
     * How a pool's factory and data source are recognised and what the pool calls things: the factory that builds
     * it, the class it builds, what its factory does with an attribute it does not know, and for names of other
     * pools the name this one uses.
     *
     * @param factory a new instance of the pool's JNDI factory
     * @param dataSource the class the factory builds
     * @param ignoredHow e.g. {@code is not a HikariCP setting; HikariJNDIFactory ignores it silently}
     * @param hints attribute of another pool → the hint, e.g. {@code maxTotal} → {@code " (use maximumPoolSize)"}
     * @param known the attribute names the factory reads, read once on first use; null when the factory sets the
     *     data source's bean properties (its writable properties are the names)
     */
    record Vocabulary(Supplier<ObjectFactory> factory, Class<?> dataSource, String ignoredHow,
            Map<String, String> hints, Supplier<Set<String>> known) {
        Vocabulary(Supplier<ObjectFactory> factory, Class<?> dataSource, String ignoredHow, Map<String, String> hints) {
            this(factory, dataSource, ignoredHow, hints, null);
        }
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
     * @param borrow the borrow timeout, minimum idle and validation switch, with their defaults
     */
    AbstractPoolAdapter(String displayName, String factoryClass, String urlAttribute, String userAttribute,
            List<String> sizeAttributes, BorrowSettings borrow) {
        this(displayName, factoryClass, urlAttribute, userAttribute, sizeAttributes, borrow, null);
    }

    /**
     * An adapter whose factory, data source and vocabulary are data ({@link Vocabulary}).
     *
     * @param displayName e.g. {@code HikariCP}
     * @param factoryClass the JNDI factory a profile names
     * @param urlAttribute the attribute holding the JDBC URL
     * @param userAttribute the attribute holding the user name
     * @param sizeAttributes the attributes that, all set to N, fix the pool at N connections
     * @param borrow the borrow timeout, minimum idle and validation switch, with their defaults
     * @param vocabulary the factory, the class it builds and the names; null when the adapter implements them
     */
    AbstractPoolAdapter(String displayName, String factoryClass, String urlAttribute, String userAttribute,
            List<String> sizeAttributes, BorrowSettings borrow, Vocabulary vocabulary) {
        this.vocabulary = vocabulary;
        this.borrow = borrow;
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

    /**
     * @return the names the factory reads, from the {@link Vocabulary} (read once); adapters without one override this
     */
    @Override
    public Set<String> knownAttributes() {
        Set<String> k = known;
        if (k == null) {
            k = vocabulary.known() == null ? Adapters.writableProperties(vocabulary.dataSource())
                    : Set.copyOf(vocabulary.known().get());
            known = k;
        }
        return k;
    }

    @Override
    public String hint(String attribute) {
        return vocabulary == null ? PoolAdapter.super.hint(attribute) : vocabulary.hints().getOrDefault(attribute, "");
    }

    @Override
    public final String borrowTimeoutAttribute() {
        return borrow.timeoutAttribute();
    }

    @Override
    public final String unboundedBorrowTimeout() {
        return borrow.unboundedTimeout();
    }

    @Override
    public final String borrowTimeoutValue(long ms) {
        return borrow.timeoutValue(ms);
    }

    @Override
    public final String validationOnBorrowAttribute() {
        return borrow.validationOnBorrowAttribute();
    }

    @Override
    public final long borrowTimeoutMs(Map<String, String> attributes) {
        return borrow.timeoutMs(attributes);
    }

    @Override
    public final int minIdle(Map<String, String> attributes) {
        return borrow.minIdle(attributes);
    }

    /**
     * @param effectiveMs a built pool's borrow timeout, ms, as its getter returns it
     * @return the number, followed by {@code (unbounded)} when this pool waits forever at that value
     */
    final String borrowTimeoutText(long effectiveMs) {
        boolean unbounded = effectiveMs < 0 || (effectiveMs == 0 && borrow.zeroWaitsForever());
        return unbounded ? effectiveMs + " (unbounded)" : Long.toString(effectiveMs);
    }

    /**
     * The first rows of {@link #effectiveSettings}, each labelled with the attribute that sets it: the pool size (the
     * first of the size attributes) and the minimum idle.
     *
     * @param size the built pool's maximum connections
     * @param minIdle the connections it keeps open when idle
     * @return a new map, in insertion order, holding those two rows, for the adapter to add its own
     */
    final Map<String, String> sizeRows(int size, int minIdle) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("pool size (" + sizeAttributes.get(0) + ")", Integer.toString(size));
        m.put("minimum idle (" + borrow.minIdleAttribute() + ")", Integer.toString(minIdle));
        return m;
    }

    /**
     * {@link #sizeRows(int, int)} and the initial size, labelled with the last of the size attributes (the pool's
     * initial-size attribute: {@code initialSize}, c3p0's {@code initialPoolSize}).
     *
     * @param size the built pool's maximum connections
     * @param minIdle the connections it keeps open when idle
     * @param initialSize the connections it opens when it starts
     * @return a new map, in insertion order, holding those three rows, for the adapter to add its own
     */
    final Map<String, String> sizeRows(int size, int minIdle, int initialSize) {
        Map<String, String> m = sizeRows(size, minIdle);
        m.put("initial size (" + sizeAttributes.get(sizeAttributes.size() - 1) + ")", Integer.toString(initialSize));
        return m;
    }

    /**
     * Adds the borrow rows of {@link #effectiveSettings}, each labelled with the attribute that sets it: the borrow
     * timeout ({@link #borrowTimeoutText}) and the validation on borrow.
     *
     * @param m the rows so far
     * @param timeoutMs the built pool's borrow timeout, ms, as its getter returns it
     * @param validation what the built pool does on borrow, e.g. {@code true}
     */
    final void putBorrowRows(Map<String, String> m, long timeoutMs, String validation) {
        m.put("borrow timeout ms (" + borrow.timeoutAttribute() + ")", borrowTimeoutText(timeoutMs));
        m.put("validation on borrow (" + borrow.validationOnBorrowAttribute() + ")", validation);
    }

    /**
     * @param query a built pool's validation query, null when it has none
     * @return the query, or what validating without one does: JDBC4 {@code isValid()}
     */
    static String validationQueryText(Object query) {
        return query == null ? "none: JDBC4 isValid()" : query.toString();
    }

    /**
     * Every borrow validates when the profile turns this pool's switch for validation on borrow on (off by default);
     * a pool without such a switch, or whose switch works otherwise, says so by overriding this.
     */
    @Override
    public BorrowCheck borrowCheck(Map<String, String> attributes) {
        return borrow.validationOnBorrowAttribute() != null && validatesOnBorrow(attributes, false)
                ? BorrowCheck.EVERY_BORROW : BorrowCheck.NONE;
    }

    /**
     * @param attributes a resource's attributes as written
     * @param byDefault what the pool does when its switch is not set
     * @return whether the profile turns this pool's validation on borrow on ({@link BorrowSettings})
     */
    final boolean validatesOnBorrow(Map<String, String> attributes, boolean byDefault) {
        return Boolean.parseBoolean(attributes.getOrDefault(borrow.validationOnBorrowAttribute(),
                Boolean.toString(byDefault)));
    }

    /**
     * Checks a value the way the factory reads it; an attribute the factory does not read has no value problem here
     * (lint reports it as unknown).
     */
    @Override
    public final String valueProblem(String attribute, String value) {
        if (!knownAttributes().contains(attribute)) {
            return null;
        }
        Properties one = new Properties();
        one.setProperty(attribute, value);
        return knownValueProblem(attribute, value, one);
    }

    /**
     * Checks the value of an attribute the factory reads, without connecting.
     *
     * @param attribute a known attribute
     * @param value its value, placeholders resolved
     * @param one the attribute alone, as the properties a factory reads
     * @return null when fine, else what is wrong (one line, without the attribute name); by default as the data
     *     source's bean setter would take it (for pools whose factory sets bean properties, e.g. c3p0, Vibur)
     */
    String knownValueProblem(String attribute, String value, Properties one) {
        return Adapters.beanValueProblem(vocabulary.dataSource(), attribute, value);
    }
}
