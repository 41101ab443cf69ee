package io.poolbench.suite.report;

import java.util.Locale;
import java.util.Map;

/**
 * Where a measured step spent the machine, from the CPU each process used over the step's window: one process at
 * {@value #PROCESS_CORES} of a core or more (it cannot go much faster on one core's worth of work), or all processes
 * together at {@value #MACHINE_SHARE} of the machine's cores or more (the documented thresholds, docs/concepts.md). When
 * the bottleneck is
 * the load generator (JMeter) or the whole machine, a comparison at that step measures the harness, not the stack,
 * and the report says so.
 *
 * <p>Beside it, what the machine changes less than req/s: CPU time per request per process, µs (cores busy × 10⁶ ÷
 * req/s).
 */
public final class Bottleneck {
    /** Cores one process must keep busy to be called the bottleneck. */
    static final double PROCESS_CORES = 0.9;
    /** Share of the machine's cores all processes together must keep busy for the machine to be the bottleneck. */
    static final double MACHINE_SHARE = 0.9;
    /** The name a load generator goes by in the CPU maps ({@code jmeter}, {@code jmeter engine 1}, ...). */
    static final String LOAD_GENERATOR = "jmeter";
    /** The words that end a verdict whose step measured the harness, not the stack. */
    public static final String HARNESS = ", measures the harness";

    private Bottleneck() {
    }

    /**
     * @param cpuCores cores busy per process over the window (e.g. {@code webapp}, {@code jmeter}, {@code database})
     * @param machineCores the machine's cores, or null when unknown (the machine is then not judged)
     * @return the busiest process at ≥ {@value #PROCESS_CORES} cores with its figure, else "the machine" when all
     *     together reach {@value #MACHINE_SHARE} of its cores, else "none"; with ", measures the harness" when that
     *     is JMeter or the machine; "–" without CPU figures
     */
    public static String of(Map<String, Double> cpuCores, Integer machineCores) {
        if (cpuCores == null || cpuCores.isEmpty()) {
            return "–";
        }
        String busiest = null;
        double most = 0;
        double total = 0;
        for (Map.Entry<String, Double> e : cpuCores.entrySet()) {
            double v = e.getValue() == null ? 0 : e.getValue();
            total += v;
            if (v > most) {
                most = v;
                busiest = e.getKey();
            }
        }
        if (busiest != null && most >= PROCESS_CORES) {
            return String.format(Locale.ROOT, "%s (%.2f cores)%s", busiest, most,
                    busiest.startsWith(LOAD_GENERATOR) ? HARNESS : "");
        }
        if (machineCores != null && total >= MACHINE_SHARE * machineCores) {
            return String.format(Locale.ROOT, "the machine (%.2f of %d cores)%s", total, machineCores, HARNESS);
        }
        return "none";
    }

    /**
     * @param verdict {@link #of}'s answer
     * @return true when the step measured the harness (the load generator or the whole machine was the limit)
     */
    public static boolean measuresHarness(String verdict) {
        return verdict.endsWith(HARNESS);
    }

    /**
     * @param cores cores a process kept busy over the window
     * @param perSecond requests completed per second in the same window
     * @return its CPU time per request, µs; NaN when either is missing or the rate is not above 0
     */
    public static double microsPerRequest(Double cores, Double perSecond) {
        return cores == null || perSecond == null || !(perSecond > 0) ? Double.NaN : cores * 1e6 / perSecond;
    }
}
