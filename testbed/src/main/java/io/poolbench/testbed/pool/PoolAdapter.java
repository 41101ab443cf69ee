package io.poolbench.testbed.pool;

import io.poolbench.testbed.fault.PoolTimeouts;
import io.poolbench.testbed.model.BorrowCheck;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.naming.spi.ObjectFactory;
import javax.sql.DataSource;

/**
 * Everything poolbench knows about one connection pool, in one place: how Tomcat builds it from a
 * {@code <Resource>} (its JNDI object factory and attribute names), what it does on borrow, and how to read its
 * state and effective settings back from the built object. No other class branches on the pool: adding a pool is
 * one adapter, one entry in {@link io.poolbench.testbed.pool.PoolKind}, one profile file and its tests.
 */
public interface PoolAdapter {

    /** @return the name reports use, e.g. {@code HikariCP} */
    String displayName();

    /** @return the JNDI factory class names that build this pool; the first is the one to write in a profile */
    List<String> factoryClasses();

    /**
     * Whether a {@code <Resource>} builds this pool. Most pools are named by their factory; pools configured as
     * JavaBeans through Tomcat's {@code org.apache.naming.factory.BeanFactory} are named by the resource's type.
     *
     * @param factory the {@code factory} attribute
     * @param type the {@code type} attribute
     * @return true when this adapter's pool is what Tomcat builds from them
     */
    default boolean buildsResource(String factory, String type) {
        return factoryClasses().contains(factory);
    }

    /** @return false for a DataSource that opens a new physical connection per {@code getConnection()} */
    default boolean pooled() {
        return true;
    }

    /** @return a new instance of the JNDI object factory Tomcat would use */
    ObjectFactory newObjectFactory();

    /**
     * @param ds a DataSource
     * @return true when {@code ds} is a pool this adapter built
     */
    boolean builds(DataSource ds);

    /**
     * @return the prefix under which Spring Boot binds this pool's own settings onto its DataSource
     *     ({@code DataSourceConfiguration}: {@code spring.datasource.hikari}, {@code .tomcat}, {@code .dbcp2}); empty for
     *     a pool Spring Boot has no such prefix for
     */
    default String springPrefix() {
        return "";
    }

    /** @return the attribute that holds the JDBC URL, e.g. {@code jdbcUrl} */
    String urlAttribute();

    /**
     * @return the attribute that names the JDBC driver class ({@code driverClassName} for most pools), or null when
     *     the pool cannot be pointed at another driver (a driver's own DataSource)
     */
    default String driverAttribute() {
        return "driverClassName";
    }

    /** @return the attribute that holds the user name */
    String userAttribute();

    /** @return the attributes that, all set to N, fix the pool at N connections */
    List<String> sizeAttributes();

    /**
     * @return the attribute that sets how long a borrower waits for a connection (ms), or null when the pool has
     *     none; used to change that one setting (the Aurora article's one-setting-at-a-time reruns)
     */
    default String borrowTimeoutAttribute() {
        return null;
    }

    /** @return the value of {@link #borrowTimeoutAttribute()} that means "wait without limit" */
    default String unboundedBorrowTimeout() {
        return "-1";
    }

    /**
     * @param ms a borrow timeout, ms
     * @return the value of {@link #borrowTimeoutAttribute} that gives it, in the attribute's own unit (ms for most
     *     pools, seconds for Oracle UCP's {@code connectionWaitTimeout})
     */
    default String borrowTimeoutValue(long ms) {
        return Long.toString(ms);
    }

    /**
     * @return the boolean attribute that turns validation on borrow on and off, or null when the pool has no such
     *     switch (HikariCP validates every borrow of a connection idle for more than 500 ms, always)
     */
    default String validationOnBorrowAttribute() {
        return null;
    }

    /** @return the attribute names the factory reads (others are ignored; see {@link #ignoredHow()}) */
    Set<String> knownAttributes();

    /**
     * @param attribute an attribute the factory does not read
     * @return true when the factory passes it on anyway (e.g. HikariCP's {@code dataSource.*} to the driver)
     */
    default boolean passedOn(String attribute) {
        return false;
    }

    /** @return how the factory treats an unknown attribute, e.g. {@code HikariJNDIFactory ignores it silently} */
    String ignoredHow();

    /**
     * @param attribute an unknown attribute
     * @return what the user probably meant, e.g. {@code (DBCP name: use maximumPoolSize)}, or empty
     */
    default String hint(String attribute) {
        return "";
    }

    /**
     * Checks one attribute value the way the factory reads it, without building a pool or connecting.
     *
     * @param attribute a known attribute
     * @param value its value, placeholders resolved
     * @return null when fine, else what is wrong (one line, without the attribute name)
     */
    String valueProblem(String attribute, String value);

    /**
     * @param attributes the resource's attributes as written
     * @return what the pool does on each borrow, e.g. {@code every borrow (testOnBorrow=true) with JDBC4 isValid():
     *     one round trip per borrow}
     */
    String borrowValidation(Map<String, String> attributes);

    /**
     * What {@link #borrowValidation} says, for the model ({@code poolbench plan}): the round trip a borrow costs.
     *
     * @param attributes the resource's attributes as written
     * @return the validation on borrow; none by default (a pool that does not validate, or is not a pool)
     */
    default BorrowCheck borrowCheck(Map<String, String> attributes) {
        return BorrowCheck.NONE;
    }

    /**
     * The pool's own traps in a profile, one line each ending with its source in brackets, e.g. an idleTimeout
     * that HikariCP disables, a DBCP 1 name that DBCP2 ignores and what that leaves in force.
     *
     * @param attributes the resource's attributes as written
     * @return warnings, empty when none
     */
    default List<String> traps(Map<String, String> attributes) {
        return List.of();
    }

    /**
     * @param attributes the resource's attributes as written
     * @return how long a borrower waits for a connection before failing, ms; -1 when unbounded
     */
    long borrowTimeoutMs(Map<String, String> attributes);

    /**
     * @param attributes the resource's attributes as written
     * @return the connections the pool keeps open when idle (its minimum idle)
     */
    int minIdle(Map<String, String> attributes);

    /**
     * @param ds a pool this adapter built
     * @return its state now, from the pool's own metrics
     */
    PoolStats state(DataSource ds);

    /**
     * The settings the built pool object really runs with, read back from it (not from the attributes), with units
     * in the names where they are not obvious.
     *
     * @param ds a pool this adapter built
     * @return setting → value, in a stable order
     */
    Map<String, String> effectiveSettings(DataSource ds);

    /**
     * @param ds a pool this adapter built
     * @return the properties the pool hands to the driver beside the URL (HikariCP's {@code dataSource.*}); empty
     *     for a pool that hands none
     */
    default java.util.Properties driverProperties(DataSource ds) {
        return new java.util.Properties();
    }

    /**
     * The driver properties as the attributes of this pool's context.xml that hand them to the driver (a Spring Boot
     * pool written as a context.xml keeps them).
     *
     * @param props driver properties, without the credentials
     * @return attribute → value; empty for none; by default DBCP's, Tomcat's and Druid's {@code
     *     connectionProperties="k=v;k=v"}
     */
    default Map<String, String> driverPropertyAttributes(java.util.Properties props) {
        return props.isEmpty() ? Map.of() : Map.of("connectionProperties", Adapters.joined(props));
    }

    /**
     * What the built pool does with time when the database stops answering, read back from the pool object:
     * {@code poolbench check}'s input on the pool's side.
     *
     * @param ds a pool this adapter built
     * @return its borrow timeout, validation on borrow, validation timeout and maximum lifetime
     * @throws io.poolbench.testbed.TestbedException for a DataSource that is no pool (no borrow to time out)
     */
    default PoolTimeouts timeouts(DataSource ds) {
        throw new io.poolbench.testbed.TestbedException(displayName() + " is no pool: every request opens a"
                + " connection, so check has no borrow, validation or lifetime to read; give a pool's context.xml");
    }

    /**
     * Closes a pool this adapter built, with every connection it holds.
     *
     * @param ds the pool
     * @throws Exception when the pool fails to close
     */
    default void close(DataSource ds) throws Exception {
        if (ds instanceof AutoCloseable) {
            ((AutoCloseable) ds).close();
        }
    }
}
