package io.poolbench.suite.process;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Per-label statistics of a JMeter CSV results file (JTL), in the shape of the Aurora article's table: requests, errors,
 * throughput, average, median, 90th/99th percentile, min and max of the elapsed time (ms, as JMeter records it:
 * from just before sending the request to after the last byte of the response).
 *
 * <p>Percentiles come from an HdrHistogram with 3 significant digits (exact below 2,048 ms, within 0.1 % above).
 * Throughput follows JMeter's definition: requests / (last sample end − first sample start).
 */
public final class JtlSummary {
    private JtlSummary() {
    }

    /**
     * Statistics of one sampler label (query class).
     *
     * @param label sampler label ({@code short}, {@code medium}, {@code long}, or {@code all})
     * @param requests samples
     * @param errors samples with success=false
     * @param throughput requests per second over the label's own time span
     * @param avgMs mean elapsed, ms
     * @param medianMs median, ms
     * @param p90Ms 90th percentile, ms
     * @param p95Ms 95th percentile, ms (k6's and the concurrency article's P95)
     * @param p99Ms 99th percentile, ms
     * @param minMs minimum, ms
     * @param maxMs maximum, ms
     * @param stdDevMs standard deviation, ms
     * @param spanSeconds first start to last end, s
     * @param errorsByCode response code → count, for failed samples
     */
    public record LabelStats(String label, long requests, long errors, double throughput, double avgMs, long medianMs,
            long p90Ms, long p95Ms, long p99Ms, long minMs, long maxMs, double stdDevMs, double spanSeconds,
            Map<String, Long> errorsByCode) {
    }

    private static final class Acc {
        final Histogram h = new Histogram(3_600_000L, 3);
        long errors;
        long firstStart = Long.MAX_VALUE;
        long lastEnd = Long.MIN_VALUE;
        final Map<String, Long> codes = new TreeMap<>();

        void add(long start, long elapsed, boolean ok, String code) {
            h.recordValue(Math.max(0, Math.min(elapsed, 3_600_000L)));
            firstStart = Math.min(firstStart, start);
            lastEnd = Math.max(lastEnd, start + elapsed);
            if (!ok) {
                errors++;
                codes.merge(code, 1L, Long::sum);
            }
        }

        LabelStats stats(String label, double windowSeconds) {
            long n = h.getTotalCount();
            double span = windowSeconds > 0 ? windowSeconds : n == 0 ? 0 : Math.max(1, lastEnd - firstStart) / 1000.0;
            return new LabelStats(label, n, errors, n == 0 ? 0 : n / span, h.getMean(),
                    h.getValueAtPercentile(50), h.getValueAtPercentile(90), h.getValueAtPercentile(95),
                    h.getValueAtPercentile(99),
                    n == 0 ? 0 : h.getMinValue(), h.getMaxValue(), h.getStdDeviation(), span, codes);
        }
    }

    /**
     * Reads a JTL in CSV format with a header line (JMeter's default).
     *
     * @param csv results file
     * @return label → stats in first-seen order, plus {@code all} at the end
     * @throws IOException when the file cannot be read or lacks the timeStamp/elapsed/label/success columns
     */
    public static Map<String, LabelStats> read(Path csv) throws IOException {
        return read(csv, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /**
     * Reads the samples that started after a warm-up: the first {@code warmupMs} from the earliest sample's start
     * are left out (for a JMeter ramp-up, the time its threads were still starting).
     *
     * @param csv results file
     * @param warmupMs ms from the first sample's start that are left out, ≥ 0
     * @return label → stats of the samples that started after the warm-up, plus {@code all}; empty stats (n = 0)
     *     when no sample did
     * @throws IOException see {@link #read(Path)}
     */
    public static Map<String, LabelStats> readAfterWarmup(Path csv, long warmupMs) throws IOException {
        List<JtlSample> samples = JtlSample.read(csv);
        long first = samples.stream().mapToLong(JtlSample::startEpochMs).min().orElse(Long.MIN_VALUE);
        return first == Long.MIN_VALUE ? of(samples, Long.MIN_VALUE, Long.MAX_VALUE)
                : of(samples, first + warmupMs, Long.MAX_VALUE);
    }

    /**
     * Reads the samples that started within a window (to leave out a warm-up).
     *
     * @param csv results file
     * @param fromEpochMs first start time counted, ms since the epoch (inclusive)
     * @param toEpochMs end of the window (exclusive)
     * @return label → stats in first-seen order, plus {@code all} at the end
     * @throws IOException see {@link #read(Path)}
     */
    public static Map<String, LabelStats> read(Path csv, long fromEpochMs, long toEpochMs) throws IOException {
        return read(csv, fromEpochMs, toEpochMs, false);
    }

    /**
     * Reads the samples that <em>ended</em> within a window of a steady load, and gives the throughput over the
     * window's length: for a window that is short against the response times, counting by start time and dividing
     * by the samples' own span (JMeter's definition) would under-state the rate, because requests started near the
     * end run on long after it. This is the window as a closed loop's steady state: Little's law (users = rate ×
     * (response time + pause)) holds on it.
     *
     * @param csv results file
     * @param fromEpochMs window start, ms since the epoch (inclusive)
     * @param toEpochMs window end (exclusive)
     * @return label → stats, plus {@code all}; throughput = samples ÷ window length, spanSeconds = window length
     * @throws IOException see {@link #read(Path)}
     */
    public static Map<String, LabelStats> readCompletedIn(Path csv, long fromEpochMs, long toEpochMs)
            throws IOException {
        return read(csv, fromEpochMs, toEpochMs, true);
    }

    /**
     * Statistics of the samples that started within a window (a pure function).
     *
     * @param samples JMeter's samples ({@link JtlSample#read})
     * @param fromEpochMs first start time counted, ms since the epoch (inclusive)
     * @param toEpochMs end of the window (exclusive)
     * @return label → stats in first-seen order, plus {@code all} at the end
     */
    public static Map<String, LabelStats> of(List<JtlSample> samples, long fromEpochMs, long toEpochMs) {
        return of(samples, fromEpochMs, toEpochMs, false);
    }

    private static Map<String, LabelStats> read(Path csv, long fromEpochMs, long toEpochMs, boolean byEnd)
            throws IOException {
        return of(JtlSample.read(csv), fromEpochMs, toEpochMs, byEnd);
    }

    private static Map<String, LabelStats> of(List<JtlSample> samples, long fromEpochMs, long toEpochMs,
            boolean byEnd) {
        Map<String, Acc> by = new LinkedHashMap<>();
        Acc all = new Acc();
        for (JtlSample x : samples) {
            long t = byEnd ? x.endEpochMs() : x.startEpochMs();
            if (t < fromEpochMs || t >= toEpochMs) {
                continue;
            }
            by.computeIfAbsent(x.label(), k -> new Acc()).add(x.startEpochMs(), x.elapsedMs(), x.success(),
                    x.responseCode());
            all.add(x.startEpochMs(), x.elapsedMs(), x.success(), x.responseCode());
        }
        Map<String, LabelStats> out = new LinkedHashMap<>();
        double window = byEnd ? (toEpochMs - fromEpochMs) / 1000.0 : 0;
        by.forEach((k, v) -> out.put(k, v.stats(k, window)));
        out.put("all", all.stats("all", window));
        return out;
    }
}
