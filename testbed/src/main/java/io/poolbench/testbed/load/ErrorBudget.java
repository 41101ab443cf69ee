package io.poolbench.testbed.load;

import io.poolbench.testbed.Figures;
import java.util.Locale;

/**
 * The error budget every scenario applies to what it measured: a measurement in which more than
 * {@code --max-error-percent} of the operations failed describes the errors, not the pool, and is failed, never
 * shown as a result. What an operation is depends on the scenario: a request (the web loads), a transaction
 * (pgbench, the connect article's Java clients).
 */
public final class ErrorBudget {
    /** The default budget of every scenario, %. */
    public static final double DEFAULT_PERCENT = 1;

    private ErrorBudget() {
    }

    /**
     * @param failed failed operations
     * @param total all operations (failed included)
     * @param unit what an operation is, plural, e.g. {@code requests}
     * @param maxPercent the budget, %
     * @return null within the budget; else one line, e.g. {@code 303 of 502 requests failed (60.4 % >
     *     --max-error-percent 1)}
     */
    public static String exceeded(long failed, long total, String unit, double maxPercent) {
        double pct = total == 0 ? 0 : 100.0 * failed / total;
        if (pct <= maxPercent) {
            return null;
        }
        return String.format(Locale.ROOT, "%,d of %,d %s failed (%.1f %% > --max-error-percent %s)", failed, total,
                unit, pct, Figures.plain(maxPercent));
    }
}
