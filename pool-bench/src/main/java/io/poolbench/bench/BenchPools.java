package io.poolbench.bench;

import io.poolbench.bench.stub.StubDriver;
import io.poolbench.testbed.PoolProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Builds the pool a benchmark measures from a shared context.xml profile, pointed at the stub driver. Profiles are
 * found by name in the directory of system property {@code poolbench.conf}, else {@code webapp/conf} or
 * {@code ../webapp/conf} relative to the working directory; a path to any context.xml also works.
 */
public final class BenchPools {
    private BenchPools() {
    }

    /** @return the profile directory (see class comment) */
    public static Path confDir() {
        String p = System.getProperty("poolbench.conf");
        if (p != null) {
            return Path.of(p);
        }
        for (String c : new String[] {"webapp/conf", "../webapp/conf"}) {
            if (Files.isDirectory(Path.of(c))) {
                return Path.of(c);
            }
        }
        return Path.of("webapp/conf");
    }

    /**
     * Loads a profile and builds its pool against {@code stubUrl}; prints the profile's warnings to stderr.
     *
     * @param profile profile name or path
     * @param stubUrl {@code jdbc:stub:...} URL with optional delays
     * @return the pool
     */
    public static DataSource stubPool(String profile, String stubUrl) {
        StubDriver.register();
        PoolProfile p = PoolProfile.load(PoolProfile.locate(profile, confDir()));
        p.warnings().forEach(w -> System.err.println("WARNING " + w));
        return p.createDataSource(Map.of("poolbench.jdbc.url", stubUrl, "poolbench.jdbc.user", "stub",
                "poolbench.jdbc.password", ""));
    }
}
