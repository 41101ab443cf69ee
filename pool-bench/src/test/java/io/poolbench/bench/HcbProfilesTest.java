package io.poolbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileDir;
import java.sql.Connection;
import javax.sql.DataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * The profiles that configure each pool as HikariCP's own benchmark project does (the {@code hcb} preset): every
 * attribute is one its pool knows (none dropped with a warning), each builds on the stub driver, and where the
 * project turns auto-commit off a borrowed connection has it off.
 */
class HcbProfilesTest {
    static final java.util.List<String> PROFILES = Presets.HCB;

    @ParameterizedTest
    @FieldSource("PROFILES")
    void everyAttributeIsKnownAndThePoolBuildsOnTheStubDriver(String name) throws Exception {
        PoolProfile p = PoolProfile.load(ProfileDir.locate(name, BenchPools.confDir()));
        assertEquals(java.util.List.of(), p.warnings(), name + ": an attribute its pool would ignore");
        DataSource ds = BenchPools.stubPool(name, "jdbc:stub:bench", 4);
        try (Connection c = ds.getConnection()) {
            assertTrue(c.isValid(1));
            if (!name.equals("hcb-c3p0")) {
                assertFalse(c.getAutoCommit(), name + ": the project turns auto-commit off");
            }
        } finally {
            PoolProfile.close(ds);
        }
    }
}
