package io.poolbench.testbed;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.naming.Reference;
import javax.naming.StringRefAddr;
import javax.naming.spi.ObjectFactory;
import javax.sql.DataSource;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.apache.naming.ResourceRef;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * A pool profile: one {@code <Resource>} of a Tomcat {@code context.xml}, the single source of truth for pool
 * settings. The webapp binds the file in JNDI through Tomcat; the benchmarks and drills call {@link #createDataSource}
 * which hands the very same attributes to the very same factory (the pool's own JNDI factory, or Tomcat's
 * {@code BeanFactory} for the pools that ship none: one per pool of the catalog, {@link PoolKind}, whose adapter in
 * {@code pool/} knows its vocabulary), so the settings measured and the settings served cannot drift apart.
 *
 * <p>Attribute values may use {@code ${name}} placeholders (Tomcat replaces them from system properties); the suite
 * sets {@code poolbench.jdbc.url}, {@code poolbench.jdbc.user} and {@code poolbench.jdbc.password}.
 *
 * <p>{@link #warnings()} names every attribute the factory ignores: HikariJNDIFactory drops unknown attributes
 * silently (a DBCP-style {@code maxTotal} on a Hikari resource does nothing), DBCP2 ignores DBCP 1 names
 * ({@code maxActive}, {@code maxWait}, ...) with only a log line (both verified in the factories' sources).
 */
public final class PoolProfile {
    /** Attributes Tomcat itself reads from a {@code <Resource>}; no factory needs to know them. */
    public static final Set<String> TOMCAT_ATTRIBUTES =
            Set.of("name", "auth", "type", "factory", "description", "scope", "singleton", "closeMethod");
    /** JNDI name used by the shipped profiles and looked up by the webapp under {@code java:comp/env/}. */
    public static final String DEFAULT_RESOURCE = "jdbc/poolbench";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}:]+)(?::-([^}]*))?}");

    private final Path file;
    private final String resourceName;
    private final PoolKind kind;
    private final Map<String, String> attributes;
    private final List<String> warnings;

    private PoolProfile(Path file, String resourceName, PoolKind kind, Map<String, String> attributes) {
        this.file = file;
        this.resourceName = resourceName;
        this.kind = kind;
        this.attributes = Collections.unmodifiableMap(attributes);
        this.warnings = List.copyOf(computeWarnings());
    }

    /**
     * Finds a profile file from a name or a path: an existing file is used as is; otherwise {@code NAME.xml} in the
     * profile directory.
     *
     * @param nameOrPath e.g. {@code hikari} or {@code webapp/conf/dbcp2.xml}
     * @param confDir the profile directory (normally {@code webapp/conf})
     * @return the file
     * @throws TestbedException naming the value and the available profiles when nothing matches
     */
    public static Path locate(String nameOrPath, Path confDir) {
        Path direct = Path.of(nameOrPath);
        if (Files.isRegularFile(direct)) {
            return direct;
        }
        if (nameOrPath.contains("/") || nameOrPath.contains("\\")) {
            throw new TestbedException("profile file " + nameOrPath + " does not exist: pass an existing context.xml"
                    + " or a profile name from " + confDir + " (" + String.join(", ", available(confDir)) + ")");
        }
        Path named = confDir.resolve(nameOrPath.endsWith(".xml") ? nameOrPath : nameOrPath + ".xml");
        if (Files.isRegularFile(named)) {
            return named;
        }
        throw new TestbedException("unknown profile '" + nameOrPath + "': no such file and no " + named
                + "; available in " + confDir + ": " + String.join(", ", available(confDir)));
    }

    /**
     * @param confDir profile directory
     * @return JDBC pool profile names (file names without {@code .xml}), sorted; R2DBC profiles (see
     *     {@link R2dbcProfile#isR2dbc}) are not listed; empty when the directory is missing
     */
    public static List<String> available(Path confDir) {
        if (!Files.isDirectory(confDir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(confDir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".xml") && !R2dbcProfile.isR2dbc(p))
                    .map(p -> p.getFileName().toString())
                    .map(n -> n.substring(0, n.length() - 4)).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            return List.of();
        }
    }

    /**
     * Loads the only {@code <Resource>} of the file.
     *
     * @param file a context.xml
     * @return the profile
     * @throws TestbedException for a missing or malformed file, no or several resources, or a factory that is not
     *     HikariJNDIFactory or BasicDataSourceFactory
     */
    public static PoolProfile load(Path file) {
        return load(file, null);
    }

    /**
     * Reads the attributes of one {@code <Resource>} of a context.xml (any type: also an R2DBC profile's).
     *
     * @param file a context.xml
     * @param resourceName the resource's {@code name}, or null for the only one
     * @return attribute → value as written, in document order
     * @throws TestbedException for a missing or malformed file, no such or several resources
     */
    static Map<String, String> readResource(Path file, String resourceName) {
        if (!Files.isRegularFile(file)) {
            throw new TestbedException("profile file " + file + " does not exist: pass a context.xml path or a name"
                    + " from webapp/conf (hikari, dbcp2, ...)");
        }
        Document doc;
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            DocumentBuilder b = f.newDocumentBuilder();
            b.setErrorHandler(null);
            try (InputStream in = Files.newInputStream(file)) {
                doc = b.parse(in, file.toUri().toString());
            }
        } catch (SAXException e) {
            throw new TestbedException("profile " + file + " is not well-formed XML: " + e.getMessage()
                    + "; fix the file (it must be a Tomcat context.xml)", e);
        } catch (IOException | ParserConfigurationException e) {
            throw new TestbedException("cannot read profile " + file + ": " + e.getMessage(), e);
        }
        NodeList list = doc.getElementsByTagName("Resource");
        List<Element> resources = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            resources.add((Element) list.item(i));
        }
        if (resources.isEmpty()) {
            throw new TestbedException("profile " + file + " has no <Resource> element: add one with"
                    + " factory=\"com.zaxxer.hikari.HikariJNDIFactory\" or"
                    + " factory=\"org.apache.commons.dbcp2.BasicDataSourceFactory\"");
        }
        Element chosen = null;
        String wanted = resourceName != null ? resourceName : DEFAULT_RESOURCE;
        for (Element r : resources) {
            if (wanted.equals(r.getAttribute("name"))) {
                chosen = r;
            }
        }
        if (resourceName == null && resources.size() > 1) {
            throw new TestbedException("profile " + file + " has " + resources.size() + " <Resource> elements ("
                    + resources.stream().map(r -> r.getAttribute("name")).collect(Collectors.joining(", "))
                    + "): choose one with --resource NAME");
        }
        if (chosen == null && resourceName == null && resources.size() == 1) {
            chosen = resources.get(0);
        }
        if (chosen == null) {
            throw new TestbedException("profile " + file + " has no <Resource name=\"" + wanted + "\">; it has: "
                    + resources.stream().map(r -> r.getAttribute("name")).collect(Collectors.joining(", ")));
        }
        Map<String, String> attrs = new LinkedHashMap<>();
        NamedNodeMap nm = chosen.getAttributes();
        for (int i = 0; i < nm.getLength(); i++) {
            Node a = nm.item(i);
            attrs.put(a.getNodeName(), a.getNodeValue());
        }
        return attrs;
    }

    /**
     * Loads one {@code <Resource>} of a context.xml.
     *
     * @param file a context.xml
     * @param resourceName the resource's {@code name}, or null for the only one (a file with several needs a name)
     * @return the profile
     * @throws TestbedException see {@link #load(Path)}
     */
    public static PoolProfile load(Path file, String resourceName) {
        Map<String, String> attrs = readResource(file, resourceName);
        String name = attrs.getOrDefault("name", "");
        String factory = attrs.get("factory");
        if (R2dbcProfile.TYPE.equals(attrs.get("type"))) {
            throw new TestbedException("profile " + file + " is an R2DBC ConnectionFactory (r2dbc-pool), not a JDBC"
                    + " pool: only the webapp (--context-xml) and `./poolbench sweep concurrency` serve it; choose a"
                    + " JDBC profile here");
        }
        PoolKind kind = PoolKind.ofResource(factory, attrs.getOrDefault("type", "javax.sql.DataSource"));
        if (kind == null) {
            throw new TestbedException("profile " + file + ", Resource " + name + ": factory '" + factory
                    + "' with type '" + attrs.get("type") + "' is no pool of the catalog; use one of "
                    + Arrays.stream(PoolKind.values()).map(k -> k.factoryClass()).distinct()
                    .collect(Collectors.joining(", ")) + " (BeanFactory with type"
                    + " com.mchange.v2.c3p0.ComboPooledDataSource, org.postgresql.ds.PGSimpleDataSource or"
                    + " com.mysql.cj.jdbc.MysqlDataSource)");
        }
        return new PoolProfile(file, name, kind, attrs);
    }

    /**
     * Writes a copy of this profile's file in which one attribute of its {@code <Resource>} has another value (or is
     * added), with a comment saying so: one setting changed, everything else as written.
     *
     * @param attribute attribute name, in the pool's own vocabulary (see the adapter)
     * @param value new value
     * @param target the file to write (its directory must exist)
     * @return the changed profile, loaded from {@code target}
     * @throws TestbedException when the file cannot be read or written
     */
    public PoolProfile withAttribute(String attribute, String value, Path target) {
        rewrite(file, resourceName, attribute, value, target);
        return load(target, resourceName);
    }

    /**
     * Writes a copy of a context.xml with one attribute of one {@code <Resource>} changed or added, and a comment
     * saying so.
     *
     * @throws TestbedException when the file cannot be read or written, or has no such resource
     */
    static void rewrite(Path file, String resourceName, String attribute, String value, Path target) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document doc;
            try (InputStream in = Files.newInputStream(file)) {
                doc = f.newDocumentBuilder().parse(in);
            }
            NodeList list = doc.getElementsByTagName("Resource");
            Element chosen = null;
            for (int i = 0; i < list.getLength(); i++) {
                Element e = (Element) list.item(i);
                if (resourceName.equals(e.getAttribute("name"))) {
                    chosen = e;
                }
            }
            if (chosen == null) {
                throw new TestbedException("profile " + file + " has no <Resource name=\"" + resourceName + "\">");
            }
            chosen.setAttribute(attribute, value);
            doc.insertBefore(doc.createComment(" poolbench: " + file.getFileName() + " with one setting changed: "
                    + attribute + "=\"" + value + "\" "), doc.getDocumentElement());
            TransformerFactory tf = TransformerFactory.newInstance();
            tf.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            try (OutputStream out = Files.newOutputStream(target)) {
                tf.newTransformer().transform(new DOMSource(doc),
                        new StreamResult(out));
            }
        } catch (IOException | SAXException | ParserConfigurationException
                | TransformerException e) {
            throw new TestbedException("cannot write " + target + " (" + file.getFileName() + " with " + attribute
                    + "=" + value + "): " + e.getMessage(), e);
        }
    }

    /** @return the file this profile came from */
    public Path file() {
        return file;
    }

    /** @return the profile name: the file name without {@code .xml} */
    public String name() {
        String n = file.getFileName().toString();
        return n.endsWith(".xml") ? n.substring(0, n.length() - 4) : n;
    }

    /** @return the resource's JNDI name, e.g. {@code jdbc/poolbench} */
    public String resourceName() {
        return resourceName;
    }

    /** @return which pool the factory builds */
    public PoolKind kind() {
        return kind;
    }

    /** @return the resource's attributes as written (placeholders unresolved), in document order */
    public Map<String, String> attributes() {
        return attributes;
    }

    /**
     * @return one line per attribute the factory ignores, naming file, resource and attribute (empty when none)
     */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * The pool settings for reports: every attribute except Tomcat's own and anything that looks like a password,
     * placeholders unresolved.
     *
     * @return attribute → value
     */
    public Map<String, String> settingsForReport() {
        Map<String, String> out = new LinkedHashMap<>();
        attributes.forEach((k, v) -> {
            if (!TOMCAT_ATTRIBUTES.contains(k)) {
                out.put(k, k.toLowerCase().contains("password") ? "***" : v);
            }
        });
        return out;
    }

    /**
     * The attributes with {@code ${name}} / {@code ${name:-default}} placeholders resolved from {@code vars}, then
     * from system properties (as Tomcat resolves them).
     *
     * @param vars values for placeholders, e.g. {@code poolbench.jdbc.url}
     * @return resolved attributes
     * @throws TestbedException naming the file and the placeholder when one has no value
     */
    public Map<String, String> resolvedAttributes(Map<String, String> vars) {
        Map<String, String> out = new LinkedHashMap<>();
        attributes.forEach((k, v) -> out.put(k, resolve(k, v, vars)));
        return out;
    }

    private String resolve(String attr, String value, Map<String, String> vars) {
        return resolve(file, resourceName, attr, value, vars);
    }

    /**
     * Resolves {@code ${name}} / {@code ${name:-default}} placeholders from {@code vars}, then system properties.
     *
     * @throws TestbedException naming the file, resource and placeholder when one has no value
     */
    static String resolve(Path file, String resourceName, String attr, String value, Map<String, String> vars) {
        Matcher m = PLACEHOLDER.matcher(value);
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
                        + " poolbench.jdbc.user, poolbench.jdbc.password)");
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(v));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /**
     * Checks every attribute value the way the factory will read it, without building a pool or connecting, so
     * that a bad value is one line naming the attribute before anything starts: numbers that do not parse, values
     * the pool's setters reject (HikariCP {@code maximumPoolSize="-1"}), a driver class that is not on the class
     * path or does not accept the URL, a placeholder nobody sets.
     *
     * @param varsSetLater placeholders the caller will set when the database is known (e.g.
     *     {@code poolbench.jdbc.url}); attributes that use them are checked then, by the factory itself
     * @throws TestbedException naming file, resource, attribute and what to do
     */
    public void check(Set<String> varsSetLater) {
        check(Map.of(), varsSetLater);
    }

    /**
     * {@link #check(Set)} with some placeholder values known, e.g. a URL of the database's kind, so that a driver
     * class for another database is caught before the pool is built.
     *
     * @param vars placeholder values known now (take precedence over {@code varsSetLater})
     * @param varsSetLater placeholders set later; attributes using them are not checked here
     * @throws TestbedException see {@link #check(Set)}
     */
    public void check(Map<String, String> vars, Set<String> varsSetLater) {
        Map<String, String> known = new LinkedHashMap<>();
        for (Map.Entry<String, String> a : attributes.entrySet()) {
            Matcher m = PLACEHOLDER.matcher(a.getValue());
            boolean later = false;
            while (m.find()) {
                if (vars.containsKey(m.group(1))) {
                    continue;
                }
                if (varsSetLater.contains(m.group(1))) {
                    later = true;
                } else if (System.getProperty(m.group(1)) == null && m.group(2) == null) {
                    throw new TestbedException("profile " + file + ", Resource " + resourceName + ", attribute "
                            + a.getKey() + ": placeholder ${" + m.group(1) + "} has no value here; this command"
                            + " sets " + (varsSetLater.isEmpty() ? "none" : String.join(", ", new TreeSet<>(varsSetLater)))
                            + (m.group(1).startsWith("poolbench.mysql.") ? " (the poolbench.mysql.* ones with"
                            + " --db mysql, for a MySQL profile)" : "") + ", or -D" + m.group(1) + "=VALUE");
                }
            }
            if (!later && !TOMCAT_ATTRIBUTES.contains(a.getKey())) {
                known.put(a.getKey(), resolve(a.getKey(), a.getValue(), vars));
            }
        }
        for (Map.Entry<String, String> a : known.entrySet()) {
            String problem = kind.adapter().valueProblem(a.getKey(), a.getValue());
            if (problem != null) {
                throw new TestbedException("profile " + file + ", Resource " + resourceName + ", attribute "
                        + a.getKey() + "=\"" + a.getValue() + "\": " + problem + "; fix the value");
            }
        }
        String driver = known.get("driverClassName");
        if (driver != null) {
            Driver d;
            try {
                d = (Driver) Class.forName(driver).getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
                throw new TestbedException("profile " + file + ", Resource " + resourceName + ", attribute"
                        + " driverClassName=\"" + driver + "\": no such JDBC driver on the class path; fix the name"
                        + " or leave the attribute out (the URL selects the driver)");
            }
            String url = known.get(kind.urlAttribute());
            try {
                if (url != null && !d.acceptsURL(url)) {
                    throw new TestbedException("profile " + file + ", Resource " + resourceName + ": driverClassName "
                            + driver + " does not accept the URL " + Redact.url(url) + " (a driver for another"
                            + " database); fix one of them or leave driverClassName out");
                }
            } catch (SQLException e) {
                // the driver could not judge the URL; the pool will say more when it connects
            }
        }
    }

    /**
     * Dialect of the profile's JDBC URL as written, when the URL fixes it.
     *
     * @return e.g. {@code mysql} or {@code postgresql}; null when the URL is a placeholder such as
     *     {@code ${poolbench.jdbc.url}} or missing
     */
    public String urlScheme() {
        return PoolKind.scheme(attributes.get(kind.urlAttribute()));
    }

    /**
     * Builds the pool exactly as Tomcat would: a {@link Reference} of the resource's type carrying every attribute
     * as a {@link StringRefAddr}, handed to the profile's factory.
     *
     * @param vars placeholder values (see {@link #resolvedAttributes(Map)})
     * @return the pool ({@code HikariDataSource} or {@code BasicDataSource}); close it with {@link #close(DataSource)}
     * @throws TestbedException when the factory rejects the settings or cannot reach the database (one line, no
     *     password)
     */
    public DataSource createDataSource(Map<String, String> vars) {
        return createDataSource(vars, Map.of());
    }

    /**
     * Builds the pool with some attributes replaced (after placeholder resolution), e.g. the JDBC URL and driver
     * class when a benchmark points a profile at the stub driver, or the pool size of a contention sweep; every
     * other setting stays the profile's.
     *
     * @param vars placeholder values
     * @param overrides attribute → value; a null value removes the attribute
     * @return the pool
     * @throws TestbedException see {@link #createDataSource(Map)}
     */
    public DataSource createDataSource(Map<String, String> vars, Map<String, String> overrides) {
        Map<String, String> resolved = new LinkedHashMap<>();
        Map<String, String> withoutOverridden = new LinkedHashMap<>(attributes);
        withoutOverridden.keySet().removeAll(overrides.keySet());
        withoutOverridden.forEach((k, v) -> resolved.put(k, resolve(k, v, vars)));
        overrides.forEach((k, v) -> {
            if (v != null) {
                resolved.put(k, v);
            }
        });
        String type = resolved.getOrDefault("type", "javax.sql.DataSource");
        // what Tomcat hands a factory: a ResourceRef carrying factory and auth, and the resource's other
        // attributes as properties (name, type, description and closeMethod are Tomcat's own)
        Reference ref = new ResourceRef(type, null, null, resolved.get("auth"), false,
                kind.factoryClass(), null);
        resolved.forEach((k, v) -> {
            if (!Set.of("name", "type", "description", "closeMethod", "auth", "factory").contains(k)) {
                ref.add(new StringRefAddr(k, v));
            }
        });
        ObjectFactory factory = kind.adapter().newObjectFactory();
        Object ds;
        try {
            ds = factory.getObjectInstance(ref, null, null, null);
        } catch (Exception e) {
            String pw = vars.getOrDefault("poolbench.jdbc.password", "");
            throw new TestbedException("profile " + file + ": " + kind.factoryClass() + " could not build the pool: "
                    + Redact.secret(Redact.rootMessage(e), pw)
                    + "; check the attributes and that the database at " + Redact.url(jdbcUrl(resolved))
                    + " is reachable", e);
        }
        if (!(ds instanceof DataSource)) {
            throw new TestbedException("profile " + file + ": " + kind.factoryClass() + " returned nothing for type '"
                    + type + "'; use type=\"javax.sql.DataSource\"");
        }
        return (DataSource) ds;
    }

    /** @return the JDBC URL attribute of the resolved attributes (jdbcUrl for Hikari, url for DBCP2) */
    private String jdbcUrl(Map<String, String> resolved) {
        return resolved.getOrDefault(kind.urlAttribute(), "?");
    }


    /**
     * Closes a pool built by {@link #createDataSource(Map)}; never throws.
     *
     * @param ds the pool, may be null
     */
    public static void close(DataSource ds) {
        if (ds == null) {
            return;
        }
        try {
            PoolKind.of(ds).adapter().close(ds);
        } catch (Exception ignored) {
            // closing is best effort
        }
    }

    private List<String> computeWarnings() {
        List<String> out = new ArrayList<>();
        Set<String> known = kind.adapter().knownAttributes();
        String where = "profile " + file + ", Resource " + resourceName + ": ";
        for (String a : attributes.keySet()) {
            if (TOMCAT_ATTRIBUTES.contains(a) || known.contains(a) || kind.adapter().passedOn(a)) {
                continue;
            }
            out.add(where + "attribute '" + a + "' " + kind.adapter().ignoredHow() + kind.adapter().hint(a));
        }
        return out;
    }

    /**
     * The attribute names a factory reads.
     *
     * @param kind the pool
     * @return the adapter's {@link io.poolbench.testbed.pool.PoolAdapter#knownAttributes()}
     */
    public static Set<String> knownAttributes(PoolKind kind) {
        return kind.adapter().knownAttributes();
    }

    /** @return what the pool does on each borrow with this profile's attributes (from its adapter) */
    public String borrowValidation() {
        return kind.adapter().borrowValidation(attributes);
    }
}
