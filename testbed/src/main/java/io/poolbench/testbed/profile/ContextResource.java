package io.poolbench.testbed.profile;

import io.poolbench.testbed.Redact;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One {@code <Resource>} of a Tomcat {@code context.xml} read as a profile: its file, its JNDI name and its
 * attributes as written (placeholders unresolved). What a JDBC pool's {@link PoolProfile} and r2dbc-pool's
 * {@link R2dbcProfile} share.
 */
public abstract class ContextResource {
    private final Path file;
    private final String resourceName;
    private final Map<String, String> attributes;

    ContextResource(Path file, String resourceName, Map<String, String> attributes) {
        this.file = file;
        this.resourceName = resourceName;
        this.attributes = Collections.unmodifiableMap(attributes);
    }

    /** @return the file this profile came from */
    public final Path file() {
        return file;
    }

    /** @return the profile name: the file name without {@code .xml} */
    public final String name() {
        String n = file.getFileName().toString();
        return n.endsWith(".xml") ? n.substring(0, n.length() - 4) : n;
    }

    /** @return the resource's JNDI name, e.g. {@code jdbc/poolbench} or {@code r2dbc/poolbench} */
    public final String resourceName() {
        return resourceName;
    }

    /** @return the resource's attributes as written (placeholders unresolved), in document order */
    public final Map<String, String> attributes() {
        return attributes;
    }

    /**
     * The attributes as a report shows them: Tomcat's own left out, every secret masked ({@link Redact#attribute}).
     *
     * @return attribute → value, in document order
     */
    public final Map<String, String> settingsForReport() {
        Map<String, String> out = new LinkedHashMap<>();
        attributes.forEach((k, v) -> {
            if (!PoolProfile.TOMCAT_ATTRIBUTES.contains(k)) {
                out.put(k, Redact.attribute(k, v));
            }
        });
        return out;
    }
}
