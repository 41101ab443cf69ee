package io.poolbench.testbed.pool;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.fault.PoolTimeouts;
import io.poolbench.testbed.model.BorrowCheck;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import javax.naming.spi.ObjectFactory;
import javax.sql.DataSource;

/**
 * Apache Commons DBCP2 and Tomcat's bundled copy of it ({@code org.apache.tomcat.dbcp.dbcp2}, what a Tomcat
 * {@code <Resource type="javax.sql.DataSource">} without a {@code factory} attribute gets): the same
 * {@code BasicDataSource} under two package names, so one adapter reads both through their public getters. The
 * factory reads its own property list and logs, then ignores, DBCP 1 names such as {@code maxActive} and
 * {@code maxWait} (BasicDataSourceFactory source). Defaults from BasicDataSource: {@code testOnBorrow=true}
 * (validation on every borrow, {@code isValid()} unless a {@code validationQuery} is set), {@code maxWaitMillis=-1}
 * (unbounded wait), {@code maxTotal=8}.
 */
public final class BasicDataSourceAdapter extends AbstractPoolAdapter {
    /** DBCP 1 attribute names that DBCP2 ignores, with the DBCP2 replacement (from BasicDataSourceFactory). */
    private static final Map<String, String> DBCP1_NAMES = Map.of(
            "maxActive", "maxTotal",
            "maxWait", "maxWaitMillis",
            "removeAbandoned", "removeAbandonedOnBorrow / removeAbandonedOnMaintenance");

    private final String statsName;
    private final String factoryClass;
    private final String dataSourceClass;
    private final String springPrefix;
    private final Set<String> known;

    /**
     * @param displayName e.g. {@code DBCP2}
     * @param statsName the pool's name in {@link PoolStats}, e.g. {@code dbcp2}
     * @param packageName {@code org.apache.commons.dbcp2} or {@code org.apache.tomcat.dbcp.dbcp2}
     */
    public BasicDataSourceAdapter(String displayName, String statsName, String packageName) {
        super(displayName, packageName + ".BasicDataSourceFactory", "url", "username",
                List.of("maxTotal", "maxIdle", "minIdle", "initialSize"),
                BorrowSettings.negativeWaitsForever("maxWaitMillis", -1).minIdle("minIdle", null, 0)
                        .validationOnBorrow("testOnBorrow"));
        this.statsName = statsName;
        this.factoryClass = packageName + ".BasicDataSourceFactory";
        this.dataSourceClass = packageName + ".BasicDataSource";
        // Spring Boot's DataSourceConfiguration.Dbcp2 binds Commons DBCP2's BasicDataSource; Tomcat's copy has none
        this.springPrefix = packageName.equals("org.apache.commons.dbcp2") ? "spring.datasource.dbcp2" : "";
        Set<String> k;
        try {
            // BasicDataSourceFactory: private static final List<String> ALL_PROPERTY_NAMES (older: ALL_PROPERTIES)
            k = Adapters.factoryPropertyNames(Class.forName(factoryClass), Class.forName(dataSourceClass),
                    "ALL_PROPERTY_NAMES", "ALL_PROPERTIES");
        } catch (ClassNotFoundException e) {
            k = Set.of();
        }
        this.known = k;
    }

    @Override
    public ObjectFactory newObjectFactory() {
        try {
            return (ObjectFactory) Class.forName(factoryClass).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(factoryClass + " is not on the class path", e);
        }
    }

    @Override
    public boolean builds(DataSource ds) {
        return ds.getClass().getName().equals(dataSourceClass);
    }

    @Override
    public Set<String> knownAttributes() {
        return known;
    }

    @Override
    public String ignoredHow() {
        return "is not a " + displayName() + " setting; " + factoryClass.substring(factoryClass.lastIndexOf('.') + 1)
                + " ignores it";
    }

    @Override
    public String hint(String a) {
        String repl = DBCP1_NAMES.get(a);
        return repl != null ? " (DBCP 1 name: use " + repl + ")" : "";
    }

    @Override
    String knownValueProblem(String attribute, String value, Properties one) {
        return Adapters.dbcpStyleValueProblem(displayName(), attribute, value, () -> ((AutoCloseable) Class.forName(factoryClass)
                .getMethod("createDataSource", Properties.class).invoke(null, one)).close());
    }

    @Override
    public String borrowValidation(Map<String, String> s) {
        String tob = s.getOrDefault("testOnBorrow", "true");
        if (!Boolean.parseBoolean(tob)) {
            return "none (testOnBorrow=false)";
        }
        return "every borrow (testOnBorrow=" + tob + (s.containsKey("testOnBorrow") ? "" : ", " + displayName()
                + "'s default") + ") with " + (s.containsKey("validationQuery") ? "validationQuery `"
                + s.get("validationQuery") + "`" : "JDBC4 isValid()") + ": one round trip per borrow";
    }

    @Override
    public BorrowCheck borrowCheck(Map<String, String> s) {
        // DBCP2 validates with validationQuery, or JDBC4 isValid() without one; testOnBorrow defaults to true
        return validatesOnBorrow(s, true) ? BorrowCheck.EVERY_BORROW : BorrowCheck.NONE;
    }

    @Override
    public List<String> traps(Map<String, String> a) {
        List<String> out = new ArrayList<>();
        if (a.containsKey("maxWait") && !a.containsKey("maxWaitMillis")) {
            out.add("maxWait=\"" + a.get("maxWait") + "\" is DBCP 1's name, which " + displayName() + " ignores: the"
                    + " borrow timeout is maxWaitMillis's default, -1, so a borrower waits forever when the pool is"
                    + " exhausted [BasicDataSourceFactory source; BasicDataSource default maxWaitMillis -1]");
        }
        if (a.containsKey("maxActive") && !a.containsKey("maxTotal")) {
            out.add("maxActive=\"" + a.get("maxActive") + "\" is DBCP 1's name, which " + displayName() + " ignores:"
                    + " the pool size is maxTotal's default, 8 [BasicDataSourceFactory source; GenericObjectPoolConfig"
                    + " DEFAULT_MAX_TOTAL 8]");
        }
        return out;
    }

    @Override
    public PoolStats state(DataSource ds) {
        int active = (Integer) get(ds, "getNumActive");
        int idle = (Integer) get(ds, "getNumIdle");
        return new PoolStats(statsName, active, idle, waiters(ds), active + idle, (Integer) get(ds, "getMaxTotal"));
    }

    /**
     * {@inheritDoc} BasicDataSource (DBCP2 and Tomcat's repackaged copy) keeps the {@code connectionProperties} it
     * hands to the driver ("k=v;k=v") behind a package-private getter.
     */
    @Override
    public java.util.Properties driverProperties(DataSource b) {
        for (Class<?> c = b.getClass(); c != null; c = c.getSuperclass()) {
            try {
                Method m = c.getDeclaredMethod("getConnectionProperties");
                m.setAccessible(true);
                return Adapters.driverProperties((java.util.Properties) m.invoke(b));
            } catch (NoSuchMethodException e) {
                // a subclass of the pool: its superclass declares it
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw new IllegalStateException(c.getName() + ".getConnectionProperties()", e);
            }
        }
        throw new IllegalStateException(b.getClass().getName() + " has no getConnectionProperties()");
    }

    /** BasicDataSource keeps its GenericObjectPool behind a protected getter; its getNumWaiters() is public. */
    private static int waiters(DataSource b) {
        try {
            Method m = b.getClass().getDeclaredMethod("getConnectionPool");
            m.setAccessible(true);
            Object pool = m.invoke(b);
            if (pool == null) {
                return 0;
            }
            return (Integer) pool.getClass().getMethod("getNumWaiters").invoke(pool);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return -1;
        }
    }

    private static Object get(Object target, String getter) {
        try {
            return target.getClass().getMethod(getter).invoke(target);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(target.getClass().getName() + "." + getter + "()", e);
        }
    }

    private static long ms(Object duration) {
        return ((Duration) duration).toMillis();
    }

    @Override
    public PoolTimeouts timeouts(DataSource b) {
        long wait = ms(get(b, "getMaxWaitDuration"));
        long vt = ms(get(b, "getValidationQueryTimeoutDuration"));
        long life = ms(get(b, "getMaxConnDuration"));
        boolean onBorrow = Boolean.TRUE.equals(get(b, "getTestOnBorrow"));
        // without a validationQuery, PoolableConnection.validate calls isValid(validationQueryTimeout), which the
        // driver enforces on the socket; with one, the timeout is the statement's, which a silent server never honours
        boolean onSocket = get(b, "getValidationQuery") == null;
        // maxWaitMillis bounds the wait for an idle connection; the validation runs after it
        return new PoolTimeouts(displayName(), (Integer) get(b, "getMaxTotal"), wait < 0 ? -1 : wait, "maxWaitMillis",
                onBorrow ? BorrowCheck.EVERY_BORROW : BorrowCheck.NONE, "testOnBorrow " + onBorrow, "testOnBorrow=true",
                vt <= 0 || !onSocket ? -1 : vt, "validationQueryTimeout without a validationQuery (JDBC4 isValid pings"
                + " under it)", false, life <= 0 ? -1 : life, "maxConnLifetimeMillis");
    }

    @Override
    public Map<String, String> effectiveSettings(DataSource b) {
        Map<String, String> m = sizeRows((Integer) get(b, "getMaxTotal"), (Integer) get(b, "getMinIdle"),
                (Integer) get(b, "getInitialSize"));
        m.put("maximum idle (maxIdle)", String.valueOf(get(b, "getMaxIdle")));
        putBorrowRows(m, ms(get(b, "getMaxWaitDuration")), String.valueOf(get(b, "getTestOnBorrow")));
        Object q = get(b, "getValidationQuery");
        m.put("validation query (validationQuery)", validationQueryText(q));
        long vt = ms(get(b, "getValidationQueryTimeoutDuration"));
        m.put("validation timeout ms (validationQueryTimeout)", vt < 0 ? "none" : Long.toString(vt));
        long evict = ms(get(b, "getDurationBetweenEvictionRuns"));
        m.put("eviction run every ms (timeBetweenEvictionRunsMillis)", evict <= 0 ? evict + " (no evictor)"
                : Long.toString(evict));
        m.put("idle before eviction ms (minEvictableIdleTimeMillis)", Long.toString(ms(get(b,
                "getMinEvictableIdleDuration"))));
        long life = ms(get(b, "getMaxConnDuration"));
        m.put("max lifetime ms (maxConnLifetimeMillis)", life <= 0 ? life + " (unlimited)" : Long.toString(life));
        m.put("auto-commit (defaultAutoCommit)", String.valueOf(get(b, "getDefaultAutoCommit")));
        m.put("JDBC URL", Redact.url((String) get(b, "getUrl")));
        return m;
    }

    @Override
    public String springPrefix() {
        return springPrefix;
    }
}
