package io.poolbench.suite.aurora.run;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One run's figures.
 *
 * @param id run id
 * @param pool pool display name
 * @param screens per screen
 * @param measuredRequests requests started in the measured period
 * @param measuredSeconds length of the measured period, s
 * @param targetPerSecond target request rate, requests/s
 * @param errorsByCode failed requests by response code, measured period
 */
public record RunStats(String id, String pool, List<ScreenStats> screens, long measuredRequests, double measuredSeconds,
        double targetPerSecond, Map<String, Long> errorsByCode) {
    /** @return achieved rate, requests/s */
    public double achievedPerSecond() {
        return measuredSeconds <= 0 ? 0 : measuredRequests / measuredSeconds;
    }

    /** @return the one-line outcome of the run for the manifest and the console */
    public String line() {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%d requests measured, %.2f of %.2f"
                + " requests/s", measuredRequests, achievedPerSecond(), targetPerSecond));
        for (ScreenStats s : screens) {
            sb.append(String.format(Locale.ROOT, "; %s median %d, p90 %d, max %,d ms", s.screen(), s.medianMs(),
                    s.p90Ms(), s.maxMs()));
        }
        long errors = screens.stream().mapToLong(ScreenStats::errors).sum();
        return sb.append("; errors ").append(errors).toString();
    }
}
