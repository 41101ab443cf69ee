package io.poolbench.testbed.pool;

import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import javax.naming.RefAddr;
import javax.naming.Reference;

/** The attributes of a context.xml {@code <Resource>} as Tomcat hands them to a JNDI object factory. */
public final class ResourceAttributes {
    /** Attributes Tomcat keeps for itself; a pool's factory leaves them out of the pool's settings. */
    public static final Set<String> TOMCAT = Set.of("factory", "auth", "scope", "singleton", "name", "type",
            "description", "closeMethod");

    private ResourceAttributes() {
    }

    /**
     * @param ref the reference Tomcat built from the {@code <Resource>} element
     * @return attribute name → value, in the element's order; attributes without a value are left out
     */
    public static Map<String, String> of(Reference ref) {
        Map<String, String> attrs = new LinkedHashMap<>();
        Enumeration<RefAddr> all = ref.getAll();
        while (all.hasMoreElements()) {
            RefAddr a = all.nextElement();
            if (a.getContent() != null) {
                attrs.put(a.getType(), a.getContent().toString());
            }
        }
        return attrs;
    }
}
