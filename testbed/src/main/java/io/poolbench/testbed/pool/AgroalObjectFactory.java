package io.poolbench.testbed.pool;

import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.supplier.AgroalPropertiesReader;
import java.util.Map;

/**
 * A JNDI factory for Agroal, which ships none (Quarkus and WildFly build it from their own configuration): the
 * attributes of a {@code <Resource factory="io.poolbench.testbed.pool.AgroalObjectFactory">} are handed to Agroal's
 * own {@link AgroalPropertiesReader} under its property names ({@code jdbcUrl}, {@code principal},
 * {@code credential}, {@code maxSize}, {@code acquisitionTimeout_ms}, ...), so the names and their parsing are
 * Agroal's, not this project's. Metrics are switched on unless the resource says otherwise: the pool's state
 * (active, available, awaiting) is read from them.
 */
public final class AgroalObjectFactory extends ResourceFactory {
    /** The attributes but Tomcat's own go to Agroal. */
    @Override
    protected Object build(Map<String, String> props) throws Exception {
        props.keySet().removeAll(ResourceAttributes.TOMCAT);
        props.putIfAbsent(AgroalPropertiesReader.METRICS_ENABLED, "true");
        return AgroalDataSource.from(new AgroalPropertiesReader().readProperties(props).get());
    }
}
