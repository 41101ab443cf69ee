package io.poolbench.bench;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.pool.PoolKind;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileDir;
import io.poolbench.testbed.profile.StubPools;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Builds the pool a benchmark measures from a shared context.xml profile, pointed at the stub driver: every
 * setting is the profile's except the JDBC URL and driver class (replaced by the stub's) and, when a pool size is
 * given, the size (HikariCP maximumPoolSize = minimumIdle; DBCP2 maxTotal = maxIdle = minIdle = initialSize).
 * Profiles are found by name as {@link ProfileDir} says (system property {@code poolbench.conf}, {@code webapp/conf}
 * or {@code ../webapp/conf}, else the copy packaged in the jar); a path to any context.xml also works.
 */
public final class BenchPools {
    private BenchPools() {
    }

    /** @return the profile directory (see class comment and {@link ProfileDir}) */
    public static Path confDir() {
        return ProfileDir.resolve(null);
    }

    /**
     * @param profile profile name or path
     * @return the loaded profile; its warnings are printed to stderr
     */
    public static PoolProfile profile(String profile) {
        PoolProfile p = PoolProfile.load(ProfileDir.locate(profile, confDir()));
        p.warnings().forEach(w -> System.err.println("WARNING " + w));
        return p;
    }

    /**
     * Loads a profile and builds its pool against the stub driver.
     *
     * @param profile profile name or path
     * @param stubUrl {@code jdbc:stub:...} URL with optional delays
     * @param poolSize pool size, or 0 to keep the profile's
     * @return the pool
     */
    public static DataSource stubPool(String profile, String stubUrl, int poolSize) {
        PoolProfile p = profile(profile);
        try {
            return StubPools.build(p, stubUrl, sizeOverrides(p.kind(), poolSize));
        } catch (TestbedException e) {
            throw new TestbedException(e.getMessage() + "; measure it against a database (-p db=postgres)", e);
        }
    }

    /**
     * Loads a profile and builds its pool against a database: the profile's every setting, its placeholders
     * ({@code ${poolbench.jdbc.url}} and the like) filled from {@code vars}, and the size when one is given.
     *
     * @param profile profile name or path
     * @param vars the database's placeholder values (URL, user, password, database name)
     * @param poolSize pool size, or 0 to keep the profile's
     * @return the pool, not yet connected; the caller closes it ({@link PoolProfile#close})
     */
    public static DataSource databasePool(String profile, Map<String, String> vars, int poolSize) {
        PoolProfile p = profile(profile);
        return p.createDataSource(vars, sizeOverrides(p.kind(), poolSize));
    }

    /**
     * The attributes that set a fixed pool size (the adapter's sizeAttributes, e.g. HikariCP maximumPoolSize =
     * minimumIdle; DBCP2 maxTotal = maxIdle = minIdle = initialSize).
     *
     * @param kind the pool
     * @param poolSize size, or 0 for none (keep the profile's)
     * @return a mutable map of attribute overrides
     */
    static Map<String, String> sizeOverrides(PoolKind kind, int poolSize) {
        Map<String, String> o = new HashMap<>();
        if (poolSize > 0) {
            for (String k : kind.adapter().sizeAttributes()) {
                o.put(k, Integer.toString(poolSize));
            }
        }
        return o;
    }

    /**
     * Loads a profile and builds its pool against the stub driver with the profile's own size.
     *
     * @param profile profile name or path
     * @param stubUrl stub URL
     * @return the pool
     */
    public static DataSource stubPool(String profile, String stubUrl) {
        return stubPool(profile, stubUrl, 0);
    }
}
