package io.poolbench.suite.sharedconnection;

import io.poolbench.suite.tools.PgBouncer;
import io.poolbench.suite.tools.PostgresBackend;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.load.PoolFill;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.profile.PoolProfile;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/** The shared-connection scenario's variants: how the report names each, and the client each trial runs its query through. */
final class ClientVariants {
    private ClientVariants() {
    }

    /**
     * @param v variant id
     * @param pools the pools
     * @return how reports name the variant
     */
    static String label(String v, List<PoolProfile> pools) {
        return switch (v) {
            case "shared" -> "one shared connection";
            case "unpooled" -> "a new connection per thread";
            case "pgbouncer" -> "a new connection to PgBouncer per thread";
            default -> pools.stream().filter(p -> p.name().equals(v)).findFirst()
                    .map(p -> "borrow from " + p.kind().adapter().displayName()).orElse(v);
        };
    }

    /**
     * Opens a variant's client: the shared connection, pgjdbc's DataSource (a new connection each time), a pool
     * filled to its size, or a new connection to PgBouncer each time.
     *
     * @param v the variant's id
     * @param pools the pool profiles
     * @param poolSize every pool's size
     * @param database the database
     * @param bouncer PgBouncer, when it runs
     * @param pooled receives each pool opened (the caller closes them)
     * @return the client
     * @throws Exception when it cannot connect
     */
    static SharedConnectionTrial.Client open(String v, List<PoolProfile> pools, int poolSize, Database database,
            PgBouncer bouncer, Map<String, DataSource> pooled) throws Exception {
        switch (v) {
            case "shared":
                return SharedConnectionTrial.shared(database.connect());
            case "unpooled":
                return SharedConnectionTrial.dataSource(newConnectionEach(database.jdbcUrl(), database.user(),
                        database.password()));
            case "pgbouncer":
                return SharedConnectionTrial.dataSource(newConnectionEach(bouncer.jdbcUrl(PostgresBackend.of(database)
                        .database()) + "?prepareThreshold=0", database.user(), ""));
            default:
                PoolProfile p = pools.stream().filter(x -> x.name().equals(v)).findFirst().orElseThrow();
                Map<String, String> overrides = new HashMap<>();
                for (String a : p.kind().adapter().sizeAttributes()) {
                    overrides.put(a, Integer.toString(poolSize));
                }
                DataSource ds = p.createDataSource(DatabaseOptions.vars(database), overrides);
                pooled.put(v, ds);
                PoolFill.fill(ds, poolSize);
                return SharedConnectionTrial.dataSource(ds);
        }
    }

    /**
     * One trial on the article's clock, which "counted the time of creating the connection, executing the query,
     * clearing the result and closing the connection" (the shared-connection article): opens the variant afresh (as
     * {@link #open}), runs the trial, closes what it opened, and times all three. The article's clock also included
     * starting the threads; ours starts and parks them before the clock, as in every trial.
     *
     * @param v the variant
     * @param pools the pool profiles
     * @param poolSize every pool's size
     * @param database the database
     * @param bouncer PgBouncer, when it runs
     * @param threads threads, each one query
     * @return the trial, its elapsed time from before the opening to after the closing
     * @throws Exception when it cannot connect
     */
    static SharedConnectionTrial.Trial withConnecting(String v, List<PoolProfile> pools, int poolSize,
            Database database, PgBouncer bouncer, int threads) throws Exception {
        Map<String, DataSource> pooled = new HashMap<>();
        long t0 = System.nanoTime();
        SharedConnectionTrial.Trial t;
        try (SharedConnectionTrial.Client c = open(v, pools, poolSize, database, bouncer, pooled)) {
            t = SharedConnectionTrial.trial(c, threads);
        } finally {
            pooled.values().forEach(PoolProfile::close);
        }
        return new SharedConnectionTrial.Trial((System.nanoTime() - t0) / 1e6, t.errors(), t.firstError());
    }

    /** @return pgjdbc's own DataSource: every getConnection opens a new connection */
    private static DataSource newConnectionEach(String url, String user, String password) {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(url);
        ds.setUser(user);
        ds.setPassword(password == null ? "" : password);
        return ds;
    }
}
