package io.poolbench.suite.process;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * One sample of a JMeter CSV results file (JTL), and the one reader of such files: every report that needs JMeter's
 * samples (statistics by label, error budgets, timelines, the time outside the servlet, latency from the intended
 * start) reads them here once.
 *
 * @param startEpochMs JMeter's {@code timeStamp}: when the sample started, ms since the epoch
 * @param elapsedMs JMeter's {@code elapsed}: from just before sending the request to after the last byte of the
 *     response, ms
 * @param label the sampler's label (the Aurora scenario: the screen)
 * @param responseCode JMeter's {@code responseCode} ({@code "?"} when the file has no such column); for a request
 *     without an HTTP answer it starts with {@code Non HTTP}
 * @param success JMeter's {@code success}
 * @param url JMeter's {@code URL} ({@code ""} when the file has no such column)
 * @param intendedStartEpochMs when the plan's pacing schedule meant this sample to start, ms since the epoch (the
 *     {@code intendedStartMs} sample variable of the Aurora article's plan); -1 when the file has no such column (plans
 *     without pacing)
 */
public record JtlSample(long startEpochMs, long elapsedMs, String label, String responseCode, boolean success,
        String url, long intendedStartEpochMs) {
    /** The column the Aurora article's plan saves as a sample variable ({@code sample_variables}). */
    public static final String INTENDED_START_COLUMN = "intendedStartMs";

    /** @return when the sample ended, ms since the epoch */
    public long endEpochMs() {
        return startEpochMs + elapsedMs;
    }

    /** @return false for a request that got no HTTP answer (refused, reset, timed out) */
    public boolean answered() {
        return !responseCode.startsWith("Non HTTP");
    }

    /**
     * @return response time from the intended start, ms: the end minus the intended start (coordinated omission
     *     corrected by the schedule itself); -1 when the sample has no intended start
     */
    public long fromIntendedStartMs() {
        return intendedStartEpochMs < 0 ? -1 : Math.max(elapsedMs, endEpochMs() - intendedStartEpochMs);
    }

    /**
     * Reads every complete sample of a JMeter CSV results file with a header line (JMeter's default). A line cut
     * short by an interrupted run is left out.
     *
     * @param csv results file
     * @return the samples in file order
     * @throws IOException when the file cannot be read, lacks the {@code timeStamp}, {@code elapsed}, {@code label} or
     *     {@code success} column, or holds a damaged number
     */
    public static List<JtlSample> read(Path csv) throws IOException {
        List<JtlSample> out = new ArrayList<>();
        try (Reader r = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            for (CSVRecord rec : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(r)) {
                if (!rec.isConsistent()) {
                    continue; // a line cut short by an interrupted run
                }
                String intended = rec.isMapped(INTENDED_START_COLUMN) ? rec.get(INTENDED_START_COLUMN) : "";
                out.add(new JtlSample(Long.parseLong(rec.get("timeStamp")), Long.parseLong(rec.get("elapsed")),
                        rec.get("label"), rec.isMapped("responseCode") ? rec.get("responseCode") : "?",
                        Boolean.parseBoolean(rec.get("success")), rec.isMapped("URL") ? rec.get("URL") : "",
                        intendedStart(intended)));
            }
        } catch (IllegalArgumentException | IllegalStateException | UncheckedIOException e) {
            // NumberFormatException is an IllegalArgumentException: a damaged timeStamp or elapsed value
            throw new IOException(csv + " is not a JMeter CSV results file with a header: " + e.getMessage(), e);
        }
        return out;
    }

    /** @return the intended start of a sample variable's text; -1 when empty or {@code null} (an engine without it) */
    private static long intendedStart(String text) {
        return text.isBlank() || text.equals("null") ? -1 : Long.parseLong(text.trim());
    }
}
