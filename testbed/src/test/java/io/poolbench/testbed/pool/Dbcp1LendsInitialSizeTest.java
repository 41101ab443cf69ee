package io.poolbench.testbed.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.PoolReading;
import io.poolbench.testbed.profile.ProfileDir;
import io.poolbench.testbed.profile.StubPools;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * DBCP 1.4 lends the connections its {@code initialSize} created even beyond {@code maxActive}: commons-pool 1.5's
 * {@code GenericObjectPool} checks {@code maxActive} only before it creates a connection, not before it lends an
 * idle one. The Aurora scenario's DBCP resource as printed (maxActive's default 8, {@code initialSize="10"}, {@code
 * maxIdle="150"}) therefore lends 10 at once, and its pool size as the model and lint read it must be 10.
 */
class Dbcp1LendsInitialSizeTest {
    @Test
    void theArticlesDbcpResourceLendsTenConnectionsAtOnceNotEight() throws Exception {
        PoolProfile p = PoolProfile.load(ProfileDir.locate("aurora-article-dbcp-verbatim", Path.of("../webapp/conf")));
        DataSource ds = StubPools.build(p, "jdbc:stub:dbcp1", Map.of());
        ExecutorService borrower = Executors.newSingleThreadExecutor();
        List<Connection> held = new ArrayList<>();
        try {
            // borrow and hold until a borrow does not return within 2 s (its maxWait is 10 s)
            for (int i = 0; i < 12; i++) {
                Future<Connection> next = borrower.submit((Callable<Connection>) ds::getConnection);
                try {
                    held.add(next.get(2, TimeUnit.SECONDS));
                } catch (TimeoutException blocked) {
                    break;
                }
            }
            assertEquals(10, held.size(), "connections lent at once");
            assertEquals(10, PoolReading.of(p).model().size(), "the pool size the model and lint read");
        } finally {
            for (Connection c : held) {
                c.close();
            }
            borrower.shutdownNow();
            PoolProfile.close(ds);
        }
    }
}
