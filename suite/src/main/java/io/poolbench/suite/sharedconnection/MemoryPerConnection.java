package io.poolbench.suite.sharedconnection;

import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.load.PoolFill;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.profile.PoolProfile;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/** The shared-connection scenario's memory phase: what a connection costs the client (allocations, retained heap) and the server. */
final class MemoryPerConnection {
    private MemoryPerConnection() {
    }

    /**
     * Client and server memory per connection.
     *
     * @param database the database
     * @param pools the pools (the first one's allocations are counted)
     * @param memoryConnections connections for the client's count
     * @param serverConnections numbers of open connections for the server's reading
     * @return the figures
     * @throws Exception when a connection fails
     */
    static SharedConnectionData.Memory read(Database database, List<PoolProfile> pools, int memoryConnections,
            List<Integer> serverConnections) throws Exception {
        DataSource pool = null;
        PoolProfile first = pools.isEmpty() ? null : pools.get(0);
        Map<String, Long> allocated;
        try {
            if (first != null) {
                Map<String, String> overrides = new HashMap<>();
                for (String a : first.kind().adapter().sizeAttributes()) {
                    overrides.put(a, Integer.toString(memoryConnections));
                }
                pool = first.createDataSource(DatabaseOptions.vars(database), overrides);
                PoolFill.fill(pool, memoryConnections);
            }
            allocated = ConnectionMemory.clientAllocations(database, pool, memoryConnections);
        } finally {
            if (pool != null) {
                PoolProfile.close(pool);
            }
        }
        double retained = ConnectionMemory.retainedBytesPerConnection(database, memoryConnections);
        Map<String, List<ConnectionMemory.Backend>> server = new LinkedHashMap<>();
        if (database.serverPid().isPresent()) {
            for (int c : serverConnections) {
                server.put(Integer.toString(c), ConnectionMemory.serverBackends(database, c));
            }
        }
        return new SharedConnectionData.Memory(first == null ? null : first.kind().adapter().displayName(), memoryConnections,
                allocated, retained, server);
    }
}
