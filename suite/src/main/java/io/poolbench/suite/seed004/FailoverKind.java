package io.poolbench.suite.seed004;

import io.poolbench.testbed.TestbedException;
import io.poolbench.toxiproxy.DrillCluster;
import io.poolbench.toxiproxy.PlannedFailover;
import io.poolbench.toxiproxy.StaleEndpoint;
import io.poolbench.toxiproxy.UnplannedFailover;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Which failover {@code seed004 --failover[=KIND]} injects in the middle of each measured period: the same three
 * the drills run, with the drills' defaults (docs/drills.md), now under seed 004's screens and at any load.
 */
enum FailoverKind {
    /**
     * {@link PlannedFailover}: A read-only, B caught up and promoted, the endpoint moved, A rebooted (a second or
     * two; no length is required of the measured period for it).
     */
    PLANNED(0),
    /**
     * {@link UnplannedFailover}: A stops answering, B promoted after {@value UnplannedFailover#DETECT_SECONDS} s, A
     * rebooted after {@value UnplannedFailover#REBOOT_SECONDS} s.
     */
    UNPLANNED(UnplannedFailover.REBOOT_SECONDS),
    /**
     * {@link StaleEndpoint}: B promoted, the endpoint flapping between B and the read-only A every
     * {@value StaleEndpoint#FLAP_EVERY_SECONDS} s for {@value StaleEndpoint#FLAP_FOR_SECONDS} s, then on B.
     */
    STALE(StaleEndpoint.FLAP_FOR_SECONDS + 1);

    /** About how long its steps take from the injection, s, when they must end within the measured period. */
    final int stepsSeconds;

    FailoverKind(int stepsSeconds) {
        this.stepsSeconds = stepsSeconds;
    }

    /** @return the name the option takes and the manifest records ({@code planned}, {@code unplanned}, {@code stale}) */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param label an option's value; null (a manifest written before there were kinds) reads as planned
     * @return the kind
     * @throws TestbedException one line naming the kinds for anything else
     */
    static FailoverKind parse(String label) {
        if (label == null) {
            return PLANNED;
        }
        return Arrays.stream(values()).filter(k -> k.label().equals(label.trim().toLowerCase(Locale.ROOT)))
                .findFirst().orElseThrow(() -> new TestbedException("--failover " + label + " is not a failover"
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
    void inject(DrillCluster cluster, LongSupplier nowMs, Map<String, Long> events) throws Exception {
        switch (this) {
            case PLANNED -> PlannedFailover.inject(cluster, nowMs, events);
            case UNPLANNED -> UnplannedFailover.inject(cluster, UnplannedFailover.DETECT_SECONDS,
                    UnplannedFailover.REBOOT_SECONDS, nowMs, events);
            case STALE -> StaleEndpoint.inject(cluster, StaleEndpoint.FLAP_EVERY_SECONDS,
                    StaleEndpoint.FLAP_FOR_SECONDS, nowMs, events);
            default -> throw new IllegalStateException(name());
        }
    }

    /** @return its name in a sentence: {@code planned failover}, {@code unplanned failover}, {@code failover with a
     *     stale endpoint} */
    String noun() {
        return this == STALE ? "failover with a stale endpoint" : label() + " failover";
    }

    /** @return what it does, for the report's text */
    String describe() {
        return switch (this) {
            case PLANNED -> "a planned failover (A read-only, B promoted, the writer endpoint moved to B, A rebooted)";
            case UNPLANNED -> "an unplanned failover (A stops answering; B promoted and the endpoint moved after "
                    + UnplannedFailover.DETECT_SECONDS + " s, A rebooted after " + UnplannedFailover.REBOOT_SECONDS
                    + " s)";
            case STALE -> "a failover with a stale endpoint (B promoted, the endpoint flapping between B and the"
                    + " read-only A every " + StaleEndpoint.FLAP_EVERY_SECONDS + " s for "
                    + StaleEndpoint.FLAP_FOR_SECONDS + " s, then on B)";
        };
    }
}
