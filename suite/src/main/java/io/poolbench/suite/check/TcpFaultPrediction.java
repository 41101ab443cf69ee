package io.poolbench.suite.check;

import io.poolbench.testbed.fault.Durations;
import io.poolbench.testbed.fault.Fault;
import io.poolbench.testbed.fault.FaultChain;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.fault.Load;
import io.poolbench.testbed.fault.Network;
import io.poolbench.testbed.fault.Prediction.BranchWait;
import io.poolbench.testbed.fault.Prediction.Term;
import io.poolbench.testbed.fault.TcpTimers;
import io.poolbench.toxiproxy.tcp.KernelFaults;
import io.poolbench.toxiproxy.tcp.TcpFaultSettings;
import io.poolbench.toxiproxy.tcp.TcpWait;

/**
 * What {@code check} predicts for a TCP-level fault of the stand-in ({@link FaultKind}): the unplanned failover's
 * chain in the fault's TCP branch, at given client timers, on the stand-in's network, where the endpoint is an
 * address (no DNS) and no writer is promoted within the run, so that only the pool, the driver and the client's
 * kernel end a wait; for the DNS flip, the promotion after {@link TcpFaultSettings#PROMOTE_MS} and the name's move
 * behind the record's TTL and the JVM's cache. The same function gives the prediction at the run's scaled timers and
 * at Linux's defaults.
 */
final class TcpFaultPrediction {
    /** No writer is promoted within a TCP-level run: the promotion is put beyond its end, ms. */
    static final long NO_PROMOTION_MS = 3_600_000;

    private TcpFaultPrediction() {
    }

    /**
     * @param r a configuration's check
     * @param f the fault
     * @param w which of its waits
     * @param timers the client's TCP timers
     * @param s the run's settings: the reboot's delay, the arrival rate (how many borrowers share the idle
     *     connections)
     * @param jvmDnsTtlMs the client JVM's DNS cache, ms (the run's, or the JVM's default for production)
     * @return the predicted wait
     */
    static PredictedTcpWait predict(CheckResult r, FaultKind f, TcpWait w, TcpTimers timers,
            TcpFaultSettings s, long jvmDnsTtlMs) {
        FaultChain chain = chain(r, f, timers, s, jvmDnsTtlMs);
        if (w == TcpWait.NEW_WRITER) {
            Term t = chain.newWriterReached();
            long from = TcpFaultSettings.PROMOTE_MS + TcpFaultSettings.RECORD_TTL_MS;
            return new PredictedTcpWait(t.ms(), from, t.setting(), "borrows fail until the pool's first connection"
                    + " to the promoted writer, " + Durations.text(from) + " to " + Durations.text(t.ms())
                    + " after the failure");
        }
        BranchWait b = branch(chain, f);
        return w == TcpWait.QUERY ? new PredictedTcpWait(b.queryMs(), -1, b.queryChain(), b.symptom())
                : new PredictedTcpWait(b.borrowMs(), -1, b.borrowChain(), b.symptom());
    }

    /**
     * @param r a configuration's check
     * @param f the fault
     * @param s the run's settings
     * @return how long a run of it must wait after the drop to see what it measures, ms (-1 without limit): the
     *     longest wait of its requests at the run's timers; for the DNS flip, the bound of the promoted writer's first
     *     connection
     */
    static long runMs(CheckResult r, FaultKind f, TcpFaultSettings s) {
        FaultChain chain = chain(r, f, s.timers(), s, s.jvmDnsTtlMs());
        return f == FaultKind.DNS_FLIP ? chain.newWriterReached().ms() : branch(chain, f).longestWaitMs();
    }

    private static FaultChain chain(CheckResult r, FaultKind f, TcpTimers timers, TcpFaultSettings s,
            long jvmDnsTtlMs) {
        boolean flip = f == FaultKind.DNS_FLIP;
        Network net = new Network(timers, flip ? jvmDnsTtlMs : 0, flip ? TcpFaultSettings.RECORD_TTL_MS : 0, flip
                ? TcpFaultSettings.PROMOTE_MS : NO_PROMOTION_MS, -1, "", f == FaultKind.REBOOT ? s.rebootAfterMs()
                : f == FaultKind.CRASH ? 0 : -1);
        Load load = new Load(s.ratePerSecond(), KernelFaults.queryMs(f) + 1, 0);
        return new FaultChain(r.pool().timeouts(), r.pool().driver(), net, load);
    }

    private static BranchWait branch(FaultChain chain, FaultKind f) {
        return chain.predict(Fault.of(FaultKind.UNPLANNED_FAILOVER)).branches().stream().filter(b -> b.branch()
                == f.branch()).findFirst().orElseThrow();
    }
}
