package io.poolbench.testbed.profile;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.model.PoolModel;
import io.poolbench.testbed.pool.PoolAdapter;
import io.poolbench.testbed.pool.PoolStats;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import javax.sql.DataSource;

/**
 * A profile's pool as the model needs it, read without a database: the pool is built from the context.xml against
 * the stub driver (as pool-bench builds it), its size read back from the built pool, its borrow timeout and its
 * validation on borrow from the attributes through the pool's adapter. {@code poolbench plan} and the Aurora article's map
 * read their pools this way.
 *
 * @param profile the profile's name
 * @param pool the pool's name, e.g. {@code DBCP 1.4}
 * @param model the pool for the model
 * @param effective the settings read back from the built pool (label → value), passwords masked
 */
public record PoolReading(String profile, String pool, PoolModel model, Map<String, String> effective) {
    /**
     * @param p the profile
     * @return what the model needs
     * @throws TestbedException one line when the profile holds no pool or cannot be built
     */
    public static PoolReading of(PoolProfile p) {
        PoolAdapter a = p.kind().adapter();
        if (!a.pooled()) {
            throw new TestbedException("profile " + p.name() + " is " + a.displayName() + ", not a pool: every"
                    + " request opens a connection, so there is no pool size to plan; give a pool's context.xml");
        }
        // before the pool is built: a pool of 2,000,000,000 would open as many stub connections first
        for (String size : a.sizeAttributes()) {
            String v = p.attributes().get(size);
            if (v != null && v.trim().matches("\\d{1,19}") && new BigInteger(v.trim())
                    .compareTo(BigInteger.valueOf(PoolModel.MAX_SIZE)) > 0) {
                throw new TestbedException("profile " + p.name() + ": " + size + "=\"" + v.trim() + "\": the model"
                        + " takes pools of 1 to " + String.format(Locale.ROOT, "%,d", PoolModel.MAX_SIZE)
                        + " connections (no database serves more); give a smaller size");
            }
        }
        DataSource ds = StubPools.build(p, "jdbc:stub:plan", Map.of());
        try {
            PoolStats st = a.state(ds);
            Map<String, String> attrs = p.attributes();
            long timeout = a.borrowTimeoutMs(attrs);
            return new PoolReading(p.name(), a.displayName(), new PoolModel(st.max(), Math.max(0, timeout),
                    a.borrowCheck(attrs)), new LinkedHashMap<>(a.effectiveSettings(ds)));
        } finally {
            PoolProfile.close(ds);
        }
    }
}
