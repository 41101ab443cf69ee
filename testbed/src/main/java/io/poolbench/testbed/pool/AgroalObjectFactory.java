package io.poolbench.testbed.pool;

import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.supplier.AgroalPropertiesReader;
import java.util.Hashtable;
import java.util.Map;
import java.util.Set;
import javax.naming.Context;
import javax.naming.Name;
import javax.naming.Reference;
import javax.naming.spi.ObjectFactory;

/**
 * A JNDI factory for Agroal, which ships none (Quarkus and WildFly build it from their own configuration): the
 * attributes of a {@code <Resource factory="io.poolbench.testbed.pool.AgroalObjectFactory">} are handed to Agroal's
 * own {@link AgroalPropertiesReader} under its property names ({@code jdbcUrl}, {@code principal},
 * {@code credential}, {@code maxSize}, {@code acquisitionTimeout_ms}, ...), so the names and their parsing are
 * Agroal's, not this project's. Metrics are switched on unless the resource says otherwise: the pool's state
 * (active, available, awaiting) is read from them.
 */
public final class AgroalObjectFactory implements ObjectFactory {
    /** Attributes Tomcat keeps for itself; the rest goes to Agroal. */
    private static final Set<String> TOMCAT = Set.of("factory", "auth", "scope", "singleton", "name", "type",
            "description", "closeMethod");

    @Override
    public Object getObjectInstance(Object obj, Name name, Context nameCtx, Hashtable<?, ?> environment)
            throws Exception {
        if (!(obj instanceof Reference)) {
            return null;
        }
        Map<String, String> props = ResourceAttributes.of((Reference) obj);
        props.keySet().removeAll(TOMCAT);
        props.putIfAbsent(AgroalPropertiesReader.METRICS_ENABLED, "true");
        return AgroalDataSource.from(new AgroalPropertiesReader().readProperties(props).get());
    }
}
