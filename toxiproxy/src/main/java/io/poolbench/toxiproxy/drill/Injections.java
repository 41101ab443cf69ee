package io.poolbench.toxiproxy.drill;

import io.poolbench.testbed.fault.FaultKind;
import java.util.List;

/**
 * How the stand-in behind Toxiproxy makes each fault it makes ({@link FaultKind.StandIn#TOXIPROXY}): one scenario
 * class per fault, whose header says what it models. The registration of a new Toxiproxy fault is its case here.
 */
public final class Injections {
    /** The faults the drills run, in order: {@code poolbench drill --drill all}. */
    public static final List<FaultKind> DRILLS = FaultKind.madeBy(FaultKind.StandIn.TOXIPROXY);

    private Injections() {
    }

    /**
     * @param kind a fault of {@link #DRILLS}
     * @param s settings (the drill's times)
     * @return the fault's scenario
     * @throws IllegalArgumentException for a fault the kernel makes, not Toxiproxy
     */
    static Injection of(FaultKind kind, DrillSettings s) {
        return switch (kind) {
            case LATENCY -> new LatencyDrill(s.latencySteps(), s.latencyStep(), s.jitterMs());
            case PLANNED_FAILOVER -> new PlannedDrill(s.steady(), s.after());
            case UNPLANNED_FAILOVER -> new UnplannedDrill(s.steady(), s.detect(), s.reboot(), s.after());
            case STALE_ENDPOINT -> new StaleEndpointDrill(s.steady(), s.flapEvery(), s.flapFor(), s.after());
            case STALL -> new StallDrill(s.steady(), s.stall(), s.after());
            case BLACK_HOLE, SILENT_AFTER_ACK, REBOOT, CRASH, DNS_FLIP -> throw new IllegalArgumentException(kind.label()
                    + " is made in the writer's kernel, not by Toxiproxy: the TCP-level runner runs it");
        };
    }
}
