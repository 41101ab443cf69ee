package io.poolbench.suite.compare;

import io.poolbench.suite.process.JtlSummary;
import io.poolbench.testbed.load.ErrorBudget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Whether a web-load phase produced a result: samples, and failed requests within the error budget. */
final class LoadVerdict {
    private LoadVerdict() {
    }

    /**
     * Whether a load produced a result: samples exist and the share of failed requests is within the limit.
     *
     * @param results the JTL
     * @param maxErrorPercent limit, %
     * @return the ok line: requests, errors, achieved rate
     * @throws CompareExperiment.PhaseFailure when there are no samples, the file is unreadable or the error share is too high
     */
    static String judge(Path results, double maxErrorPercent) throws CompareExperiment.PhaseFailure {
        JtlSummary.LabelStats all;
        try {
            all = Files.isRegularFile(results) ? JtlSummary.read(results).get("all") : null;
        } catch (IOException e) {
            throw new CompareExperiment.PhaseFailure("JMeter's results are unreadable: " + e.getMessage());
        }
        if (all == null || all.requests() == 0) {
            throw new CompareExperiment.PhaseFailure("JMeter recorded no samples (" + results + ")");
        }
        String over = ErrorBudget.exceeded(all.errors(), all.requests(), "requests", maxErrorPercent);
        if (over != null) {
            throw new CompareExperiment.PhaseFailure(over + ": the numbers would describe errors, not the pool;"
                    + " errors by response code: " + all.errorsByCode());
        }
        return String.format(Locale.ROOT, "%,d requests, %,d errors, %.1f req/s", all.requests(), all.errors(),
                all.throughput());
    }
}
