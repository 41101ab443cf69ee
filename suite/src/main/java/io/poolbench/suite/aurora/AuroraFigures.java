package io.poolbench.suite.aurora;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.process.JtlSample;
import io.poolbench.suite.process.JtlSummary;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.load.ErrorBudget;
import io.poolbench.testbed.load.ScreenLog;
import io.poolbench.testbed.load.ScreenModel;
import io.poolbench.testbed.report.ResultJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One seed 004 run's figures per screen, from its files: JMeter's samples of the measured period, the webapp's own
 * record of every request (borrow times) and the screens' model (the SQL time alone).
 */
final class AuroraFigures {
    private static final ObjectMapper JSON = ResultJson.MAPPER;

    private AuroraFigures() {
    }

    /**
     * Statistics of one screen in one run (measured period only).
     *
     * @param screen short, medium or long
     * @param n requests that started in the measured period
     * @param errors of those, the failed ones (JMeter success=false)
     * @param avgMs mean response time, ms
     * @param medianMs median, ms
     * @param p90Ms 90th percentile, ms
     * @param p99Ms 99th percentile, ms
     * @param minMs minimum, ms
     * @param maxMs maximum, ms
     * @param borrowP99Ms 99th percentile of a request's total time in getConnection, ms (webapp's record)
     * @param borrowMaxMs longest single getConnection, ms
     * @param sqlAloneMaxMs the longest SQL time alone of this screen among the run's users, ms (the model)
     */
    record ScreenStats(String screen, long n, long errors, double avgMs, long medianMs, long p90Ms, long p99Ms,
            long minMs, long maxMs, double borrowP99Ms, double borrowMaxMs, long sqlAloneMaxMs) {
    }

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
    record RunStats(String id, String pool, List<ScreenStats> screens, long measuredRequests, double measuredSeconds,
            double targetPerSecond, Map<String, Long> errorsByCode) {
        /** @return achieved rate, requests/s */
        double achievedPerSecond() {
            return measuredSeconds <= 0 ? 0 : measuredRequests / measuredSeconds;
        }

        /** @return the one-line outcome of the run for the manifest and the console */
        String line() {
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

    /**
     * One run's files, each read once for the whole report.
     *
     * @param stats the run's figures
     * @param outcome its {@code outcome.json}
     * @param screens the webapp's record of every request ({@code screens.csv}), empty when the run wrote none
     * @param failover what the failover did to the requests ({@link AuroraFailover#counts}), computed once for the
     *     failover table and the rounds; null when the run injected none
     * @param outside per screen, the time its requests spent outside the servlet ({@link OutsideServlet})
     * @param samples JMeter's samples of the whole run ({@code results.csv}), warm-up included
     */
    record RunFiles(RunStats stats, AuroraData.Outcome outcome, List<ScreenLog.Entry> screens,
            AuroraFailover.Counts failover, List<OutsideServlet.ScreenOutside> outside, List<JtlSample> samples) {
        /** @return the run's id */
        String id() {
            return stats.id();
        }
    }

    /**
     * Reads one run's files ({@code outcome.json}, {@code results.csv}, {@code screens.csv}) and computes its figures.
     *
     * @param runDir {@code seed004/<run>/}
     * @return the figures with the files they came from
     * @throws IOException when a file cannot be read
     */
    static RunFiles read(Path runDir) throws IOException {
        AuroraData.Outcome o = JSON.readValue(runDir.resolve("outcome.json").toFile(), AuroraData.Outcome.class);
        long from = o.measureFromEpochMs();
        long to = o.measureToEpochMs();
        List<JtlSample> samples = JtlSample.read(runDir.resolve("results.csv"));
        Map<String, JtlSummary.LabelStats> jtl = JtlSummary.of(samples, from, to);
        List<ScreenLog.Entry> log = Files.isRegularFile(runDir.resolve("screens.csv"))
                ? ScreenLog.read(runDir.resolve("screens.csv")) : List.of();
        long longMaxMs = o.longScreenMaxMs() == null ? ScreenModel.ARTICLE_LONG_MAX_MS : o.longScreenMaxMs();
        ScreenModel model = ShortScreen.screens(o.shortScreen(), ScreenModel.Borrow.PER_REQUEST, longMaxMs);
        return new RunFiles(compute(o.id(), o.pool(), jtl, log, model, from, to, o.targetPerSecond()), o, log,
                AuroraFailover.counts(o, log), OutsideServlet.of(samples, log, from, to), samples);
    }

    /**
     * The figures from parsed inputs (a pure function).
     *
     * @param id run id
     * @param pool pool display name
     * @param jtl JMeter statistics of the measured period by label
     * @param log the webapp's record of every request
     * @param model the screens' model (for the SQL time alone)
     * @param fromEpochMs start of the measured period
     * @param toEpochMs end of the measured period
     * @param targetPerSecond target rate
     * @return the figures
     */
    static RunStats compute(String id, String pool, Map<String, JtlSummary.LabelStats> jtl,
            List<ScreenLog.Entry> log, ScreenModel model, long fromEpochMs, long toEpochMs, double targetPerSecond) {
        List<ScreenStats> screens = new ArrayList<>();
        long measured = 0;
        Map<String, Long> errorsByCode = new TreeMap<>();
        for (String screen : AuroraReport.SCREENS) {
            JtlSummary.LabelStats js = jtl.get(screen);
            List<Double> borrowTotals = new ArrayList<>();
            double borrowMax = 0;
            long aloneMax = 0;
            for (ScreenLog.Entry e : log) {
                if (!e.screen().equals(screen) || e.startEpochMs() < fromEpochMs || e.startEpochMs() >= toEpochMs) {
                    continue;
                }
                borrowTotals.add(e.borrowWaitUs() / 1000.0);
                borrowMax = Math.max(borrowMax, e.borrowMaxUs() / 1000.0);
                aloneMax = Math.max(aloneMax, Math.round(model.sqlMs(ScreenModel.Screen.parse(screen), e.user())));
            }
            if (js == null) {
                continue;
            }
            measured += js.requests();
            js.errorsByCode().forEach((k, v) -> errorsByCode.merge(k, v, Long::sum));
            Double p99 = borrowTotals.isEmpty() ? null : Figures.nearestRank(borrowTotals, 0.99);
            screens.add(new ScreenStats(screen, js.requests(), js.errors(), js.avgMs(), js.medianMs(), js.p90Ms(),
                    js.p99Ms(), js.minMs(), js.maxMs(), p99 == null ? Double.NaN : p99,
                    borrowTotals.isEmpty() ? Double.NaN : borrowMax, aloneMax));
        }
        return new RunStats(id, pool, screens, measured, (toEpochMs - fromEpochMs) / 1000.0, targetPerSecond,
                errorsByCode);
    }

    /**
     * The run's error budget: the failed share of the requests that started in the measured period, leaving out
     * the failover's (those in flight at the injection or started before the end of its window,
     * {@link AuroraFailover#window}).
     *
     * @param requests requests counted against the budget
     * @param errors of those, the failed ones
     * @param failoverRequests requests of the failover's or the stalls' windows (not counted)
     * @param failoverErrors of those, the failed ones
     */
    record Budget(long requests, long errors, long failoverRequests, long failoverErrors) {
        /**
         * @param maxErrorPercent the budget, %
         * @return true when the failed share passes it
         */
        boolean exceeded(double maxErrorPercent) {
            return ErrorBudget.exceeded(errors, requests, "requests", maxErrorPercent) != null;
        }

        /**
         * @param maxErrorPercent the budget, %
         * @return why a run over the budget failed, one line
         */
        String failure(double maxErrorPercent) {
            return ErrorBudget.exceeded(errors, requests, "requests of the measured period", maxErrorPercent)
                    + (failoverRequests == 0 ? "" : String.format(Locale.ROOT, "; the failover's or the stalls'"
                    + " windows (%,d requests, %,d failed) are left out", failoverRequests, failoverErrors))
                    + ": the figures are not a result";
        }
    }

    /**
     * Counts a run's error budget.
     *
     * @param run the run's files
     * @return the budget's counts
     */
    static Budget budget(RunFiles run) {
        AuroraData.Outcome o = run.outcome();
        long[] failover = run.screens().isEmpty() ? null : AuroraFailover.window(o, run.screens());
        List<long[]> windows = new ArrayList<>(AuroraStalls.windows(o));
        if (failover != null) {
            windows.add(failover);
        }
        long n = 0;
        long errors = 0;
        long wn = 0;
        long we = 0;
        for (JtlSample x : run.samples()) {
            long start = x.startEpochMs();
            if (start < o.measureFromEpochMs() || start >= o.measureToEpochMs()) {
                continue;
            }
            boolean failed = !x.success();
            long end = x.endEpochMs();
            // the failover's or a stall's: in flight at its start or started before its window ends
            if (windows.stream().anyMatch(w -> end >= w[0] && start < w[1])) {
                wn++;
                we += failed ? 1 : 0;
            } else {
                n++;
                errors += failed ? 1 : 0;
            }
        }
        return new Budget(n, errors, wn, we);
    }

}
