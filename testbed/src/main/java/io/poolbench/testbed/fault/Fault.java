package io.poolbench.testbed.fault;

/**
 * A fault of the writer that {@link FaultChain} predicts: its name for reports and its length where it has one.
 *
 * @param kind what happens
 * @param stallMs the stall's length, ms (only for {@link Kind#STALL})
 */
public record Fault(Kind kind, long stallMs) {
    /** The four faults {@code poolbench check} predicts. */
    public enum Kind {
        /** Every packet to and from the writer held for a while, then delivered: connections survive it. */
        STALL,
        /** The writer closes its connections and becomes a reader; another instance becomes the writer. */
        PLANNED_FAILOVER,
        /** The writer stops answering without closing anything; another is promoted later. */
        UNPLANNED_FAILOVER,
        /** After a failover the endpoint's name keeps resolving to the old writer, now a reader. */
        STALE_ENDPOINT
    }

    /**
     * @param ms the stall's length, ms
     * @return a stall of the writer
     */
    public static Fault stall(long ms) {
        return new Fault(Kind.STALL, ms);
    }

    /**
     * @param kind a fault without a length
     * @return it
     */
    public static Fault of(Kind kind) {
        return new Fault(kind, 0);
    }

    /** @return e.g. {@code stall 20 s}, {@code unplanned failover} */
    public String label() {
        return kind == Kind.STALL ? "stall " + Durations.text(stallMs) : kind.name().toLowerCase().replace('_', ' ');
    }
}
