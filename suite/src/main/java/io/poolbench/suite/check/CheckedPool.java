package io.poolbench.suite.check;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.fault.DriverTimeouts;
import io.poolbench.testbed.fault.PoolTimeouts;
import io.poolbench.testbed.pool.ArtifactOfClass;
import io.poolbench.testbed.pool.PoolAdapter;
import io.poolbench.testbed.pool.PoolKind;
import io.poolbench.testbed.profile.PoolLogCapture;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.StubPools;
import io.poolbench.testbed.spring.SpringContextXml;
import io.poolbench.testbed.spring.SpringDataSource;
import io.poolbench.testbed.stub.StubDriver;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.springframework.beans.BeanWrapperImpl;

/**
 * A user's pool as {@code poolbench check} reads it: built from its configuration (a context.xml through the pool's
 * JNDI factory, a Spring Boot file through Spring Boot itself) against the stub driver, started once so that the
 * pool validates its settings, and read back: the settings it runs with, the warnings it logged, its timeouts and the
 * driver's timeouts for the configured URL.
 *
 * @param name the profile's name, as the runs of {@code --measure} file it (the file's name without {@code .xml})
 * @param file the configuration file
 * @param source the file and, for a context.xml, the resource
 * @param input {@code context.xml} or {@code Spring Boot}
 * @param pool the pool's name
 * @param effective the settings read back from the started pool (passwords masked)
 * @param poolWarnings what the pool logged at WARN while it was built and started, in its own words
 * @param ignored settings the configuration names that nothing reads (unknown attributes, unbound Spring
 *     properties), one line each
 * @param timeouts the pool's timeouts
 * @param driver the driver's timeouts
 * @param poolJar the pool's jar and the version it names; null for no pool of its own (the driver alone)
 * @param driverJar the driver's jar and the version it names; null for a URL no driver of the catalog reads
 */
public record CheckedPool(String name, String file, String source, String input, String pool, Map<String, String> effective,
        List<String> poolWarnings, List<String> ignored, PoolTimeouts timeouts, DriverTimeouts driver, Jar poolJar,
        Jar driverJar) {
    /** What a context.xml's poolbench placeholders stand for in a check: a MySQL writer, as in the Aurora article. */
    static final Map<String, String> PLACEHOLDERS = Map.of("poolbench.jdbc.url",
            "jdbc:mysql://writer.example:3306/app", "poolbench.jdbc.user", "app", "poolbench.jdbc.password", "",
            "poolbench.mysql.endpoint", "writer.example:3306", "poolbench.mysql.database", "app");
    private static final String STUB_URL = "jdbc:stub:check";

    /**
     * The system property that names, comma-separated, the {@code groupId:artifactId} of the jars a service's own
     * build put first on the check's class path (set by poolbench's Maven plugin).
     */
    public static final String SERVICE_JARS_PROPERTY = "poolbench.check.serviceJars";

    /**
     * @return one line naming the pool and driver versions the check was built with: in a service's build
     *     ({@link #SERVICE_JARS_PROPERTY}) each jar as the service's or poolbench's own; else, for a Spring Boot
     *     file, the pool version and how to check the service's own (a Spring Boot service runs the pool version
     *     its Spring Boot manages, which may differ); null for a context.xml or a pool jar without a version
     */
    public String builtWith() {
        String service = System.getProperty(SERVICE_JARS_PROPERTY);
        if (service != null) {
            List<String> own = List.of(service.split(","));
            return "check: " + file + " was built with " + String.join(" and ", Stream.of(poolJar,
                    driverJar).filter(j -> j != null).map(j -> j.text() + (own.contains(j.coordinates())
                    ? " (the service's build)" : " (poolbench's own: the service's build has none)")).toList());
        }
        if (!"Spring Boot".equals(input) || poolJar == null || poolJar.version() == null) {
            return null;
        }
        return "check: " + file + " was built with " + pool + " " + poolJar.version() + ", poolbench's own; your"
                + " service runs the version its build resolves (Spring Boot manages it): find it with"
                + " `mvn dependency:tree -Dincludes=" + poolJar.coordinates() + "` and give it with --pool-version "
                + poolJar.version() + ",<yours>, or check in the service's build with poolbench-maven-plugin";
    }

    /**
     * @param p a context.xml profile
     * @return it, read
     * @throws TestbedException one line when the pool cannot be built or its URL not read
     */
    public static CheckedPool of(PoolProfile p) {
        PoolAdapter a = p.kind().adapter();
        String url = p.resolvedAttributes(PLACEHOLDERS).getOrDefault(p.kind().urlAttribute(), "");
        PoolLogCapture<DataSource> c = started(() -> StubPools.build(p, STUB_URL, Map.of()));
        DataSource ds = c.value();
        try {
            List<String> ignored = new ArrayList<>(p.warnings());
            ignored.addAll(a.traps(p.attributes()));
            return new CheckedPool(p.name(), p.file().toString(), p.file() + ", Resource " + p.resourceName(),
                    "context.xml", a.displayName(), new LinkedHashMap<>(a.effectiveSettings(ds)), c.warnings(),
                    ignored, a.timeouts(ds), DriverTimeouts.read(url, a.driverProperties(ds)), Jar.ofPool(p.kind(), ds),
                    Jar.ofDriver(url));
        } finally {
            PoolProfile.close(ds);
        }
    }

    /**
     * @param file {@code application.properties} / {@code .yml}
     * @param profiles Spring profiles to activate
     * @param sets properties given with {@code --set}
     * @return the service's pool, read
     * @throws TestbedException one line when Spring Boot cannot bind or build it, or the pool is not in the catalog
     */
    public static CheckedPool ofSpring(Path file, List<String> profiles, Map<String, String> sets) {
        SpringDataSource s = SpringDataSource.bind(file, profiles, sets);
        DataSource built = s.dataSource();
        PoolAdapter a = SpringContextXml.kindOf(s).adapter();
        // what the pool hands to the driver: HikariCP's data-source-properties, DBCP2's and Tomcat's
        // connection-properties, read from the built pool by its adapter
        DriverTimeouts driver = DriverTimeouts.read(s.url(), a.driverProperties(built));
        BeanWrapperImpl bean = new BeanWrapperImpl(built);
        StubDriver.register();
        bean.setPropertyValue(a.urlAttribute(), STUB_URL);
        bean.setPropertyValue(a.driverAttribute(), StubDriver.class.getName());
        PoolLogCapture<DataSource> c = started(() -> built);
        DataSource ds = c.value();
        try {
            List<String> ignored = s.notRead(a.displayName());
            Map<String, String> eff = new LinkedHashMap<>(a.effectiveSettings(ds));
            eff.put("JDBC URL", Redact.url(s.url()));
            return new CheckedPool(SpringContextXml.profileName(file), file.toString(), s.describeFiles(), "Spring Boot",
                    a.displayName(), eff, c.warnings(), ignored, a.timeouts(ds), driver,
                    Jar.ofPool(SpringContextXml.kindOf(s), ds), Jar.ofDriver(s.url()));
        } finally {
            PoolProfile.close(ds);
        }
    }

    /** Builds and starts the pool (one borrow and return on the stub) while its log is caught. */
    private static PoolLogCapture<DataSource> started(Callable<DataSource> build) {
        try {
            return PoolLogCapture.during(() -> {
                DataSource ds = build.call();
                try (Connection ignored = ds.getConnection()) {
                    return ds;
                }
            });
        } catch (TestbedException e) {
            throw e;
        } catch (Exception e) {
            throw new TestbedException("the pool cannot be built: " + e.getMessage());
        }
    }

    /**
     * A jar a check read: the pool's or the driver's, with the version it names ({@link ArtifactOfClass#versionOf}),
     * so that a check says which versions its settings and predictions are of.
     *
     * @param coordinates Maven's {@code groupId:artifactId}
     * @param version the version the jar names; null when it names none
     */
    public record Jar(String coordinates, String version) {
        static Jar ofPool(PoolKind kind, DataSource ds) {
            return kind.mavenArtifact() == null ? null : new Jar(kind.mavenArtifact(),
                    ArtifactOfClass.versionOf(ds.getClass(), kind.mavenArtifact()));
        }

        static Jar ofDriver(String url) {
            DriverTimeouts.DriverJar d = DriverTimeouts.driverJar(url);
            if (d == null) {
                return null;
            }
            String own = d.ownVersion();
            return new Jar(d.coordinates(), own != null ? own : ArtifactOfClass.versionOf(d.driverClass(),
                    d.coordinates()));
        }

        /** @return e.g. {@code com.zaxxer:HikariCP 7.0.2} */
        public String text() {
            return coordinates + " " + (version == null ? "(its jar names no version)" : version);
        }
    }
}
