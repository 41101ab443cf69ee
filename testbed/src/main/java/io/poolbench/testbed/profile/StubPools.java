package io.poolbench.testbed.profile;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.stub.StubDriver;
import java.util.HashMap;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Builds a profile's pool against the stub driver: every setting is the profile's except the JDBC URL and driver
 * class, which point at {@link StubDriver}; no database is needed (pool-bench measures borrow/return this way, and
 * {@code poolbench plan} reads a pool's effective settings).
 */
public final class StubPools {
    private StubPools() {
    }

    /**
     * @param p the profile
     * @param stubUrl {@code jdbc:stub:...} URL with optional delays
     * @param overrides further attribute overrides (e.g. the size attributes), may be empty
     * @return the pool; close it with {@link PoolProfile#close}
     * @throws TestbedException when the profile is the driver's own DataSource (no pool to put on the stub)
     */
    public static DataSource build(PoolProfile p, String stubUrl, Map<String, String> overrides) {
        StubDriver.register();
        Map<String, String> o = p.throughDriver(overrides, stubUrl, StubDriver.class.getName(),
                "it cannot run on the stub driver");
        Map<String, String> vars = new HashMap<>();
        ProfileVariables.ALL_VARS.forEach(v -> vars.put(v, "stub"));
        vars.put("poolbench.jdbc.url", stubUrl);
        vars.put("poolbench.jdbc.password", "");
        return p.createDataSource(vars, o);
    }
}
