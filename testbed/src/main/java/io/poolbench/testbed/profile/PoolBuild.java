package io.poolbench.testbed.profile;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.naming.Reference;
import javax.naming.StringRefAddr;
import javax.naming.spi.ObjectFactory;
import javax.sql.DataSource;
import org.apache.naming.ResourceRef;

/**
 * Builds a profile's pool exactly as Tomcat would: a {@link ResourceRef} of the resource's type carrying factory
 * and auth, the resource's other attributes as {@link StringRefAddr} properties, handed to the profile's factory.
 */
final class PoolBuild {
    private PoolBuild() {
    }

    /**
     * @param p the profile
     * @param vars placeholder values
     * @param overrides attribute → value after placeholder resolution; a null value removes the attribute
     * @return the pool
     * @throws TestbedException when the factory rejects the settings or cannot reach the database (one line, no
     *     password)
     */
    static DataSource create(PoolProfile p, Map<String, String> vars, Map<String, String> overrides) {
        Map<String, String> resolved = new LinkedHashMap<>();
        Map<String, String> withoutOverridden = new LinkedHashMap<>(p.attributes());
        withoutOverridden.keySet().removeAll(overrides.keySet());
        withoutOverridden.forEach((k, v) -> resolved.put(k, Placeholders.resolve(p.file(), p.resourceName(), k, v, vars)));
        overrides.forEach((k, v) -> {
            if (v != null) {
                resolved.put(k, v);
            }
        });
        String type = resolved.getOrDefault("type", "javax.sql.DataSource");
        // what Tomcat hands a factory: a ResourceRef carrying factory and auth, and the resource's other
        // the attributes as properties (name, type, description and closeMethod are Tomcat's own)
        Reference ref = new ResourceRef(type, null, null, resolved.get("auth"), false,
                p.kind().factoryClass(), null);
        resolved.forEach((k, v) -> {
            if (!Set.of("name", "type", "description", "closeMethod", "auth", "factory").contains(k)) {
                ref.add(new StringRefAddr(k, v));
            }
        });
        ObjectFactory factory = p.kind().adapter().newObjectFactory();
        Object ds;
        try {
            ds = factory.getObjectInstance(ref, null, null, null);
        } catch (Exception e) {
            if (Redact.rootCause(e) instanceof NumberFormatException n) {
                throw new TestbedException("profile " + p.file() + ": " + notANumber(n, resolved) + " is no number "
                        + p.kind().adapter().displayName() + " reads (an int setting takes at most 2,147,483,647):"
                        + " fix the attribute", e);
            }
            String pw = vars.getOrDefault("poolbench.jdbc.password", "");
            String url = resolved.getOrDefault(p.kind().urlAttribute(), "?");
            String why = Redact.text(Redact.secret(Redact.rootMessage(e), Redact.urlPassword(url)), pw);
            throw new TestbedException("profile " + p.file() + ": " + p.kind().factoryClass() + " could not build the"
                    + " pool: " + why + "; check the attributes and that the database at " + Redact.url(url)
                    + " is reachable", e);
        }
        if (!(ds instanceof DataSource)) {
            throw new TestbedException("profile " + p.file() + ": " + p.kind().factoryClass() + " returned nothing for type '"
                    + type + "'; use type=\"javax.sql.DataSource\"");
        }
        return (DataSource) ds;
    }

    /**
     * @return the attributes whose value the factory could not read as a number, with that value, e.g. {@code
     *     maxTotal="99999999999"}; "a value" when no attribute other than a password holds it
     */
    private static String notANumber(NumberFormatException n, Map<String, String> resolved) {
        Matcher m = Pattern.compile("For input string: \"([^\"]*)\"")
                .matcher(String.valueOf(n.getMessage()));
        if (m.find()) {
            List<String> names = resolved.entrySet().stream().filter(a -> !a.getKey().toLowerCase(
                    Locale.ROOT).contains("password") && a.getValue().trim().equals(m.group(1)))
                    .map(a -> a.getKey() + "=\"" + a.getValue() + "\"").toList();
            if (!names.isEmpty()) {
                return String.join(", ", names);
            }
        }
        return "a value";
    }
}
