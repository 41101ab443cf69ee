package io.poolbench.testbed.pool;

import java.util.Hashtable;
import java.util.Map;
import javax.naming.Context;
import javax.naming.Name;
import javax.naming.Reference;
import javax.naming.spi.ObjectFactory;

/**
 * A JNDI object factory of this project's own for a context.xml {@code <Resource>}: it reads the attributes Tomcat
 * hands it ({@link ResourceAttributes}) and builds the resource from them; a subclass says how ({@link #build}).
 */
public abstract class ResourceFactory implements ObjectFactory {
    /**
     * @return the resource built from the {@code <Resource>}'s attributes; null when {@code obj} is not a
     *     {@link Reference} (JNDI then tries its other factories)
     * @throws Exception what {@link #build} throws
     */
    @Override
    public final Object getObjectInstance(Object obj, Name name, Context nameCtx, Hashtable<?, ?> environment)
            throws Exception {
        if (!(obj instanceof Reference)) {
            return null;
        }
        return build(ResourceAttributes.of((Reference) obj));
    }

    /**
     * Builds the resource.
     *
     * @param attributes attribute name → value, in the element's order, Tomcat's own
     *     ({@link ResourceAttributes#TOMCAT}) included; a new map the factory may change
     * @return the resource
     * @throws Exception when it cannot be built
     */
    protected abstract Object build(Map<String, String> attributes) throws Exception;
}
