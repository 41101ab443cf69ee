package io.poolbench.testbed.options;

import io.poolbench.testbed.Figures;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.model.Workload;

/**
 * The range of {@code --rate} (requests per second) in every command that takes it ({@code plan}, {@code check},
 * {@code drill}): above 0 and at most {@link Workload#MAX_RATE_PER_SECOND}, one line naming the option otherwise.
 */
public final class RateOption {
    private RateOption() {
    }

    /**
     * @param ratePerSecond a rate, requests/s
     * @return the rate
     * @throws TestbedException one line when it is not above 0, or above 1,000,000 requests/s, e.g. {@code --rate 0
     *     is out of range: allowed above 0 .. 1000000 requests/s …}
     */
    public static double check(double ratePerSecond) {
        if (!(ratePerSecond > 0) || ratePerSecond > Workload.MAX_RATE_PER_SECOND) {
            throw new TestbedException("--rate " + Figures.plain(ratePerSecond) + " is out of range: allowed above 0 .. "
                    + Figures.plain(Workload.MAX_RATE_PER_SECOND) + " requests/s (no pool in front of one database"
                    + " serves more)");
        }
        return ratePerSecond;
    }
}
