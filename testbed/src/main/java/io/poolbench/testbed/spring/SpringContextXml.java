package io.poolbench.testbed.spring;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.pool.PoolAdapter;
import io.poolbench.testbed.pool.PoolKind;
import io.poolbench.testbed.process.StaleTempDirs;
import io.poolbench.testbed.profile.PoolProfile;
import java.beans.PropertyDescriptor;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import javax.sql.DataSource;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.springframework.beans.BeanUtils;
import org.springframework.beans.BeanWrapperImpl;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * A Spring Boot service's pool as a context.xml for the stand-in's webapp ({@code check --measure}): the pool Spring
 * Boot bound, not started, its every simple JavaBean property written as an attribute of the pool's own JNDI factory
 * (read with Spring's {@link BeanWrapperImpl}, not listed by hand), the driver properties as {@code dataSource.*}, and
 * the URL pointed at the stand-in's writer endpoint with the service's own URL parameters. The factory then builds
 * the same pool; an attribute it does not read is reported by it when the file is loaded, as for any context.xml.
 */
public final class SpringContextXml {
    /** Properties of the DataSource interface itself, and the ones the stand-in sets. */
    private static final Set<String> LEFT_OUT = Set.of("loginTimeout", "logWriter", "password", "username", "user",
            "jdbcUrl", "url");

    private SpringContextXml() {
    }

    /**
     * @param s a DataSource Spring Boot bound
     * @return its pool kind
     * @throws TestbedException one line when it is no pool of the catalog
     */
    public static PoolKind kindOf(SpringDataSource s) {
        for (PoolKind k : PoolKind.values()) {
            if (k != PoolKind.UNPOOLED && k.adapter().builds(s.dataSource())) {
                return k;
            }
        }
        throw new TestbedException(s.file() + ": spring.datasource.type " + s.dataSource().getClass().getName()
                + " is no pool of poolbench's catalog (HikariCP, Tomcat JDBC, DBCP2, c3p0, Vibur, …)");
    }

    /**
     * @param file the Spring Boot file
     * @return the name its profile gets in the runs, e.g. {@code spring-application}
     */
    public static String profileName(Path file) {
        String n = file.getFileName().toString();
        return "spring-" + n.substring(0, n.lastIndexOf('.'));
    }

    /**
     * @param s the bound pool, not started
     * @param kind its pool kind
     * @param dir where the file goes
     * @return the written context.xml, loaded as a profile
     * @throws TestbedException one line when the pool's URL is not a MySQL one (the stand-in is MariaDB) or the file
     *     cannot be written
     */
    public static PoolProfile write(SpringDataSource s, PoolKind kind, Path dir) {
        return write(s, kind, dir, true);
    }

    /**
     * A Spring Boot file's pool as a profile: the pool Spring Boot bound, written as a context.xml into a temporary
     * directory removed when the JVM exits. Closes the bound pool (never started).
     *
     * @param s the pool Spring Boot bound ({@link SpringDataSource#bind})
     * @param forMeasurement true when the webapp will run it against the stand-in (a MySQL URL only)
     * @return the profile
     * @throws TestbedException one line when it is no pool of the catalog, its URL is not MySQL where it will be
     *     measured, or the file cannot be written
     */
    public static PoolProfile read(SpringDataSource s, boolean forMeasurement) {
        Path file = s.file();
        Path dir = null;
        try {
            dir = StaleTempDirs.create(StaleTempDirs.SPRING_PREFIX);
            dir.toFile().deleteOnExit();
            PoolProfile p = write(s, kindOf(s), dir, forMeasurement);
            p.file().toFile().deleteOnExit();
            return p;
        } catch (IOException e) {
            throw new TestbedException("cannot write the pool of " + file + " as a context.xml (" + e.getMessage()
                    + "): check the temporary directory");
        } catch (RuntimeException e) {
            removeQuietly(dir); // a refusal leaves no directory behind
            throw e;
        } finally {
            PoolProfile.close(s.dataSource());
        }
    }

    private static void removeQuietly(Path dir) {
        if (dir != null) {
            try {
                Cli.deleteTree(dir);
            } catch (IOException e) {
                // the next command's sweep of StaleTempDirs removes it
            }
        }
    }

    /**
     * The bound pool as a context.xml for reading only ({@code plan}): built on the stub driver, its URL does not
     * matter, so a pool of any database is written (with the stand-in's MySQL placeholders).
     *
     * @param s the bound pool, not started
     * @param kind its pool kind
     * @param dir where the file goes
     * @return the written context.xml, loaded as a profile
     * @throws TestbedException one line when the file cannot be written
     */
    public static PoolProfile forReading(SpringDataSource s, PoolKind kind, Path dir) {
        return write(s, kind, dir, false);
    }

    private static PoolProfile write(SpringDataSource s, PoolKind kind, Path dir, boolean measured) {
        String url = s.url();
        String scheme = PoolKind.scheme(url);
        if (measured && !"mysql".equals(scheme) && !"mariadb".equals(scheme)) {
            throw new TestbedException(s.file() + ": the URL is " + scheme + ", and a measurement runs on a"
                    + " MySQL-compatible stand-in only: leave out the measurement (check and plan predict without"
                    + " one)");
        }
        int q = url.indexOf('?');
        String prefix = url.startsWith("jdbc:aws-wrapper:") ? "jdbc:aws-wrapper:mysql://" : "jdbc:mysql://";
        PoolAdapter a = kind.adapter();
        Map<String, String> attrs = new LinkedHashMap<>();
        attrs.put("name", PoolProfile.DEFAULT_RESOURCE);
        attrs.put("auth", "Container");
        attrs.put("type", "javax.sql.DataSource");
        attrs.put("factory", kind.factoryClass());
        // the service's URL parameters, but its credentials: the stand-in's own are placeholders
        String params = q < 0 ? "" : String.join("&", java.util.Arrays.stream(url.substring(q + 1).split("&"))
                .filter(kv -> !kv.toLowerCase(java.util.Locale.ROOT).matches("(user|password)=.*")).toList());
        attrs.put(a.urlAttribute(), prefix + "${poolbench.mysql.endpoint}/${poolbench.mysql.database}"
                + (params.isEmpty() ? "" : "?" + params));
        attrs.put(a.userAttribute(), "${poolbench.jdbc.user}");
        attrs.put("password", "${poolbench.jdbc.password}");
        DataSource ds = s.dataSource();
        BeanWrapperImpl bean = new BeanWrapperImpl(ds);
        // what the pool's class has before anything is set: a value equal to it is the pool's own default and is left
        // out (HikariCP's unset minimumIdle reads -1, which its JNDI factory refuses as a setting)
        BeanWrapperImpl fresh = new BeanWrapperImpl(BeanUtils.instantiateClass(ds.getClass()));
        for (PropertyDescriptor pd : bean.getPropertyDescriptors()) {
            String n = pd.getName();
            if (pd.getReadMethod() == null || pd.getWriteMethod() == null || LEFT_OUT.contains(n)
                    || !BeanUtils.isSimpleValueType(pd.getPropertyType()) || pd.getPropertyType() == Class.class) {
                continue;
            }
            Object v = bean.getPropertyValue(n);
            if (v != null && !v.equals(fresh.isReadableProperty(n) ? fresh.getPropertyValue(n) : null)) {
                attrs.putIfAbsent(n, v.toString());
            }
        }
        // the driver properties (HikariCP's data-source-properties, DBCP2's and Tomcat's connection-properties) in
        // the attribute the pool's own factory reads them from
        attrs.putAll(a.driverPropertyAttributes(a.driverProperties(ds)));
        Path file = dir.resolve(profileName(s.file()) + ".xml");
        try {
            Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
            Element ctx = doc.createElement("Context");
            doc.appendChild(ctx);
            Element res = doc.createElement("Resource");
            attrs.forEach(res::setAttribute);
            ctx.appendChild(res);
            var t = TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(OutputKeys.INDENT, "yes");
            t.transform(new DOMSource(doc), new StreamResult(file.toFile()));
        } catch (Exception e) {
            throw new TestbedException(file + ": cannot write it (" + e.getMessage() + ")");
        }
        return PoolProfile.load(file);
    }
}
