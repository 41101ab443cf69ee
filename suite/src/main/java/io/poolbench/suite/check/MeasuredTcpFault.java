package io.poolbench.suite.check;

import io.poolbench.testbed.fault.Prediction.BranchWait;
import io.poolbench.toxiproxy.tcp.KernelFault;
import io.poolbench.toxiproxy.tcp.TcpFaultRun;
import java.util.List;

/**
 * One TCP-level fault on one configuration: the prediction at the run's scaled timers beside the longest wait its
 * runs measured, and the prediction at Linux's defaults (production) beside both.
 *
 * @param profile the configuration's profile name
 * @param pool the pool's name
 * @param fault the fault
 * @param expectedRuns the runs planned (rounds)
 * @param predicted the prediction at the run's timers
 * @param production the prediction at Linux's defaults, for the same configuration
 * @param runs the runs that produced a result
 */
public record MeasuredTcpFault(String profile, String pool, KernelFault fault, int expectedRuns, BranchWait predicted,
        BranchWait production, List<TcpFaultRun> runs) {
    /** @return the runs that counted a request, whose longest wait is a measurement */
    public List<TcpFaultRun> measured() {
        return runs.stream().filter(r -> r.longestMs() >= 0).toList();
    }

    /** @return the median over runs of each run's longest wait, ms; -1 when no run counted a request */
    public long medianMs() {
        List<Long> v = measured().stream().map(TcpFaultRun::longestMs).sorted().toList();
        if (v.isEmpty()) {
            return -1;
        }
        int n = v.size();
        return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
    }

    /** @return true when a run's longest request was still waiting at the run's end (the wait is at least that) */
    public boolean cut() {
        return measured().stream().anyMatch(TcpFaultRun::unfinished);
    }

    /**
     * The goal: the measured median within ±15 % of the prediction, or ±1 s below 5 s; a prediction without limit is
     * met by runs whose longest request was still waiting at their end.
     *
     * @return true when met; false also when nothing was measured
     */
    public boolean withinGoal() {
        long m = medianMs();
        long p = predicted.longestWaitMs();
        if (m < 0) {
            return false;
        }
        if (p < 0) {
            return cut();
        }
        return !cut() && (p < 5_000 ? Math.abs(m - p) <= 1_000 : Math.abs(m - p) <= 0.15 * p);
    }

    /** @return measured median ÷ predicted; NaN when either is missing */
    public double error() {
        long m = medianMs();
        return m < 0 || predicted.longestWaitMs() <= 0 ? Double.NaN : (double) m / predicted.longestWaitMs();
    }
}
