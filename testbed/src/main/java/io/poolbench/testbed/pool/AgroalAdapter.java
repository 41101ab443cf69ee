package io.poolbench.testbed.pool;

import io.agroal.api.AgroalDataSource;
import io.agroal.api.AgroalDataSourceMetrics;
import io.agroal.api.configuration.AgroalConnectionPoolConfiguration;
import io.agroal.api.configuration.supplier.AgroalPropertiesReader;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.fault.PoolTimeouts;
import io.poolbench.testbed.model.BorrowCheck;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import javax.sql.DataSource;

/**
 * Agroal (Quarkus' and WildFly's pool), built by the project's {@link AgroalObjectFactory} from Agroal's own
 * property names. Defaults from Agroal's configuration: maxSize has none (it must be set), minSize 0,
 * acquisitionTimeout 0 (a borrower waits forever), validateOnBorrow false.
 */
public final class AgroalAdapter extends AbstractPoolAdapter {
    /** The pool's names; see {@link AbstractPoolAdapter}. */
    public AgroalAdapter() {
        super("Agroal", AgroalObjectFactory.class.getName(), "jdbcUrl", "principal",
                List.of("maxSize", "minSize", "initialSize"),
                BorrowSettings.zeroWaitsForever("acquisitionTimeout_ms", 0, "0").minIdle("minSize", null, 0)
                        .validationOnBorrow("validateOnBorrow"),
                new Vocabulary(AgroalObjectFactory::new, AgroalDataSource.class,
                        "is not an Agroal property; AgroalPropertiesReader ignores it",
                        Hints.of()
                                .use(" (use maxSize)", "maximumPoolSize", "maxTotal", "maxActive")
                                .use(" (use principal)", "username", "user")
                                .use(" (use credential)", "password")
                                .use(" (use acquisitionTimeout_ms)", "connectionTimeout")
                                .use(" (use jdbcUrl)", "url").map(),
                        AgroalAdapter::readerPropertyNames));
    }

    @Override
    public String driverAttribute() {
        return "providerClassName";
    }

    /** @return AgroalPropertiesReader's public static final String constants: they are its property names */
    private static Set<String> readerPropertyNames() {
        Set<String> k = new TreeSet<>();
        for (Field f : AgroalPropertiesReader.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                try {
                    k.add((String) f.get(null));
                } catch (IllegalAccessException e) {
                    // not a name
                }
            }
        }
        return k;
    }

    @Override
    String knownValueProblem(String attribute, String value, Properties one) {
        // AgroalPropertiesReader validates the whole configuration at once (maxSize is mandatory, minSize <=
        // maxSize), so a single value is checked for the type its name implies: sizes and *_ms/_s/_m durations are
        // integers, the validate*/enable* flags booleans
        if (attribute.endsWith("Size") || attribute.matches(".*_(ms|s|m)$")) {
            try {
                Long.parseLong(value.trim());
            } catch (NumberFormatException e) {
                return "not a number (" + e.getMessage() + ")";
            }
        }
        return null;
    }

    @Override
    public String borrowValidation(Map<String, String> s) {
        return validatesOnBorrow(s, false)
                ? "every borrow (validateOnBorrow=true) with the connection validator"
                : "none (validateOnBorrow=" + s.getOrDefault("validateOnBorrow", "false, Agroal's default") + ")";
    }

    @Override
    public PoolStats state(DataSource ds) {
        AgroalDataSource a = (AgroalDataSource) ds;
        AgroalDataSourceMetrics m = a.getMetrics();
        int max = a.getConfiguration().connectionPoolConfiguration().maxSize();
        int active = (int) m.activeCount();
        int idle = (int) m.availableCount();
        return new PoolStats("agroal", active, idle, (int) m.awaitingCount(), active + idle, max);
    }

    @Override
    public PoolTimeouts timeouts(DataSource ds) {
        AgroalConnectionPoolConfiguration c = ((AgroalDataSource) ds).getConfiguration().connectionPoolConfiguration();
        // Agroal: acquisitionTimeout 0 waits forever; validateOnBorrow validates every borrow (without a timeout of
        // its own); idle connections are otherwise validated in the background; maxLifetime 0 is forever
        long t = c.acquisitionTimeout().toMillis();
        return new PoolTimeouts(displayName(), c.maxSize(), t <= 0 ? -1 : t, "acquisitionTimeout",
                c.validateOnBorrow() ? BorrowCheck.EVERY_BORROW : BorrowCheck.NONE, "validateOnBorrow "
                + c.validateOnBorrow(), "validateOnBorrow=true", -1,
                "none in Agroal: the driver's socketTimeout bounds it", true, c.maxLifetime().isZero() ? -1
                : c.maxLifetime().toMillis(), "maxLifetime");
    }

    /** {@inheritDoc} Agroal's {@code jdbcProperties} (its reader's {@code jdbcProperties} attribute, "k=v;k=v"). */
    @Override
    public Properties driverProperties(DataSource ds) {
        return Adapters.driverProperties(((AgroalDataSource) ds).getConfiguration().connectionPoolConfiguration()
                .connectionFactoryConfiguration().jdbcProperties());
    }

    /** {@inheritDoc} Agroal's {@code jdbcProperties="k=v;k=v"}. */
    @Override
    public Map<String, String> driverPropertyAttributes(Properties props) {
        return props.isEmpty() ? Map.of() : Map.of("jdbcProperties", Adapters.joined(props));
    }

    @Override
    public Map<String, String> effectiveSettings(DataSource ds) {
        AgroalConnectionPoolConfiguration c = ((AgroalDataSource) ds).getConfiguration().connectionPoolConfiguration();
        Map<String, String> m = sizeRows(c.maxSize(), c.minSize(), c.initialSize());
        long t = c.acquisitionTimeout().toMillis();
        m.put("borrow timeout ms (acquisitionTimeout)", borrowTimeoutText(t));
        m.put("validation on borrow (validateOnBorrow)", Boolean.toString(c.validateOnBorrow()));
        m.put("validate idle connections every ms (idleValidationTimeout)",
                Long.toString(c.idleValidationTimeout().toMillis()));
        m.put("max lifetime ms (maxLifetime)", c.maxLifetime().isZero() ? "0 (unlimited)"
                : Long.toString(c.maxLifetime().toMillis()));
        m.put("auto-commit (autoCommit)", Boolean.toString(c.connectionFactoryConfiguration().autoCommit()));
        m.put("JDBC URL", Redact.url(c.connectionFactoryConfiguration().jdbcUrl()));
        return m;
    }
}
