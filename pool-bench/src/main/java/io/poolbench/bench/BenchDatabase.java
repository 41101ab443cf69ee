package io.poolbench.bench;

import eu.rekawek.toxiproxy.model.ToxicDirection;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.db.DatabaseSettings;
import io.poolbench.testbed.db.MySqlBehindToxiproxy;
import io.poolbench.testbed.db.MySqlDatabase;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.profile.PoolProfile;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Real-database mode of the benchmarks ({@code -p db=...}): {@code stub} (default, no network),
 * {@code postgres} (embedded PostgreSQL), {@code mysql} (Testcontainers), {@code mysql-toxiproxy} (Testcontainers
 * MySQL behind Toxiproxy with {@code latencyMs} of added round-trip latency). The database is started in the
 * benchmark's fork for the trial, loaded with a small data set (2,000 orders), and stopped at the end.
 */
final class BenchDatabase implements AutoCloseable {
    private final Database db;
    private final DataSource pool;

    private BenchDatabase(Database db, DataSource pool) {
        this.db = db;
        this.pool = pool;
    }

    /**
     * @param mode {@code stub}, {@code postgres}, {@code mysql} or {@code mysql-toxiproxy}
     * @param profile profile name or path
     * @param stubUrl stub URL (stub mode only)
     * @param poolSize pool size, 0 = the profile's
     * @param latencyMs added latency for {@code mysql-toxiproxy}
     * @return the database (none for stub) and the pool
     */
    static BenchDatabase open(String mode, String profile, String stubUrl, int poolSize, int latencyMs) {
        if (mode.equals("stub")) {
            return new BenchDatabase(null, BenchPools.stubPool(profile, stubUrl, poolSize));
        }
        Database db;
        switch (mode) {
            case "postgres":
                db = DatabaseSettings.embedded().open();
                break;
            case "mysql":
                db = MySqlDatabase.start((String) null);
                break;
            case "mysql-toxiproxy":
                MySqlBehindToxiproxy t = MySqlBehindToxiproxy.start(null, null);
                try {
                    if (latencyMs > 0) {
                        t.writer().toxics().latency("latency", ToxicDirection.DOWNSTREAM, latencyMs);
                    }
                } catch (IOException e) {
                    t.close();
                    throw new TestbedException("Toxiproxy refused the latency toxic: " + e.getMessage(), e);
                }
                db = t;
                break;
            default:
                throw new TestbedException("unknown db '" + mode + "': use stub, postgres, mysql or mysql-toxiproxy");
        }
        try {
            DataSet.ofOrders(2_000).ensureLoaded(db);
            Map<String, String> vars = new HashMap<>(DatabaseOptions.vars(db));
            vars.put("poolbench.mysql.database", "poolbench");
            return new BenchDatabase(db, BenchPools.databasePool(profile, vars, poolSize));
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
    }

    DataSource pool() {
        return pool;
    }

    @Override
    public void close() {
        PoolProfile.close(pool);
        if (db != null) {
            db.close();
        }
    }
}
