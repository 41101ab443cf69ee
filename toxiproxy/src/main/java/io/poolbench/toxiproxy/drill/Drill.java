package io.poolbench.toxiproxy.drill;

import io.poolbench.testbed.Labels;

/** The drills. */
public enum Drill {
    /** Added round-trip latency in steps under steady load. */
    LATENCY,
    /** Aurora-style planned failover: A read-only, B caught up and promoted, endpoint moved, A rebooted. */
    PLANNED,
    /** A black-holed; after the detection time B promoted and the endpoint moved; A rebooted later. */
    UNPLANNED,
    /** Planned promotion, but the endpoint flaps between the read-only old writer and B for a while. */
    STALE,
    /** The writer's network held in both directions for a while, then delivered: connections survive it. */
    STALL;

    /** @return lower-case name used in paths and on the command line */
    public String id() {
        return Labels.of(this);
    }

    /**
     * @param s settings (the drill's times)
     * @return the drill's scenario: one class per drill, whose header says what it models
     */
    Injection scenario(DrillSettings s) {
        return switch (this) {
            case LATENCY -> new LatencyDrill(s.latencySteps(), s.latencyStep(), s.jitterMs());
            case PLANNED -> new PlannedDrill(s.steady(), s.after());
            case UNPLANNED -> new UnplannedDrill(s.steady(), s.detect(), s.reboot(), s.after());
            case STALE -> new StaleEndpointDrill(s.steady(), s.flapEvery(), s.flapFor(), s.after());
            case STALL -> new StallDrill(s.steady(), s.stall(), s.after());
        };
    }
}
