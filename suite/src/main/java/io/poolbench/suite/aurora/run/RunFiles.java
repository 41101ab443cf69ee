package io.poolbench.suite.aurora.run;

import io.poolbench.suite.process.JtlSample;
import io.poolbench.suite.process.JtlSummary;
import io.poolbench.suite.report.Bottleneck;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.load.ScreenLog;
import io.poolbench.testbed.load.ScreenModel;
import io.poolbench.testbed.report.ResultJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * One run's files, each read once for the whole report.
 *
 * @param stats the run's figures
 * @param outcome its {@code outcome.json}
 * @param screens the webapp's record of every request ({@code screens.csv}), empty when the run wrote none
 * @param samples JMeter's samples of the whole run ({@code results.csv}), warm-up included
 */
public record RunFiles(RunStats stats, RunOutcome outcome, List<ScreenLog.Entry> screens,
        List<JtlSample> samples) {
    /** @return the run's id */
    public String id() {
        return stats.id();
    }

    /**
     * @return where the run spent the machine over its measured period ({@link Bottleneck#of}, this machine's cores),
     *     e.g. {@code jmeter engine 1 (0.95 cores), measures the harness}; "–" without CPU figures
     */
    public String bottleneck() {
        Map<String, Double> cores = new LinkedHashMap<>();
        if (outcome.cpu() != null) {
            outcome.cpu().forEach(c -> cores.put(c.name(), c.cores()));
        }
        return Bottleneck.of(cores, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Reads one run's files ({@code outcome.json}, {@code results.csv}, {@code screens.csv}) and computes its figures.
     *
     * @param runDir {@code screens/<run>/}
     * @return the figures with the files they came from
     * @throws IOException when a file cannot be read
     */
    public static RunFiles read(Path runDir) throws IOException {
        RunOutcome o = ResultJson.MAPPER.readValue(runDir.resolve("outcome.json").toFile(), RunOutcome.class);
        long from = o.measureFromEpochMs();
        long to = o.measureToEpochMs();
        List<JtlSample> samples = JtlSample.read(runDir.resolve("results.csv"));
        Map<String, JtlSummary.LabelStats> jtl = JtlSummary.of(samples, from, to);
        List<ScreenLog.Entry> log = Files.isRegularFile(runDir.resolve("screens.csv"))
                ? ScreenLog.read(runDir.resolve("screens.csv")) : List.of();
        ScreenModel model = screens(o);
        return new RunFiles(compute(o.id(), o.pool(), jtl, log, model, from, to, o.targetPerSecond()), o, log,
                samples);
    }

    /**
     * @param o a run's outcome
     * @return the screens that run served (its short screen, its long screen's bound), per-request borrowing
     */
    public static ScreenModel screens(RunOutcome o) {
        long longMaxMs = o.longScreenMaxMs() == null ? ScreenModel.ARTICLE_LONG_MAX_MS : o.longScreenMaxMs();
        return ShortScreen.screens(o.shortScreen(), ScreenModel.Borrow.PER_REQUEST, longMaxMs);
    }

    /**
     * @return the long screen's SQL time alone of each long request that started in the measured period, ms, from
     *     the webapp's record and the user each request came from; empty without the record
     */
    public List<Double> longSqlMs() {
        ScreenModel m = screens(outcome);
        return screens.stream().filter(e -> e.screen().equals("long") && e.startEpochMs() >= outcome
                .measureFromEpochMs() && e.startEpochMs() < outcome.measureToEpochMs())
                .map(e -> m.sqlMs(ScreenModel.Screen.LONG, e.user())).toList();
    }

    /**
     * The stand-in cluster's own round trip per query, measured in this run: what a query costs beyond its server
     * time and the round trip Toxiproxy adds (Docker's network, Toxiproxy's forwarding, the driver, the database's
     * time around each query's sleep), which the pool model leaves out unless it is given.
     *
     * @param addedRttMs the round trip Toxiproxy adds, ms
     * @return ms per query (see {@link #standInRttMs(List, long, long, ScreenModel, int)}); null without the webapp's
     *     record
     */
    public Double standInRttMs(int addedRttMs) {
        return standInRttMs(screens, outcome.measureFromEpochMs(), outcome.measureToEpochMs(), screens(outcome),
                addedRttMs);
    }

    /**
     * The stand-in's round trip per query (a pure function): over the short screens served (HTTP 200) that started in
     * the measured period, the median time in the servlet outside {@code getConnection()}, divided by the short
     * screen's queries, less each query's server time and the added round trip. Outside {@code getConnection()}, so
     * a validation on borrow and a wait for a connection do not count; at a light load the servlet's time is then
     * the queries' own.
     *
     * @param log the webapp's record of every request
     * @param fromEpochMs start of the measured period
     * @param toEpochMs its end
     * @param m the screens served (the short screen's queries and server time per query)
     * @param addedRttMs the round trip Toxiproxy adds, ms
     * @return ms per query, at least 0; null when no short screen was served in the period
     */
    public static Double standInRttMs(List<ScreenLog.Entry> log, long fromEpochMs, long toEpochMs, ScreenModel m,
            int addedRttMs) {
        double[] queriesMs = log.stream().filter(e -> e.screen().equals("short") && e.status() == 200
                && e.startEpochMs() >= fromEpochMs && e.startEpochMs() < toEpochMs)
                .mapToDouble(e -> (e.elapsedUs() - e.borrowWaitUs()) / 1000.0).toArray();
        if (queriesMs.length == 0) {
            return null;
        }
        // Commons Math's median: the middle value, or the midpoint of the two middle values
        double median = new Median().evaluate(queriesMs);
        return Math.max(0, median / m.shortQueries() - m.shortQueryMs() - addedRttMs);
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
    public static RunStats compute(String id, String pool, Map<String, JtlSummary.LabelStats> jtl,
            List<ScreenLog.Entry> log, ScreenModel model, long fromEpochMs, long toEpochMs, double targetPerSecond) {
        List<ScreenStats> screens = new ArrayList<>();
        long measured = 0;
        Map<String, Long> errorsByCode = new TreeMap<>();
        for (String screen : Screens.NAMES) {
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
}
