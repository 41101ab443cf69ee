package io.poolbench.testbed.pool;

import com.mysql.cj.jdbc.MysqlDataSource;
import io.poolbench.testbed.Redact;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import javax.naming.spi.ObjectFactory;
import javax.sql.DataSource;
import org.apache.naming.factory.BeanFactory;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * No pool: the JDBC driver's own DataSource ({@code org.postgresql.ds.PGSimpleDataSource},
 * {@code com.mysql.cj.jdbc.MysqlDataSource}) as a JavaBean through Tomcat's BeanFactory. Every
 * {@code getConnection()} opens a new physical connection and {@code close()} ends it: the baseline that the connect scenario
 * measures (connection set-up on every request).
 */
public final class UnpooledAdapter extends AbstractPoolAdapter {
    private static final List<Class<? extends DataSource>> TYPES = List.of(PGSimpleDataSource.class,
            MysqlDataSource.class);

    /** The pool's names; see {@link AbstractPoolAdapter}. */
    public UnpooledAdapter() {
        super("unpooled", C3p0Adapter.BEAN_FACTORY, "url", "user",
                List.of(),
                BorrowSettings.NONE);
    }

    @Override
    public boolean buildsResource(String factory, String type) {
        return C3p0Adapter.BEAN_FACTORY.equals(factory) && TYPES.stream().anyMatch(t -> t.getName().equals(type));
    }

    @Override
    public boolean pooled() {
        return false;
    }

    @Override
    public ObjectFactory newObjectFactory() {
        return new BeanFactory();
    }

    @Override
    public boolean builds(DataSource ds) {
        return TYPES.stream().anyMatch(t -> t.isInstance(ds));
    }

    @Override
    public String driverAttribute() {
        return null;
    }

    @Override
    public Set<String> knownAttributes() {
        return Adapters.writableProperties(TYPES.toArray(new Class<?>[0]));
    }

    @Override
    public String ignoredHow() {
        return "is not a property of the driver's DataSource; Tomcat's BeanFactory fails on it (no setter)";
    }

    @Override
    String knownValueProblem(String attribute, String value, Properties one) {
        for (Class<?> t : TYPES) {
            String p = Adapters.beanValueProblem(t, attribute, value);
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    @Override
    public String borrowValidation(Map<String, String> attributes) {
        return "none: every getConnection() opens a new physical connection (TCP, authentication, session set-up)";
    }

    @Override
    public PoolStats state(DataSource ds) {
        return new PoolStats("unpooled", -1, -1, -1, -1, -1);
    }

    @Override
    public Map<String, String> effectiveSettings(DataSource ds) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("pool size", "none: a new physical connection per getConnection()");
        m.put("borrow timeout", "none: the driver's connect and login timeouts apply");
        String url = ds instanceof PGSimpleDataSource
                ? ((PGSimpleDataSource) ds).getUrl() : ((MysqlDataSource) ds).getUrl();
        m.put("JDBC URL", Redact.url(url));
        return m;
    }
}
