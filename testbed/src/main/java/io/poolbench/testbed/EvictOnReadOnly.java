package io.poolbench.testbed;

import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;

/**
 * HikariCP {@code exceptionOverrideClassName} that evicts a connection which reports a read-only server: MySQL
 * error 1290 (ER_OPTION_PREVENTS_STATEMENT, "running with the --read-only option") or 1836 (ER_READ_ONLY_MODE),
 * or SQLSTATE 25006 (read-only SQL transaction). After a failover such a connection still talks to the old writer;
 * HikariCP's own checks ({@code isValid()}) pass on a read-only server, so without this the pool keeps handing it
 * out until {@code maxLifetime}. Everything else is left to HikariCP's default rules (CONTINUE_EVICT).
 * Used by {@code webapp/conf/hikari-tuned.xml}.
 */
public final class EvictOnReadOnly implements SQLExceptionOverride {
    @java.lang.Override
    public SQLExceptionOverride.Override adjudicate(SQLException e) {
        for (SQLException x = e; x != null; x = x.getNextException()) {
            if (x.getErrorCode() == 1290 || x.getErrorCode() == 1836 || "25006".equals(x.getSQLState())) {
                return SQLExceptionOverride.Override.MUST_EVICT;
            }
        }
        return SQLExceptionOverride.Override.CONTINUE_EVICT;
    }
}
