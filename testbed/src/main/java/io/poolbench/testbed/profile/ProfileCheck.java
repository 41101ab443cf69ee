package io.poolbench.testbed.profile;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;

/**
 * Checks a profile's attribute values the way its factory will read them, without building a pool or connecting
 * (see {@link PoolProfile#check(Map, Set)}): a bad value is one line naming file, resource and attribute before
 * anything starts.
 */
final class ProfileCheck {
    private ProfileCheck() {
    }

    /**
     * @param p the profile
     * @param vars placeholder values known now
     * @param varsSetLater placeholders set later; attributes using them are not checked here
     * @throws TestbedException naming file, resource, attribute and what to do
     */
    static void check(PoolProfile p, Map<String, String> vars, Set<String> varsSetLater) {
        Map<String, String> known = new LinkedHashMap<>();
        for (Map.Entry<String, String> a : p.attributes().entrySet()) {
            Matcher m = Placeholders.PATTERN.matcher(a.getValue());
            boolean later = false;
            while (m.find()) {
                if (vars.containsKey(m.group(1))) {
                    continue;
                }
                if (varsSetLater.contains(m.group(1))) {
                    later = true;
                } else if (System.getProperty(m.group(1)) == null && m.group(2) == null) {
                    throw new TestbedException("profile " + p.file() + ", Resource " + p.resourceName() + ", attribute "
                            + a.getKey() + ": placeholder ${" + m.group(1) + "} has no value here; this command"
                            + " sets " + (varsSetLater.isEmpty() ? "none" : String.join(", ", new TreeSet<>(varsSetLater)))
                            + (m.group(1).startsWith("poolbench.mysql.") ? " (the poolbench.mysql.* ones with"
                            + " --db mysql, for a MySQL profile)" : "") + ", or -D" + m.group(1) + "=VALUE");
                }
            }
            if (!later && !PoolProfile.TOMCAT_ATTRIBUTES.contains(a.getKey())) {
                known.put(a.getKey(), Placeholders.resolve(p.file(), p.resourceName(), a.getKey(), a.getValue(), vars));
            }
        }
        for (Map.Entry<String, String> a : known.entrySet()) {
            String problem = p.kind().adapter().valueProblem(a.getKey(), a.getValue());
            if (problem != null) {
                throw new TestbedException("profile " + p.file() + ", Resource " + p.resourceName() + ", attribute "
                        + a.getKey() + "=\"" + a.getValue() + "\": " + problem + "; fix the value");
            }
        }
        String driver = known.get("driverClassName");
        if (driver != null) {
            Driver d;
            try {
                d = (Driver) Class.forName(driver).getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
                throw new TestbedException("profile " + p.file() + ", Resource " + p.resourceName() + ", attribute"
                        + " driverClassName=\"" + driver + "\": no such JDBC driver on the class path; fix the name"
                        + " or leave the attribute out (the URL selects the driver)");
            }
            String url = known.get(p.kind().urlAttribute());
            try {
                if (url != null && !d.acceptsURL(url)) {
                    throw new TestbedException("profile " + p.file() + ", Resource " + p.resourceName() + ": driverClassName "
                            + driver + " does not accept the URL " + Redact.url(url) + " (a driver for another"
                            + " database); fix one of them or leave driverClassName out");
                }
            } catch (SQLException e) {
                // the driver could not judge the URL; the pool will say more when it connects
            }
        }
    }

    /**
     * @param p a profile
     * @return one warning per attribute its factory ignores, naming file, resource, attribute and the right name
     */
    static List<String> warnings(PoolProfile p) {
        List<String> out = new ArrayList<>();
        Set<String> known = p.kind().adapter().knownAttributes();
        String where = "profile " + p.file() + ", Resource " + p.resourceName() + ": ";
        for (String a : p.attributes().keySet()) {
            if (PoolProfile.TOMCAT_ATTRIBUTES.contains(a) || known.contains(a) || p.kind().adapter().passedOn(a)) {
                continue;
            }
            out.add(where + "attribute '" + a + "' " + p.kind().adapter().ignoredHow() + p.kind().adapter().hint(a));
        }
        return out;
    }
}
