package io.poolbench.testbed.fault;

/**
 * A fault of the writer that {@link FaultChain} predicts: its name for reports and its length where it has one.
 *
 * @param kind what happens
 * @param stallMs the stall's length, ms (only for {@link FaultKind#STALL})
 */
public record Fault(FaultKind kind, long stallMs) {
    /** The longest stall any command makes or predicts, s: {@code --stall} is 1 to this everywhere. */
    public static final int MAX_STALL_SECONDS = 600;

    /**
     * @param ms the stall's length, ms
     * @return a stall of the writer
     */
    public static Fault stall(long ms) {
        return new Fault(FaultKind.STALL, ms);
    }

    /**
     * @param kind a fault without a length
     * @return it
     */
    public static Fault of(FaultKind kind) {
        return new Fault(kind, 0);
    }

    /** @return e.g. {@code stall 20 s}, {@code unplanned failover} */
    public String label() {
        return kind == FaultKind.STALL ? "stall " + Durations.text(stallMs) : kind.label();
    }
}
