package io.poolbench.suite.check;

import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.stats.MeanInterval;
import io.poolbench.toxiproxy.tcp.KernelFaults;
import io.poolbench.toxiproxy.tcp.TcpFaultRun;
import io.poolbench.toxiproxy.tcp.TcpWait;
import java.util.List;

/**
 * One wait of one TCP-level fault on one configuration: the prediction at the run's scaled timers beside the longest
 * such wait its runs measured, and the prediction at Linux's defaults (production) beside both.
 *
 * @param profile the configuration's profile name
 * @param pool the pool's name
 * @param fault the fault
 * @param what which wait: the query's (connection-lost) or the borrow's (pool-timeout, connect-failed)
 * @param expectedRuns the runs planned (rounds)
 * @param predicted the fault's branch predicted at the run's timers
 * @param production the same at Linux's defaults, for the same configuration
 * @param runs the runs that produced a result
 */
public record MeasuredTcpFault(String profile, String pool, FaultKind fault, TcpWait what,
        int expectedRuns, PredictedTcpWait predicted, PredictedTcpWait production, List<TcpFaultRun> runs) {
    /** @return the predicted wait at the run's timers, ms (-1 without limit); null where none is predicted */
    public Long predictedMs() {
        return predicted.ms();
    }

    /** @return the predicted wait at Linux's defaults, ms (-1 without limit); null where none is predicted */
    public Long productionMs() {
        return production.ms();
    }

    /** @return each run's longest such wait, ms, for the runs where a counted request ended that way */
    public List<Long> measuredMs() {
        return runs.stream().map(r -> r.ms(what)).filter(ms -> ms >= 0).toList();
    }

    /** @return {@link #measuredMs} summarised: median, mean and the mean's 95 % interval, ms; null when no run has one */
    public MeanInterval summary() {
        List<Long> v = measuredMs();
        return v.isEmpty() ? null : MeanInterval.of(v.stream().map(Long::doubleValue).toList());
    }

    /** @return the median of {@link #measuredMs}, ms; -1 when no run has one */
    public long medianMs() {
        MeanInterval m = summary();
        return m == null ? -1 : Math.round(m.median());
    }

    /** @return the runs whose longest counted request was still waiting when the run ended */
    public long stillWaiting() {
        return runs.stream().filter(TcpFaultRun::unfinished).count();
    }

    /**
     * The goal: the measured median within ±15 % of the prediction, or ±1 s below 5 s; a prediction without limit is
     * met when no such wait ended and requests still waited when the runs ended; a window is met when every run's
     * figure lies in it, ±1 s.
     *
     * @return true when met; false also when nothing was measured or nothing predicted
     */
    public boolean withinGoal() {
        Long p = predictedMs();
        long m = medianMs();
        if (p == null) {
            return false;
        }
        if (p < 0) {
            return m < 0 && stillWaiting() > 0;
        }
        if (predicted.window()) {
            return m >= 0 && measuredMs().stream().allMatch(x -> x >= predicted.fromMs() - 1_000 && x <= p + 1_000);
        }
        return m >= 0 && (p < 5_000 ? Math.abs(m - p) <= 1_000 : Math.abs(m - p) <= 0.15 * p);
    }

    /**
     * @return the goal's verdict in words: {@code met}, {@code missed}, {@code not reached} (runs with a result, none
     *     of whose counted requests ended that way), {@code no result} (no run produced one: nothing was measured),
     *     or {@code –} where nothing is predicted
     */
    public String goal() {
        Long p = predictedMs();
        if (p == null) {
            return "–";
        }
        if (runs.isEmpty()) {
            return "no result";
        }
        return withinGoal() ? "met" : measuredMs().isEmpty() && p >= 0 ? "not reached" : "missed";
    }

    /** @return measured median ÷ predicted; NaN when either is missing */
    public double error() {
        Long p = predictedMs();
        long m = medianMs();
        return m < 0 || p == null || p <= 0 ? Double.NaN : (double) m / p;
    }
}
