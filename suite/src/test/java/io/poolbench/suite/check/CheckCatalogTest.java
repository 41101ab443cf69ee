package io.poolbench.suite.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.poolbench.testbed.fault.Fault;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.fault.Load;
import io.poolbench.testbed.fault.Network;
import io.poolbench.testbed.fault.Prediction;
import io.poolbench.testbed.fault.TcpBranch;
import io.poolbench.testbed.pool.PoolKind;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileDir;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every pool of the catalog read back by its adapter and put through the chain, on its shipped profile (10
 * connections, a borrow timeout of 30 s, a URL without socketTimeout): the unplanned failover's longest wait, worked
 * out by hand from each pool's documented defaults.
 */
class CheckCatalogTest {
    /** Linux's tcp_retries2 = 15: what ends a query to a silent writer without socketTimeout. */
    private static final long LINUX = 924_600;
    /**
     * The longest wait per profile of a request whose bytes went out after the writer fell silent: a pool that lends a connection without a check runs its query into the silent
     * writer (HikariCP within its 500-ms window, Vibur within connectionIdleLimitInSeconds 5, Druid within
     * testWhileIdle's 60 s, and Tomcat JDBC, c3p0, Agroal and Oracle UCP without validation on borrow by default); a pool that validates
     * a borrow after its 30-s wait adds a validation nothing on the socket bounds (DBCP2 and Tomcat's DBCP:
     * isValid without validationQueryTimeout; DBCP 1.4: its validation query; Druid, beyond its window), the longer
     * of the two where a pool does both.
     */
    private static final Map<String, Long> UNPLANNED = Map.of("hikari", LINUX, "dbcp2", 30_000 + LINUX,
            "tomcat-dbcp", 30_000 + LINUX, "tomcat-jdbc", LINUX, "c3p0", LINUX, "vibur", LINUX, "druid", 30_000 + LINUX,
            "agroal", LINUX, "ucp", LINUX, "dbcp1", 30_000 + LINUX);

    @Test
    void everyPoolOfTheCatalogHasItsChain() {
        Path conf = ProfileDir.resolve(null);
        List<String> pooled = PoolKind.pooledProfiles();
        assertEquals(UNPLANNED.keySet().stream().sorted().toList(), pooled.stream().sorted().toList());
        for (String name : pooled) {
            CheckedPool p = CheckedPool.of(PoolProfile.load(ProfileDir.locate(name, conf)));
            CheckResult r = CheckResult.predict(p, Network.linux(30_000, 30_000), Load.NONE,
                    List.of(Fault.of(FaultKind.UNPLANNED_FAILOVER)), 1);
            Prediction f = r.predictions().get(0);
            assertEquals(UNPLANNED.get(name), f.branches().get(0).longestWaitMs(), name + ": "
                    + f.branches().get(0).chain());
            assertEquals(TcpBranch.UNACKNOWLEDGED, f.branches().get(0).branch());
            // and a request in flight whose query the writer acknowledged waits for Connector/J's keepalive (on by
            // default): 7200 s + 9 × 75 s, longer than every chain above
            assertEquals(7_875_000, f.longestWaitMs(), name + ": " + f.chainText());
        }
    }
}
