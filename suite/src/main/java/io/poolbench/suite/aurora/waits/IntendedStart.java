package io.poolbench.suite.aurora.waits;

import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.suite.aurora.run.Screens;
import io.poolbench.suite.process.JtlSample;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.report.Table;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Latency from each request's intended start, beside JMeter's own. aurora-screens.jmx paces its users to a Poisson schedule
 * and saves each sample's place in it ({@link JtlSample#intendedStartEpochMs}). JMeter's elapsed time starts when a
 * thread actually sends the request; when every thread of an engine is busy (near a knee, or while a stall holds
 * them), the next request of the schedule starts late, and JMeter's figure leaves that wait out: coordinated
 * omission (Gil Tene's term). The latency from the intended start (end − intended start) puts it back. The issue
 * (21) asks for it beside JMeter's own so that a generator that falls behind cannot hide a queue.
 *
 * <p>A sample counts in the measured period by its intended start. "Late" is a start more than {@value #LATE_MS} ms
 * after the intended one (JMeter's whole-millisecond time stamps and a thread's wake-up leave a few ms).
 */
public final class IntendedStart {
    /** A start this much after the intended one counts as late, ms. */
    static final long LATE_MS = 10;

    private IntendedStart() {
    }

    /**
     * One screen's latency in one run's measured period.
     *
     * @param screen short, medium or long
     * @param samples samples with an intended start in the period
     * @param late of them, started more than {@link #LATE_MS} after it
     * @param maxLateMs the longest such delay, ms
     * @param jmeterP99Ms JMeter's own elapsed time, 99th percentile (nearest rank), ms
     * @param jmeterMaxMs its maximum, ms
     * @param p99Ms latency from the intended start, 99th percentile, ms
     * @param maxMs its maximum, ms
     */
    record ScreenLatency(String screen, long samples, long late, long maxLateMs, double jmeterP99Ms,
            double jmeterMaxMs, double p99Ms, double maxMs) {
    }

    /**
     * Per screen, the latency from the intended start against JMeter's (a pure function).
     *
     * @param samples JMeter's samples of a run
     * @param fromEpochMs start of the measured period (by intended start)
     * @param toEpochMs its end (exclusive)
     * @return per screen with a sample in the period, in the order of {@link Screens#NAMES}; empty when the
     *     samples carry no intended start (runs recorded before it was saved)
     */
    static List<ScreenLatency> of(List<JtlSample> samples, long fromEpochMs, long toEpochMs) {
        Map<String, List<JtlSample>> by = new LinkedHashMap<>();
        for (JtlSample x : samples) {
            long t = x.intendedStartEpochMs();
            if (t >= fromEpochMs && t < toEpochMs) {
                by.computeIfAbsent(x.label(), k -> new ArrayList<>()).add(x);
            }
        }
        List<ScreenLatency> out = new ArrayList<>();
        for (String screen : Screens.NAMES) {
            List<JtlSample> mine = by.get(screen);
            if (mine == null) {
                continue;
            }
            List<Long> jmeter = mine.stream().map(JtlSample::elapsedMs).toList();
            List<Long> intended = mine.stream().map(JtlSample::fromIntendedStartMs).toList();
            List<Long> lateBy = mine.stream().map(x -> x.startEpochMs() - x.intendedStartEpochMs()).toList();
            out.add(new ScreenLatency(screen, mine.size(), lateBy.stream().filter(l -> l > LATE_MS).count(),
                    Math.max(0, lateBy.stream().mapToLong(Long::longValue).max().orElse(0)),
                    Figures.nearestRank(jmeter, 0.99), max(jmeter), Figures.nearestRank(intended, 0.99),
                    max(intended)));
        }
        return out;
    }

    private static double max(List<Long> v) {
        return v.stream().mapToLong(Long::longValue).max().orElse(-1);
    }

    /**
     * The report's section: one row per run and screen (the short screen's only over
     * {@link OutsideServlet#EVERY_SCREEN_UP_TO_RUNS} runs).
     *
     * @param runs each run's files
     * @return the Markdown; empty when no run saved intended starts
     */
    public static String section(List<RunFiles> runs) {
        boolean every = runs.size() <= OutsideServlet.EVERY_SCREEN_UP_TO_RUNS;
        Table t = Table.of("run", "screen", ">n", ">started late", ">most behind schedule, ms", ">JMeter p99 ms",
                ">from intended start p99 ms", ">JMeter max ms", ">from intended start max ms");
        for (RunFiles r : runs) {
            for (ScreenLatency s : of(r.samples(), r.outcome().measureFromEpochMs(), r.outcome().measureToEpochMs())) {
                if (!every && !s.screen().equals("short")) {
                    continue;
                }
                t.row(r.id(), s.screen(), String.format(Locale.ROOT, "%,d", s.samples()),
                        String.format(Locale.ROOT, "%,d", s.late()), String.format(Locale.ROOT, "%,d", s.maxLateMs()),
                        ms(s.jmeterP99Ms()), ms(s.p99Ms()), ms(s.jmeterMaxMs()), ms(s.maxMs()));
            }
        }
        if (t.isEmpty()) {
            return "";
        }
        return "## Latency from each request's intended start (measured period)\n\nThe plan paces each engine's"
                + " users to a Poisson schedule and saves each request's intended start. JMeter's own time begins"
                + " when a thread sends the request; when every thread is busy the request starts late and JMeter"
                + " leaves that wait out (coordinated omission). From intended start = end − intended start."
                + " Started late: more than " + LATE_MS + " ms after the intended start. Samples count by intended"
                + " start." + (every ? "" : " The short screen only, over " + OutsideServlet.EVERY_SCREEN_UP_TO_RUNS
                + " runs.") + "\n\n" + t.markdown() + "\n";
    }

    private static String ms(double v) {
        return v < 0 || Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%,.0f", v);
    }
}
