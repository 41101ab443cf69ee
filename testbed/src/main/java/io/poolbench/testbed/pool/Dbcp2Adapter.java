package io.poolbench.testbed.pool;

import io.poolbench.testbed.PoolStats;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import javax.naming.spi.ObjectFactory;
import javax.sql.DataSource;
import org.apache.commons.dbcp2.BasicDataSource;
import org.apache.commons.dbcp2.BasicDataSourceFactory;

/**
 * Apache Commons DBCP2, built by {@code org.apache.commons.dbcp2.BasicDataSourceFactory}, which reads its own
 * property list and logs, then ignores, DBCP 1 names such as {@code maxActive} and {@code maxWait}
 * (BasicDataSourceFactory source). Defaults from BasicDataSource: {@code testOnBorrow=true} (validation on every
 * borrow, {@code isValid()} unless a {@code validationQuery} is set), {@code maxWaitMillis=-1} (unbounded wait).
 */
public final class Dbcp2Adapter implements PoolAdapter {
    /** DBCP 1 attribute names that DBCP2 ignores, with the DBCP2 replacement (from BasicDataSourceFactory). */
    private static final Map<String, String> DBCP1_NAMES = Map.of(
            "maxActive", "maxTotal",
            "maxWait", "maxWaitMillis",
            "removeAbandoned", "removeAbandonedOnBorrow / removeAbandonedOnMaintenance");

    @Override
    public String displayName() {
        return "DBCP2";
    }

    @Override
    public List<String> factoryClasses() {
        return List.of("org.apache.commons.dbcp2.BasicDataSourceFactory");
    }

    @Override
    public ObjectFactory newObjectFactory() {
        return new BasicDataSourceFactory();
    }

    @Override
    public boolean builds(DataSource ds) {
        return ds instanceof BasicDataSource;
    }

    @Override
    public String urlAttribute() {
        return "url";
    }

    @Override
    public String userAttribute() {
        return "username";
    }

    @Override
    public List<String> sizeAttributes() {
        return List.of("maxTotal", "maxIdle", "minIdle", "initialSize");
    }

    @Override
    public Set<String> knownAttributes() {
        try {
            // commons-dbcp2 2.13: private static final List<String> ALL_PROPERTY_NAMES (older: ALL_PROPERTIES)
            Field f;
            try {
                f = BasicDataSourceFactory.class.getDeclaredField("ALL_PROPERTY_NAMES");
            } catch (NoSuchFieldException e) {
                f = BasicDataSourceFactory.class.getDeclaredField("ALL_PROPERTIES");
            }
            f.setAccessible(true);
            @SuppressWarnings("unchecked")
            List<String> names = (List<String>) f.get(null);
            return new TreeSet<>(names);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // fall back to BasicDataSource's bean properties (same names, a few extra)
            try {
                Set<String> names = new TreeSet<>();
                for (PropertyDescriptor pd : Introspector.getBeanInfo(BasicDataSource.class).getPropertyDescriptors()) {
                    if (pd.getWriteMethod() != null) {
                        names.add(pd.getName());
                    }
                }
                names.add("connectionProperties");
                return names;
            } catch (java.beans.IntrospectionException ie) {
                return Set.of();
            }
        }
    }

    @Override
    public String ignoredHow() {
        return "is not a DBCP2 setting; BasicDataSourceFactory ignores it";
    }

    @Override
    public String hint(String a) {
        String repl = DBCP1_NAMES.get(a);
        return repl != null ? " (DBCP 1 name: use " + repl + ")" : "";
    }

    @Override
    public String valueProblem(String attribute, String value) {
        if (!knownAttributes().contains(attribute)) {
            return null;
        }
        if (attribute.equals("initialSize")) {
            // with initialSize > 0 the factory opens connections at once; the number alone is what can be checked
            try {
                Integer.parseInt(value);
                return null;
            } catch (NumberFormatException e) {
                return "not an integer";
            }
        }
        Properties one = new Properties();
        one.setProperty(attribute, value);
        try {
            BasicDataSource ds = BasicDataSourceFactory.createDataSource(one);
            ds.close();
            return null;
        } catch (NumberFormatException e) {
            return "not a number (" + Adapters.rootMessage(e) + ")";
        } catch (Exception e) {
            return "DBCP2 rejects it (" + Adapters.rootMessage(e) + ")";
        }
    }

    @Override
    public String borrowValidation(Map<String, String> s) {
        String tob = s.getOrDefault("testOnBorrow", "true");
        if (!Boolean.parseBoolean(tob)) {
            return "none (testOnBorrow=false)";
        }
        return "every borrow (testOnBorrow=" + tob + (s.containsKey("testOnBorrow") ? "" : ", DBCP2's default")
                + ") with " + (s.containsKey("validationQuery") ? "validationQuery `" + s.get("validationQuery")
                + "`" : "JDBC4 isValid()") + ": one round trip per borrow";
    }

    @Override
    public long borrowTimeoutMs(Map<String, String> a) {
        return Long.parseLong(a.getOrDefault("maxWaitMillis", "-1"));
    }

    @Override
    public int minIdle(Map<String, String> a) {
        return Integer.parseInt(a.getOrDefault("minIdle", "0"));
    }

    @Override
    public PoolStats state(DataSource ds) {
        BasicDataSource b = (BasicDataSource) ds;
        int active = b.getNumActive();
        int idle = b.getNumIdle();
        return new PoolStats("dbcp2", active, idle, waiters(b), active + idle, b.getMaxTotal());
    }

    /** BasicDataSource keeps its GenericObjectPool behind a protected getter; its getNumWaiters() is public. */
    private static int waiters(BasicDataSource b) {
        try {
            Method m = BasicDataSource.class.getDeclaredMethod("getConnectionPool");
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

    @Override
    public Map<String, String> effectiveSettings(DataSource ds) {
        BasicDataSource b = (BasicDataSource) ds;
        Map<String, String> m = new LinkedHashMap<>();
        m.put("pool size (maxTotal)", Integer.toString(b.getMaxTotal()));
        m.put("minimum idle (minIdle)", Integer.toString(b.getMinIdle()));
        m.put("maximum idle (maxIdle)", Integer.toString(b.getMaxIdle()));
        m.put("initial size (initialSize)", Integer.toString(b.getInitialSize()));
        long wait = b.getMaxWaitDuration().toMillis();
        m.put("borrow timeout ms (maxWaitMillis)", wait < 0 ? wait + " (unbounded)" : Long.toString(wait));
        m.put("validation on borrow (testOnBorrow)", Boolean.toString(b.getTestOnBorrow()));
        m.put("validation query (validationQuery)", b.getValidationQuery() == null ? "none: JDBC4 isValid()"
                : b.getValidationQuery());
        m.put("validation timeout ms (validationQueryTimeout)",
                Long.toString(b.getValidationQueryTimeoutDuration().toMillis()));
        long evict = b.getDurationBetweenEvictionRuns().toMillis();
        m.put("eviction run every ms (timeBetweenEvictionRunsMillis)", evict <= 0 ? evict + " (no evictor)"
                : Long.toString(evict));
        m.put("idle before eviction ms (minEvictableIdleTimeMillis)",
                Long.toString(b.getMinEvictableIdleDuration().toMillis()));
        long life = b.getMaxConnDuration().toMillis();
        m.put("max lifetime ms (maxConnLifetimeMillis)", life <= 0 ? life + " (unlimited)" : Long.toString(life));
        m.put("auto-commit (defaultAutoCommit)", String.valueOf(b.getDefaultAutoCommit()));
        m.put("JDBC URL", io.poolbench.testbed.Redact.url(b.getUrl()));
        return m;
    }
}
