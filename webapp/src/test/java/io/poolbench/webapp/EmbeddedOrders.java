package io.poolbench.webapp;

import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.db.DatabaseSettings;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.profile.PoolProfile;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The webapp ITs' database: embedded PostgreSQL with the orders data set loaded, opened before a test class's first
 * test and closed after its last (register it as a static field with {@code @RegisterExtension}).
 */
final class EmbeddedOrders implements BeforeAllCallback, AfterAllCallback {
    private final DataSet data;
    private Database db;

    /** @param orders rows in the orders table */
    EmbeddedOrders(int orders) {
        this.data = DataSet.ofOrders(orders);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        db = DatabaseSettings.embedded().open();
        data.ensureLoaded(db);
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (db != null) {
            db.close();
        }
    }

    /** @return the open database */
    Database db() {
        return db;
    }

    /** @return the data set loaded in it */
    DataSet data() {
        return data;
    }

    /** @return the placeholders a profile's context.xml resolves against this database */
    Map<String, String> vars() {
        return DatabaseOptions.vars(db);
    }

    /**
     * @param profile a JDBC pool profile, or null for an R2DBC server
     * @return the webapp's settings against this database: an ephemeral port, 50 request threads, no request limit
     */
    PoolbenchServer.Settings settings(PoolProfile profile) {
        return new PoolbenchServer.Settings(profile, vars(), data, 0, 50, -1);
    }
}
