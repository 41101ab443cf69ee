package io.poolbench.testbed.pool;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.fault.PoolTimeouts;
import io.poolbench.testbed.model.BorrowCheck;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.vibur.dbcp.ViburDBCPDataSource;
import org.vibur.dbcp.ViburDBCPObjectFactory;
import org.vibur.objectpool.PoolService;

/**
 * Vibur DBCP, built by {@code org.vibur.dbcp.ViburDBCPObjectFactory}, which sets ViburDBCPDataSource's bean
 * properties from the attributes and starts the pool. Defaults from ViburConfig: poolInitialSize 10, poolMaxSize
 * 100, connectionTimeoutInMs 15,000, and on borrow a connection idle longer than connectionIdleLimitInSeconds (5 s)
 * is validated with testConnectionQuery ({@code isValid}).
 */
public final class ViburAdapter extends AbstractPoolAdapter {

    /** The pool's names; see {@link AbstractPoolAdapter}. */
    public ViburAdapter() {
        super("Vibur DBCP", "org.vibur.dbcp.ViburDBCPObjectFactory", "jdbcUrl", "username",
                List.of("poolMaxSize", "poolInitialSize"),
                BorrowSettings.zeroWaitsForever("connectionTimeoutInMs", 15_000, "0")
                        .minIdle("poolInitialSize", null, 10),
                new Vocabulary(ViburDBCPObjectFactory::new, ViburDBCPDataSource.class,
                        "is not a ViburDBCPDataSource property; ViburDBCPObjectFactory does not set it",
                        Hints.of()
                                .use(" (use poolMaxSize)", "maximumPoolSize", "maxTotal", "maxActive")
                                .use(" (use connectionTimeoutInMs)", "connectionTimeout", "maxWait")
                                .use(" (use jdbcUrl)", "url").map()));
    }

    @Override
    public String borrowValidation(Map<String, String> s) {
        return "only for connections idle longer than " + s.getOrDefault("connectionIdleLimitInSeconds", "5")
                + " s (connectionIdleLimitInSeconds), with " + s.getOrDefault("testConnectionQuery", "isValid")
                + " (testConnectionQuery)";
    }

    @Override
    public BorrowCheck borrowCheck(Map<String, String> s) {
        return BorrowCheck.idleOver(1000 * Long.parseLong(s.getOrDefault("connectionIdleLimitInSeconds", "5").trim()));
    }

    @Override
    public PoolStats state(DataSource ds) {
        ViburDBCPDataSource v = (ViburDBCPDataSource) ds;
        PoolService<?> p = v.getPool();
        if (p == null) {
            return new PoolStats("vibur", 0, 0, -1, 0, v.getPoolMaxSize());
        }
        // Vibur does not count waiting borrowers
        return new PoolStats("vibur", p.taken(), p.remainingCreated(), -1, p.createdTotal(), p.maxSize());
    }

    /** {@inheritDoc} Vibur's {@code driverProperties}. */
    @Override
    public java.util.Properties driverProperties(DataSource ds) {
        return Adapters.driverProperties(((ViburDBCPDataSource) ds).getDriverProperties());
    }

    @Override
    public PoolTimeouts timeouts(DataSource ds) {
        ViburDBCPDataSource v = (ViburDBCPDataSource) ds;
        // Vibur's documentation: connectionTimeoutInMs 0 waits forever; connectionIdleLimitInSeconds 0 validates every
        // take, negative never; validateTimeoutInSeconds bounds the validation; Vibur DBCP has no maximum lifetime
        int idle = v.getConnectionIdleLimitInSeconds();
        // validateTimeoutInSeconds is enforced on the socket only through JDBC4 isValid (testConnectionQuery isValid)
        boolean onSocket = "isValid".equals(v.getTestConnectionQuery());
        BorrowCheck check = idle < 0 ? BorrowCheck.NONE : idle == 0 ? BorrowCheck.EVERY_BORROW
                : BorrowCheck.idleOver(idle * 1000L);
        return new PoolTimeouts(displayName(), v.getPoolMaxSize(), v.getConnectionTimeoutInMs() <= 0 ? -1
                : v.getConnectionTimeoutInMs(), "connectionTimeoutInMs", check, "connectionIdleLimitInSeconds "
                + idle, "connectionIdleLimitInSeconds=0", v.getValidateTimeoutInSeconds() <= 0 || !onSocket ? -1
                : v.getValidateTimeoutInSeconds() * 1000L, "validateTimeoutInSeconds with testConnectionQuery=isValid",
                true, -1, "a maximum lifetime (Vibur DBCP has none)");
    }

    @Override
    public Map<String, String> effectiveSettings(DataSource ds) {
        ViburDBCPDataSource v = (ViburDBCPDataSource) ds;
        Map<String, String> m = sizeRows(v.getPoolMaxSize(), v.getPoolInitialSize());
        m.put("borrow timeout ms (connectionTimeoutInMs)", borrowTimeoutText(v.getConnectionTimeoutInMs()));
        m.put("validate when idle longer than s (connectionIdleLimitInSeconds)",
                Integer.toString(v.getConnectionIdleLimitInSeconds()));
        m.put("validation query (testConnectionQuery)", String.valueOf(v.getTestConnectionQuery()));
        m.put("validation timeout s (validateTimeoutInSeconds)", Integer.toString(v.getValidateTimeoutInSeconds()));
        m.put("auto-commit (defaultAutoCommit)", String.valueOf(v.getDefaultAutoCommit()));
        m.put("JDBC URL", Redact.url(v.getJdbcUrl()));
        return m;
    }
}
