package io.poolbench.toxiproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.toxiproxy.DrillCluster.Instance;
import io.poolbench.toxiproxy.drill.DrillResult;
import io.poolbench.toxiproxy.drill.DrillRunner;
import io.poolbench.toxiproxy.drill.DrillSettings;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * External mode over servers and a Toxiproxy it did not start (here: a Testcontainers topology standing in for the
 * user's), including the fail-back between two failover runs.
 */
@ExtendWith(RequiresDocker.class)
class ExternalClusterIT {
    @Test
    void drillsRunOnAnExternalClusterAndFailBackBetweenRuns() throws Exception {
        try (FailoverTopology t = FailoverTopology.start(null, null)) {
            ExternalCluster c = ExternalCluster.connect(new ExternalCluster.Settings(t.toxiproxyApiUrl(), "endpoint-a",
                    "endpoint-b", HostsFile.ADDRESS_A + ":" + t.endpointPort(),
                    HostsFile.ADDRESS_B + ":" + t.endpointPort(), t.adminUrl(Instance.A),
                    t.adminUrl(Instance.B), "root", t.password(), "mysql-a:3306", "mysql-b:3306", t.user(),
                    t.password(), t.databaseName()));
            Path out = Path.of("target/external-it").toAbsolutePath();
            DrillSettings s = new DrillSettings(List.of("hikari"), Path.of("../webapp/conf"), 2, 40, 0.25, 300, 1, 3,
                    2, 3, 1, 2, 5, List.of(0), 1, 0, 0, 20, null, null, out);
            List<DrillResult> rs = new DrillRunner(s, System.out::println, c)
                    .run(List.of(FaultKind.PLANNED_FAILOVER, FaultKind.UNPLANNED_FAILOVER));
            assertEquals(4, rs.size());
            for (DrillResult r : rs) {
                assertNotNull(r.reconciliation(), r.drill());
                assertTrue(r.outcomes().getOrDefault("ok", 0L) > 0, r.outcomes().toString());
                assertNotNull(r.metrics().get("first_write_on_new_writer_s"), r.drill() + " run " + r.run()
                        + ": writes reached B after the failover");
            }
            // the last run promoted B; preparing another run fails back to A
            c.prepareRun();
            assertFalse(t.isReadOnly(Instance.A));
            assertTrue(t.isReadOnly(Instance.B));
            assertTrue(t.replicationRunning());
            c.close();
        }
    }
}
