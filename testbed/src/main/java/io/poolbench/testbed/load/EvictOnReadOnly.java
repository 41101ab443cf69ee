package io.poolbench.testbed.load;

import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;

/**
 * HikariCP {@code exceptionOverrideClassName} that evicts a connection which reports a read-only server
 * ({@link PoolErrors#isReadOnlyRefusal}). After a failover such a connection still talks to the old writer;
 * HikariCP's own checks ({@code isValid()}) pass on a read-only server, so without this the pool keeps handing it
 * out until {@code maxLifetime}. Everything else is left to HikariCP's default rules (CONTINUE_EVICT).
 * Used by {@code webapp/conf/hikari-tuned.xml}.
 */
public final class EvictOnReadOnly implements SQLExceptionOverride {
    @java.lang.Override
    public SQLExceptionOverride.Override adjudicate(SQLException e) {
        return PoolErrors.isReadOnlyRefusal(e) ? SQLExceptionOverride.Override.MUST_EVICT
                : SQLExceptionOverride.Override.CONTINUE_EVICT;
    }
}
