package io.poolbench.suite.aurora.waits;

import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.suite.aurora.run.Screens;
import io.poolbench.suite.process.JtlSample;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.load.ScreenLog;
import io.poolbench.testbed.report.Table;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The time a request spent outside the servlet: JMeter's elapsed time (from just before sending the request to the
 * last byte of the answer) minus the servlet's own time in the webapp's record ({@code screens.csv}). What is left
 * is Tomcat's queue (a request waits for a free worker thread once all of {@code maxThreads} are busy, and in the
 * accept queue before that), the HTTP exchange on loopback and JMeter's own overhead. Near a knee a request can wait
 * there before it reaches the pool at all, and the pool's borrow wait then understates the queue, so the report sets
 * it beside the borrow wait.
 *
 * <p>Each JMeter sample is matched with the webapp's record of the same request: the same user (the {@code user=}
 * parameter of the sample's URL, the record's {@code user}), the same screen, the servlet starting within the
 * sample (1 ms of clock granularity allowed), in order: a user's JMeter thread sends one request at a time. A sample
 * without an HTTP answer ({@code Non HTTP response code}) has no record and is left out; what stays unmatched on
 * either side is counted. Both processes read the same clock only with local JMeter engines; with
 * {@code --remote-engines} nothing is matched.
 */
public final class OutsideServlet {
    /** Up to this many runs the section has a row per screen; above (a saturation map), the short screen's only. */
    static final int EVERY_SCREEN_UP_TO_RUNS = 6;
    /** Clock granularity allowed between JMeter's time stamp and the servlet's start, ms. */
    static final long SLACK_MS = 1;

    private OutsideServlet() {
    }

    /**
     * One screen's time outside the servlet in one run (measured period).
     *
     * @param screen short, medium or long
     * @param matched samples matched with the webapp's record
     * @param unmatchedSamples answered samples of the measured period without a record
     * @param p50Ms median time outside the servlet, ms
     * @param p99Ms 99th percentile, ms
     * @param maxMs maximum, ms
     */
    record ScreenOutside(String screen, long matched, long unmatchedSamples, double p50Ms, double p99Ms,
            double maxMs) {
    }

    /** @return the {@code user=} parameter of a URL, -1 when absent or not a number */
    static long user(String url) {
        int i = url.indexOf("user=");
        if (i < 0) {
            return -1;
        }
        int end = url.indexOf('&', i);
        try {
            return Long.parseLong(url.substring(i + 5, end < 0 ? url.length() : end));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * Matches samples and records and summarises the time outside the servlet per screen (a pure function).
     *
     * @param samples JMeter's samples
     * @param log the webapp's record of every request
     * @param fromEpochMs start of the measured period (by JMeter's time stamp)
     * @param toEpochMs its end (exclusive)
     * @return per screen that had an answered sample in the period, in the order of {@link Screens#NAMES};
     *     times below 0 (JMeter's whole milliseconds against the servlet's microseconds) count as 0
     */
    static List<ScreenOutside> of(List<JtlSample> samples, List<ScreenLog.Entry> log, long fromEpochMs,
            long toEpochMs) {
        Map<Long, List<JtlSample>> byUser = new LinkedHashMap<>();
        samples.stream().filter(JtlSample::answered)
                .forEach(s -> byUser.computeIfAbsent(user(s.url()), k -> new ArrayList<>()).add(s));
        byUser.remove(-1L); // a file without URLs, or a URL without a user

        Map<Long, List<ScreenLog.Entry>> records = new LinkedHashMap<>();
        log.forEach(e -> records.computeIfAbsent(e.user(), k -> new ArrayList<>()).add(e));
        Map<String, List<Double>> outside = new LinkedHashMap<>();
        Map<String, long[]> unmatched = new LinkedHashMap<>();
        byUser.forEach((user, mine) -> {
            mine.sort(Comparator.comparingLong(JtlSample::startEpochMs));
            List<ScreenLog.Entry> theirs = new ArrayList<>(records.getOrDefault(user, List.of()));
            theirs.sort(Comparator.comparingLong(ScreenLog.Entry::startEpochMs));
            int j = 0;
            for (JtlSample s : mine) {
                while (j < theirs.size() && theirs.get(j).startEpochMs() < s.startEpochMs() - SLACK_MS) {
                    j++; // a record before this sample: its sample is outside the file (warm-up cut, or none)
                }
                boolean counted = s.startEpochMs() >= fromEpochMs && s.startEpochMs() < toEpochMs;
                ScreenLog.Entry e = j < theirs.size() ? theirs.get(j) : null;
                if (e != null && e.startEpochMs() <= s.startEpochMs() + s.elapsedMs() + SLACK_MS
                        && e.screen().equals(s.label())) {
                    j++;
                    if (counted) {
                        outside.computeIfAbsent(s.label(), k -> new ArrayList<>())
                                .add(Math.max(0, s.elapsedMs() - e.elapsedUs() / 1000.0));
                    }
                } else if (counted) {
                    unmatched.computeIfAbsent(s.label(), k -> new long[1])[0]++;
                }
            }
        });
        List<ScreenOutside> out = new ArrayList<>();
        for (String screen : Screens.NAMES) {
            List<Double> t = outside.getOrDefault(screen, List.of());
            long missed = unmatched.containsKey(screen) ? unmatched.get(screen)[0] : 0;
            if (t.isEmpty() && missed == 0) {
                continue;
            }
            out.add(new ScreenOutside(screen, t.size(), missed, t.isEmpty() ? Double.NaN : Figures.median(t),
                    t.isEmpty() ? Double.NaN : Figures.nearestRank(t, 0.99),
                    t.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN)));
        }
        return out;
    }

    /**
     * The report's section: one row per run and screen.
     *
     * @param runs each run's files
     * @return the Markdown; empty when no run matched a request
     */
    public static String section(List<RunFiles> runs) {
        boolean every = runs.size() <= EVERY_SCREEN_UP_TO_RUNS;
        Table rows = Table.of("run", "screen", ">matched", ">unmatched", ">p50 ms", ">p99 ms", ">max ms");
        for (RunFiles r : runs) {
            for (ScreenOutside s : of(r.samples(), r.screens(), r.outcome().measureFromEpochMs(),
                    r.outcome().measureToEpochMs())) {
                if (!every && !s.screen().equals("short")) {
                    continue;
                }
                rows.row(r.id(), s.screen(), String.format(Locale.ROOT, "%,d", s.matched()), String.format(Locale.ROOT,
                        "%,d", s.unmatchedSamples()), ms(s.p50Ms()), ms(s.p99Ms()), ms(s.maxMs()));
            }
        }
        if (rows.isEmpty()) {
            return "";
        }
        return "## Time outside the servlet (measured period)\n\nJMeter's response time minus the servlet's own time"
                + " (the webapp's record), per request, matched by user, screen and start: Tomcat's queue for a"
                + " worker thread and its accept queue, the HTTP exchange on loopback and JMeter's overhead. A"
                + " request that waits here has not reached the pool yet, so its borrow wait does not show it."
                + " Unmatched: answered samples without a record of the webapp's." + (every ? "" : " The short"
                + " screen only, over " + EVERY_SCREEN_UP_TO_RUNS + " runs.") + "\n\n" + rows.markdown() + "\n";
    }

    private static String ms(double v) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%,.1f", v);
    }
}
