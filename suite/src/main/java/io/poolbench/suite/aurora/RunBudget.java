package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.faults.FailoverRequests;
import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.suite.aurora.run.RunOutcome;
import io.poolbench.suite.aurora.faults.Stalls;
import io.poolbench.suite.process.JtlSample;
import io.poolbench.testbed.load.ErrorBudget;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One run's error budget: the failed share of the requests that started in the measured period, leaving out
 * the failover's (those in flight at the injection or started before the end of its window,
 * {@link FailoverRequests#window}).
 *
 * @param requests requests counted against the budget
 * @param errors of those, the failed ones
 * @param failoverRequests requests of the failover's or the stalls' windows (not counted)
 * @param failoverErrors of those, the failed ones
 */
public record RunBudget(long requests, long errors, long failoverRequests, long failoverErrors) {
    /**
     * @param maxErrorPercent the budget, %
     * @return true when the failed share passes it
     */
    boolean exceeded(double maxErrorPercent) {
        return ErrorBudget.exceeded(errors, requests, "requests", maxErrorPercent) != null;
    }

    /**
     * @param maxErrorPercent the budget, %
     * @return why a run over the budget failed, one line
     */
    String failure(double maxErrorPercent) {
        return ErrorBudget.exceeded(errors, requests, "requests of the measured period", maxErrorPercent)
                + (failoverRequests == 0 ? "" : String.format(Locale.ROOT, "; the failover's or the stalls'"
                + " windows (%,d requests, %,d failed) are left out", failoverRequests, failoverErrors))
                + ": the figures are not a result";
    }

    /**
     * Counts a run's error budget.
     *
     * @param run the run's files
     * @return the budget's counts
     */
    public static RunBudget of(RunFiles run) {
        RunOutcome o = run.outcome();
        long[] failover = run.screens().isEmpty() ? null : FailoverRequests.window(o, run.screens());
        List<long[]> windows = new ArrayList<>(Stalls.windows(o));
        if (failover != null) {
            windows.add(failover);
        }
        long n = 0;
        long errors = 0;
        long wn = 0;
        long we = 0;
        for (JtlSample x : run.samples()) {
            long start = x.startEpochMs();
            if (start < o.measureFromEpochMs() || start >= o.measureToEpochMs()) {
                continue;
            }
            boolean failed = !x.success();
            long end = x.endEpochMs();
            // the failover's or a stall's: in flight at its start or started before its window ends
            if (windows.stream().anyMatch(w -> end >= w[0] && start < w[1])) {
                wn++;
                we += failed ? 1 : 0;
            } else {
                n++;
                errors += failed ? 1 : 0;
            }
        }
        return new RunBudget(n, errors, wn, we);
    }
}
