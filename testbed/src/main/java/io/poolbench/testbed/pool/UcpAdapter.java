package io.poolbench.testbed.pool;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.fault.PoolTimeouts;
import io.poolbench.testbed.model.BorrowCheck;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import javax.naming.Reference;
import javax.naming.StringRefAddr;
import javax.sql.DataSource;
import oracle.ucp.UniversalConnectionPoolException;
import oracle.ucp.admin.UniversalConnectionPoolManagerImpl;
import oracle.ucp.jdbc.PoolDataSourceImpl;

/**
 * Oracle's Universal Connection Pool (UCP, {@code com.oracle.database.jdbc:ucp11}), which pools any JDBC driver:
 * {@code connectionFactoryClassName} names the driver's {@code java.sql.Driver} or {@code DataSource}. Tomcat builds
 * it with {@code factory="oracle.ucp.jdbc.PoolDataSourceImpl"} (its own JNDI {@code ObjectFactory}), which reads
 * only the names in {@link #FACTORY_NAMES} and ignores any other silently. UCP needs Oracle's JDBC driver jar
 * ({@code ojdbc11}) on the class path even in front of another database: its setters load Oracle's diagnostics
 * classes.
 *
 * <p>Defaults, read from a new {@code PoolDataSourceImpl} of ucp11 23.26.0.0.0: maxPoolSize
 * {@code Integer.MAX_VALUE}, minPoolSize 1, initialPoolSize 0, connectionWaitTimeout 3 s (in seconds; 0 fails a
 * borrow at once, measured here on the stub driver: 16 ms, "UCP-29: Failed to get a connection"; it has no
 * unbounded value), validateConnectionOnBorrow false, secondsToTrustIdleConnection 0, maxConnectionReuseTime 0
 * (no lifetime), inactiveConnectionTimeout 0. PoolDataSource's Javadoc: connectionValidationTimeout (default 15 s)
 * bounds a validation; a connection used within secondsToTrustIdleConnection is lent without one.
 */
public final class UcpAdapter extends AbstractPoolAdapter {
    /** The attribute names {@code PoolDataSourceImpl.getObjectInstance} reads (its string constants, ucp11 23.26). */
    static final Set<String> FACTORY_NAMES = Set.of("abandonedConnectionTimeout", "commitOnConnectionReturn",
            "connectionFactoryClassName", "connectionFactoryProperties", "connectionHarvestMaxCount",
            "connectionHarvestTriggerCount", "connectionPoolName", "connectionProperties",
            "connectionRepurposeThreshold", "connectionValidationTimeout", "connectionWaitDuration",
            "connectionWaitTimeout", "connectionWaitTimeoutWhileServiceDown", "createConnectionInBorrowThread",
            "dataSourceName", "databaseName", "description", "fastConnectionFailoverEnabled",
            "inactiveConnectionTimeout", "initialPoolSize", "loginTimeout", "maxConnectionReuseCount",
            "maxConnectionReuseTime", "maxConnectionsPerService", "maxConnectionsPerShard", "maxPoolSize",
            "maxStatements", "minIdle", "minPoolSize", "networkProtocol", "onsConfiguration", "password",
            "portNumber", "readOnlyInstanceAllowed", "roleName", "secondsToTrustIdleConnection", "serverName",
            "serviceName", "shardingMode", "sqlForValidateConnection", "timeToLiveConnectionTimeout",
            "timeoutCheckInterval", "url", "user", "validateConnectionOnBorrow");

    /** The pool's names; see {@link AbstractPoolAdapter}. */
    public UcpAdapter() {
        super("Oracle UCP", PoolDataSourceImpl.class.getName(), "url", "user",
                List.of("maxPoolSize", "minPoolSize", "initialPoolSize"),
                BorrowSettings.seconds("connectionWaitTimeout", 3_000, Integer.toString(Integer.MAX_VALUE))
                        .minIdle("minPoolSize", null, 1).validationOnBorrow("validateConnectionOnBorrow"),
                new Vocabulary(PoolDataSourceImpl::new, PoolDataSourceImpl.class,
                        "is not a UCP property; PoolDataSourceImpl's factory ignores it silently",
                        Hints.of()
                                .use(" (use maxPoolSize)", "maximumPoolSize", "maxTotal", "maxActive")
                                .use(" (use user)", "username")
                                .use(" (use url)", "jdbcUrl")
                                .use(" (use connectionFactoryClassName)", "driverClassName")
                                .use(" (use connectionWaitTimeout, s)", "connectionTimeout", "maxWait",
                                        "maxWaitMillis")
                                .use(" (use validateConnectionOnBorrow)", "testOnBorrow").map(),
                        () -> FACTORY_NAMES));
    }

    @Override
    public String driverAttribute() {
        return "connectionFactoryClassName";
    }

    @Override
    String knownValueProblem(String attribute, String value, Properties one) {
        Reference r = new Reference(PoolDataSourceImpl.class.getName());
        r.add(new StringRefAddr(attribute, value));
        return Adapters.factoryValueProblem(displayName(),
                () -> new PoolDataSourceImpl().getObjectInstance(r, null, null, null));
    }

    @Override
    public String borrowValidation(Map<String, String> s) {
        if (!validatesOnBorrow(s, false)) {
            return "none (validateConnectionOnBorrow=" + s.getOrDefault("validateConnectionOnBorrow",
                    "false, UCP's default") + ")";
        }
        String trust = s.getOrDefault("secondsToTrustIdleConnection", "0").trim();
        return ("0".equals(trust) ? "every borrow" : "connections unused for " + trust
                + " s or more (secondsToTrustIdleConnection)") + " with " + (s.containsKey("sqlForValidateConnection")
                ? "sqlForValidateConnection `" + s.get("sqlForValidateConnection") + "`" : "JDBC4 isValid()");
    }

    @Override
    public BorrowCheck borrowCheck(Map<String, String> s) {
        if (!validatesOnBorrow(s, false)) {
            return BorrowCheck.NONE;
        }
        long trustS = Long.parseLong(s.getOrDefault("secondsToTrustIdleConnection", "0").trim());
        return trustS <= 0 ? BorrowCheck.EVERY_BORROW : BorrowCheck.idleOver(trustS * 1000);
    }

    @Override
    public PoolStats state(DataSource ds) {
        PoolDataSourceImpl u = (PoolDataSourceImpl) ds;
        // UCP does not count waiting borrowers through PoolDataSource
        int active = u.getBorrowedConnectionsCount();
        int idle = u.getAvailableConnectionsCount();
        return new PoolStats("ucp", active, idle, -1, active + idle, u.getMaxPoolSize());
    }

    /** {@inheritDoc} UCP's {@code connectionProperties}. */
    @Override
    public Properties driverProperties(DataSource ds) {
        return Adapters.driverProperties(((PoolDataSourceImpl) ds).getConnectionProperties());
    }

    @Override
    public PoolTimeouts timeouts(DataSource ds) {
        PoolDataSourceImpl u = (PoolDataSourceImpl) ds;
        long waitMs = u.getConnectionWaitDurationInMillis();
        int trustS = u.getSecondsToTrustIdleConnection();
        BorrowCheck check = !u.getValidateConnectionOnBorrow() ? BorrowCheck.NONE
                : trustS <= 0 ? BorrowCheck.EVERY_BORROW : BorrowCheck.idleOver(trustS * 1000L);
        long lifetimeS = u.getMaxConnectionReuseTime();
        // whether connectionWaitTimeout also bounds the validation is not documented: the worst case adds them
        return new PoolTimeouts(displayName(), u.getMaxPoolSize(), waitMs, "connectionWaitTimeout", check,
                "validateConnectionOnBorrow " + u.getValidateConnectionOnBorrow() + ", secondsToTrustIdleConnection "
                + trustS, "validateConnectionOnBorrow=true with secondsToTrustIdleConnection=0",
                u.getConnectionValidationTimeout() <= 0 ? -1 : u.getConnectionValidationTimeout() * 1000L,
                "connectionValidationTimeout", false, lifetimeS <= 0 ? -1 : lifetimeS * 1000,
                "maxConnectionReuseTime");
    }

    @Override
    public Map<String, String> effectiveSettings(DataSource ds) {
        PoolDataSourceImpl u = (PoolDataSourceImpl) ds;
        Map<String, String> m = sizeRows(u.getMaxPoolSize(), u.getMinPoolSize(), u.getInitialPoolSize());
        m.put("borrow timeout ms (connectionWaitTimeout, s)", Long.toString(u.getConnectionWaitDurationInMillis()));
        m.put("validation on borrow (validateConnectionOnBorrow)", String.valueOf(u.getValidateConnectionOnBorrow()));
        m.put("trust a connection used within s (secondsToTrustIdleConnection)",
                Integer.toString(u.getSecondsToTrustIdleConnection()));
        m.put("validation query (sqlForValidateConnection)", validationQueryText(u.getSQLForValidateConnection()));
        m.put("validation timeout s (connectionValidationTimeout)",
                Integer.toString(u.getConnectionValidationTimeout()));
        m.put("maximum lifetime s (maxConnectionReuseTime)", Long.toString(u.getMaxConnectionReuseTime()));
        m.put("driver (connectionFactoryClassName)", String.valueOf(u.getConnectionFactoryClassName()));
        m.put("JDBC URL", Redact.url(u.getURL()));
        return m;
    }

    /** UCP's pools live in its pool manager until destroyed there; closing means destroying it by name. */
    @Override
    public void close(DataSource ds) throws Exception {
        String name = ((PoolDataSourceImpl) ds).getConnectionPoolName();
        if (name == null) {
            return;
        }
        try {
            UniversalConnectionPoolManagerImpl.getUniversalConnectionPoolManager().destroyConnectionPool(name);
        } catch (UniversalConnectionPoolException e) {
            // a pool never borrowed from was never created in the manager: nothing to close
        }
    }
}
