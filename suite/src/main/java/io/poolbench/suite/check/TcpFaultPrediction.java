package io.poolbench.suite.check;

import io.poolbench.testbed.fault.Fault;
import io.poolbench.testbed.fault.FaultChain;
import io.poolbench.testbed.fault.Load;
import io.poolbench.testbed.fault.Network;
import io.poolbench.testbed.fault.Prediction;
import io.poolbench.testbed.fault.Prediction.BranchWait;
import io.poolbench.testbed.fault.TcpTimers;
import io.poolbench.toxiproxy.tcp.KernelFault;

/**
 * What {@code check} predicts for a TCP-level fault of the stand-in ({@link KernelFault}): the unplanned failover's
 * chain in the fault's TCP branch, at given client timers, on the stand-in's network, where no writer is promoted
 * within the run and the endpoint is an address (no DNS), so that only the pool, the driver and the client's kernel
 * end a wait. The same function gives the prediction at the run's scaled timers and at Linux's defaults.
 */
final class TcpFaultPrediction {
    /** No writer is promoted within a TCP-level run: the promotion is put beyond its end, ms. */
    static final long NO_PROMOTION_MS = 3_600_000;

    private TcpFaultPrediction() {
    }

    /**
     * @param r a configuration's check
     * @param f the fault
     * @param timers the client's TCP timers
     * @param rebootAfterMs when the old address answers with resets, ms after the drop (used by {@link
     *     KernelFault#REBOOT} only)
     * @param ratePerSecond the run's arrival rate, requests/s (how many borrowers share the idle connections)
     * @return the predicted waits of the requests the fault counts, with their chain
     */
    static BranchWait predict(CheckResult r, KernelFault f, TcpTimers timers, long rebootAfterMs,
            double ratePerSecond) {
        Network net = new Network(timers, 0, 0, NO_PROMOTION_MS, -1, "", f == KernelFault.REBOOT ? rebootAfterMs
                : -1);
        Load load = new Load(ratePerSecond, f.queryMs() + 1, 0);
        Prediction p = new FaultChain(r.pool().timeouts(), r.pool().driver(), net, load).predict(Fault.of(
                Fault.Kind.UNPLANNED_FAILOVER));
        return p.branches().stream().filter(b -> b.branch() == f.branch()).findFirst().orElseThrow();
    }
}
