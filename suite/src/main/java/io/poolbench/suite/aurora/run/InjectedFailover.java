package io.poolbench.suite.aurora.run;

import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.toxiproxy.DrillCluster;
import io.poolbench.toxiproxy.Failovers;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The failovers {@code aurora --failover[=KIND]} injects in the middle of each measured period: the same three the
 * drills run ({@link FaultKind}), with the drills' defaults (docs/drills.md), now under the Aurora article's screens
 * and at any load.
 */
public final class InjectedFailover {
    /** The failovers it injects, in the order of its directories: the stand-in's ({@link Failovers#KINDS}). */
    public static final List<FaultKind> KINDS = Failovers.KINDS;

    private InjectedFailover() {
    }

    /**
     * @param kind one of {@link #KINDS}
     * @return about how long its steps take from the injection, s, when they must end within the measured period:
     *     none asked for the planned one (a second or two), the reboot's {@value Failovers#REBOOT_SECONDS} s for the
     *     unplanned one, the flapping's {@value Failovers#FLAP_FOR_SECONDS} s and one for the stale endpoint
     */
    public static int stepsSeconds(FaultKind kind) {
        return switch (kind) {
            case UNPLANNED_FAILOVER -> Failovers.REBOOT_SECONDS;
            case STALE_ENDPOINT -> Failovers.FLAP_FOR_SECONDS + 1;
            default -> 0;
        };
    }

    /**
     * @param id an option's value ({@link FaultKind#id}); null (no kind named) reads as planned
     * @return the failover
     * @throws io.poolbench.testbed.TestbedException one line naming the failovers for anything else
     */
    public static FaultKind parse(String id) {
        return id == null ? FaultKind.PLANNED_FAILOVER : FaultKind.parse("--failover", id, KINDS, false);
    }

    /**
     * Carries out the failover; returns when its last step is done.
     *
     * @param kind one of {@link #KINDS}
     * @param cluster the cluster, A writing and B replicating
     * @param nowMs the run's clock, ms since its start
     * @param events receives each step → time on that clock ({@code injection} first)
     * @throws Exception when a server or Toxiproxy does not answer, or when interrupted
     */
    public static void inject(FaultKind kind, DrillCluster cluster, LongSupplier nowMs, Map<String, Long> events)
            throws Exception {
        switch (kind) {
            case PLANNED_FAILOVER -> Failovers.planned(cluster, nowMs, events);
            case UNPLANNED_FAILOVER -> Failovers.unplanned(cluster, Failovers.DETECT_SECONDS,
                    Failovers.REBOOT_SECONDS, nowMs, events);
            case STALE_ENDPOINT -> Failovers.stale(cluster, Failovers.FLAP_EVERY_SECONDS,
                    Failovers.FLAP_FOR_SECONDS, nowMs, events);
            default -> throw new IllegalArgumentException(kind.label() + " is not a failover the Aurora scenario"
                    + " injects");
        }
    }

    /**
     * @param kind one of {@link #KINDS}
     * @return its name in a sentence: {@code planned failover}, {@code unplanned failover}, {@code failover with a
     *     stale endpoint}
     */
    public static String noun(FaultKind kind) {
        return kind == FaultKind.STALE_ENDPOINT ? "failover with a stale endpoint" : kind.label();
    }

    /**
     * @param kind one of {@link #KINDS}
     * @return what it does at the drills' defaults, for the report's text
     */
    public static String describe(FaultKind kind) {
        return switch (kind) {
            case PLANNED_FAILOVER -> "a planned failover (A read-only, B promoted, the writer endpoint moved to B, A"
                    + " rebooted)";
            case UNPLANNED_FAILOVER -> "an unplanned failover (A stops answering; B promoted and the endpoint moved"
                    + " after " + Failovers.DETECT_SECONDS + " s, A rebooted after " + Failovers.REBOOT_SECONDS + " s)";
            case STALE_ENDPOINT -> "a failover with a stale endpoint (B promoted, the endpoint flapping between B and"
                    + " the read-only A every " + Failovers.FLAP_EVERY_SECONDS + " s for " + Failovers.FLAP_FOR_SECONDS
                    + " s, then on B)";
            default -> kind.label();
        };
    }
}
