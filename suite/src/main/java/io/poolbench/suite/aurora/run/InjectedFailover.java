package io.poolbench.suite.aurora.run;

import io.poolbench.testbed.Labels;
import io.poolbench.testbed.TestbedException;
import io.poolbench.toxiproxy.DrillCluster;
import io.poolbench.toxiproxy.Failovers;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Which failover {@code aurora --failover[=KIND]} injects in the middle of each measured period: the same three
 * the drills run, with the drills' defaults (docs/drills.md), now under the Aurora article's screens and at any load.
 */
public enum FailoverKind {
    /**
     * {@link Failovers#planned}: A read-only, B caught up and promoted, the endpoint moved, A rebooted (a second or
     * two; no length is required of the measured period for it).
     */
    PLANNED(0),
    /**
     * {@link Failovers#unplanned}: A stops answering, B promoted after {@value Failovers#DETECT_SECONDS} s, A
     * rebooted after {@value Failovers#REBOOT_SECONDS} s.
     */
    UNPLANNED(Failovers.REBOOT_SECONDS),
    /**
     * {@link Failovers#stale}: B promoted, the endpoint flapping between B and the read-only A every
     * {@value Failovers#FLAP_EVERY_SECONDS} s for {@value Failovers#FLAP_FOR_SECONDS} s, then on B.
     */
    STALE(Failovers.FLAP_FOR_SECONDS + 1);

    /** About how long its steps take from the injection, s, when they must end within the measured period. */
    public final int stepsSeconds;

    FailoverKind(int stepsSeconds) {
        this.stepsSeconds = stepsSeconds;
    }

    /** @return the name the option takes and the manifest records: {@code planned}, {@code unplanned}, {@code stale} */
    public String label() {
        return Labels.of(this);
    }

    /**
     * @param label an option's value; null (no kind named) reads as planned
     * @return the kind
     * @throws TestbedException one line naming the kinds for anything else
     */
    public static FailoverKind parse(String label) {
        if (label == null) {
            return PLANNED;
        }
        return Labels.parse(FailoverKind.class, label).orElseThrow(() -> new TestbedException("--failover " + label + " is not a failover"
                        + " poolbench injects: give planned, unplanned or stale"));
    }

    /**
     * Carries out the failover; returns when its last step is done.
     *
     * @param cluster the cluster, A writing and B replicating
     * @param nowMs the run's clock, ms since its start
     * @param events receives each step → time on that clock ({@code injection} first)
     * @throws Exception when a server or Toxiproxy does not answer, or when interrupted
     */
    public void inject(DrillCluster cluster, LongSupplier nowMs, Map<String, Long> events) throws Exception {
        switch (this) {
            case PLANNED -> Failovers.planned(cluster, nowMs, events);
            case UNPLANNED -> Failovers.unplanned(cluster, Failovers.DETECT_SECONDS,
                    Failovers.REBOOT_SECONDS, nowMs, events);
            case STALE -> Failovers.stale(cluster, Failovers.FLAP_EVERY_SECONDS,
                    Failovers.FLAP_FOR_SECONDS, nowMs, events);
            default -> throw new IllegalStateException(name());
        }
    }

    /** @return its name in a sentence: {@code planned failover}, {@code unplanned failover}, {@code failover with a
     *     stale endpoint} */
    public String noun() {
        return this == STALE ? "failover with a stale endpoint" : label() + " failover";
    }

    /** @return what it does, for the report's text */
    public String describe() {
        return switch (this) {
            case PLANNED -> "a planned failover (A read-only, B promoted, the writer endpoint moved to B, A rebooted)";
            case UNPLANNED -> "an unplanned failover (A stops answering; B promoted and the endpoint moved after "
                    + Failovers.DETECT_SECONDS + " s, A rebooted after " + Failovers.REBOOT_SECONDS
                    + " s)";
            case STALE -> "a failover with a stale endpoint (B promoted, the endpoint flapping between B and the"
                    + " read-only A every " + Failovers.FLAP_EVERY_SECONDS + " s for "
                    + Failovers.FLAP_FOR_SECONDS + " s, then on B)";
        };
    }
}
