package io.poolbench.testbed.profile;

import io.poolbench.testbed.TestbedException;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ${name}} and {@code ${name:-default}} placeholders in a profile's attribute values, resolved as Tomcat
 * resolves them: from the caller's values (the suite's {@code poolbench.jdbc.url} and friends), then system
 * properties, then the default.
 */
final class Placeholders {
    /** A placeholder: group 1 the name, group 2 the default (or null). */
    static final Pattern PATTERN = Pattern.compile("\\$\\{([^}:]+)(?::-([^}]*))?}");

    private Placeholders() {
    }

    /**
     * Resolves {@code ${name}} / {@code ${name:-default}} placeholders from {@code vars}, then system properties.
     *
     * @throws TestbedException naming the file, resource and placeholder when one has no value
     */
    static String resolve(Path file, String resourceName, String attr, String value, Map<String, String> vars) {
        Matcher m = PATTERN.matcher(value);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String key = m.group(1);
            String v = vars.get(key);
            if (v == null) {
                v = System.getProperty(key);
            }
            if (v == null) {
                v = m.group(2);
            }
            if (v == null) {
                throw new TestbedException("profile " + file + ", Resource " + resourceName + ", attribute " + attr
                        + ": placeholder ${" + key + "} has no value; set it (the suite sets poolbench.jdbc.url,"
                        + " poolbench.jdbc.user, poolbench.jdbc.password; the drills and the Aurora scenario also each"
                        + " instance's poolbench.mysql.host.a and .b)");
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(v));
        }
        m.appendTail(sb);
        return sb.toString();
    }
}
