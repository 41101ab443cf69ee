package io.poolbench.suite.check;

import com.fasterxml.jackson.core.type.TypeReference;
import io.poolbench.testbed.fault.Durations;
import io.poolbench.testbed.fault.Fault;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.fault.Network;
import io.poolbench.testbed.fault.Prediction;
import io.poolbench.testbed.fault.TcpTimers;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.run.RunEnd;
import io.poolbench.testbed.stats.MeanInterval;
import io.poolbench.toxiproxy.drill.DrillResult;
import io.poolbench.toxiproxy.tcp.KernelFaults;
import io.poolbench.toxiproxy.tcp.TcpFaultRun;
import io.poolbench.toxiproxy.tcp.TcpFaultRunner;
import io.poolbench.toxiproxy.tcp.TcpFaultSettings;
import io.poolbench.toxiproxy.tcp.TcpWait;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * {@code check-measure.md}: per configuration and fault, the prediction for the stand-in beside the measured
 * longest wait, failed requests by class and time to serve again, each over the runs with n and a 95 % interval
 * (Student's t, {@link MeanInterval}), and the error (measured median ÷ predicted). Computed from the run directory
 * alone, so an interrupted run reports what finished.
 */
public final class CheckMeasureReport {
    /** The production predictions, as {@code check} printed them. */
    static final String PREDICTED = "predicted.json";
    /** The measurement's settings. */
    static final String SETTINGS = "measure-settings.json";
    private CheckMeasureReport() {
    }

    /**
     * @param stallSeconds a stall, s
     * @return its directory and phase prefix, e.g. {@code stall-5s}
     */
    static String stallId(int stallSeconds) {
        return "stall-" + stallSeconds + "s";
    }

    /**
     * The stand-in's network for one fault: no DNS cache (the endpoint is a name in the JVM's hosts file, read
     * afresh), the promotion after {@code --promote-s} and the 0.5 s the drill waits, and for the failover the old
     * writer's reboot, which cuts the connections still hanging on it (in production: the client's kernel, by TCP branch).
     *
     * @param f the fault
     * @param s the measurement's settings
     * @return the network the stand-in gives that fault
     */
    static Network standIn(Fault f, MeasureSettings s) {
        if (f.kind() == FaultKind.PLANNED_FAILOVER) {
            // the name moves as soon as the new writer is promoted, and the old writer reboots
            return new Network(TcpTimers.LINUX, 0, 0, s.promoteSeconds() * 1000L, -1, "", -1);
        }
        if (f.kind() == FaultKind.STALE_ENDPOINT) {
            // the name flaps between the two for the drill's flapping window: a record that stays stale that long
            return new Network(TcpTimers.LINUX, 0, MeasureSettings.FLAP_FOR_SECONDS * 1000L, s.promoteSeconds()
                    * 1000L, -1, "", -1);
        }
        if (f.kind() != FaultKind.UNPLANNED_FAILOVER) {
            return Network.linux(0, s.promoteSeconds() * 1000L);
        }
        long reboot = s.rebootSeconds() * 1000L;
        Network linux = Network.linux(0, s.promoteSeconds() * 1000L + 500);
        return new Network(linux.tcp(), 0, 0, linux.promoteMs(), reboot, "the stand-in's old writer reboots and"
                + " cuts its connections", -1);
    }

    /** The page this report writes into the run directory. */
    public static final String PAGE = "check-measure.md";

    /**
     * Writes {@value #PAGE} from the run directory's predictions, settings and measured runs (also for {@code
     * poolbench report DIR}).
     *
     * @param dir the run directory
     * @return the page, Markdown; null when the run ended before it wrote its predictions and settings
     * @throws IOException when the run's files cannot be read or the page not written
     */
    public static String write(Path dir) throws IOException {
        if (!Files.isRegularFile(dir.resolve(PREDICTED)) || !Files.isRegularFile(dir.resolve(SETTINGS))) {
            return null;
        }
        List<CheckResult> predicted = ResultJson.MAPPER.readValue(dir.resolve(PREDICTED).toFile(),
                new TypeReference<List<CheckResult>>() { });
        MeasureSettings s = ResultJson.MAPPER.readValue(dir.resolve(SETTINGS).toFile(), MeasureSettings.class);
        // what the model said before the first fault ran, not what this version would say now
        FrozenPredictions frozen = FrozenPredictions.read(dir, predicted, s);
        List<MeasuredFault> rows = new ArrayList<>();
        for (CheckResult r : s.tcpOnly() ? List.<CheckResult>of() : predicted) {
            for (int stall : s.stallSeconds()) {
                rows.add(measured(dir.resolve(stallId(stall)), "stall", r, Fault.stall(stall * 1000L), s, frozen));
            }
            for (FaultKind f : s.failovers()) {
                rows.add(measured(dir.resolve(f.id()), f.id(), r, Fault.of(f), s, frozen));
            }
        }
        String md = s.tcpOnly() ? "# Predicted beside measured: your pool when the writer vanishes at the TCP"
                + " level\n" : markdown(rows, s);
        if (!s.tcpFaults().isEmpty()) {
            List<MeasuredTcpFault> tcp = new ArrayList<>();
            for (CheckResult r : predicted) {
                for (FaultKind f : s.tcpFaults()) {
                    List<TcpFaultRun> runs = TcpFaultRunner.results(dir.resolve(MeasureSettings.TCP),
                            r.pool().name(), f);
                    for (TcpWait w : KernelFaults.waits(f)) {
                        FrozenPredictions.Tcp t = frozen.tcp(r.pool().name(), f, w);
                        tcp.add(new MeasuredTcpFault(r.pool().name(), r.pool().pool(), f, w, s.rounds(),
                                t.predicted(), t.production(), runs));
                    }
                }
            }
            md += tcpMarkdown(tcp, s);
            ResultJson.MAPPER.writeValue(dir.resolve(TCP_JSON).toFile(), tcp);
        }
        md = RunEnd.notice(dir) + md;
        Files.writeString(dir.resolve(PAGE), md);
        ResultJson.MAPPER.writeValue(dir.resolve("check-measure.json").toFile(), rows);
        return md;
    }

    /** The TCP-level faults' figures. */
    static final String TCP_JSON = "check-measure-tcp.json";

    static String tcpMarkdown(List<MeasuredTcpFault> rows, MeasureSettings s) {
        TcpTimers t = s.tcp().timers();
        StringBuilder sb = new StringBuilder("\n## At the TCP level: the client's own kernel ends the waits\n\n");
        sb.append(String.format(Locale.ROOT, "The writer vanishes in its own kernel (its firewall drops every packet"
                + " of the database port; for the reboot, %d s later, answers with resets), with no proxy between the"
                + " pool and the writer; the pool runs in a JVM of its own, in a network namespace whose TCP timers are"
                + " scaled so that every branch ends within a run: %s (Linux's: %s). No writer is promoted, so only"
                + " the pool, the driver and the client's kernel end a wait; except in the DNS flip, where a second"
                + " writer is promoted %d s after the drop and the writer's name, which the client's JVM reads from a"
                + " hosts file behind its own cache (%d s here; 30 s by default), moves to it once the record's TTL"
                + " (%d s) has passed: when the pool reaches it depends on when the JVM last resolved the name, so"
                + " the prediction is a window, met when every run falls in it (±1 s). Load: %.0f requests/s (a 200-ms query for"
                + " the silence after acknowledge, so that reads are in flight at the drop; SELECT 1 otherwise), %d s"
                + " after the first served request before the drop. Per run and wait, the longest wait of the requests"
                + " the fault counts that ended that way: a query's (connection-lost) or a borrow's (pool-timeout,"
                + " connect-failed); the figures are the median over the runs (n = runs where such a request ended),"
                + " their mean with its 95 %% interval (Student's t), and their range; unfinished: requests still waiting when the run ended, most begun late in it. Goal: within ±15 %%, or"
                + " ±1 s below 5 s. The last column is the same configuration's prediction at Linux's defaults:"
                + " production's wait.%n%n", s.tcp().rebootAfterMs() / 1000, t.text(), TcpTimers.LINUX.text(),
                TcpFaultSettings.PROMOTE_MS / 1000, s.tcp().jvmDnsTtlMs() / 1000, TcpFaultSettings.RECORD_TTL_MS / 1000,
                s.tcp().ratePerSecond(), s.tcp().steadyMs() / 1000));
        Table table = Table.of("profile", "fault", "requests counted", "wait", "n", "predicted at the run's timers",
                "measured median (mean, 95 % interval); range", "measured ÷ predicted", "goal", "failed requests (all runs)",
                "at Linux's defaults");
        for (MeasuredTcpFault m : rows) {
            List<Long> ms = m.measuredMs();
            String measured = m.runs().isEmpty() ? "no run has a result" : ms.isEmpty() ? "none ended so" + (m
                    .stillWaiting() > 0 ? "; requests still waiting at the end of " + m.stillWaiting() + " run(s)"
                    : "") : ms(m.summary()) + (ms.size() < 2 ? "" : "; range " + Durations.text(Collections.min(ms))
                    + "–" + Durations.text(Collections.max(ms)));
            Map<String, Integer> by = new TreeMap<>();
            m.runs().forEach(r -> r.outcomes().forEach(o -> by.merge(o.outcome(), o.count(), Integer::sum)));
            Long p = m.predictedMs();
            Long prod = m.productionMs();
            table.row(m.profile() + " (" + m.pool() + ")", m.fault().label(), KernelFaults.counts(m.fault()), m.what().label(),
                    ms.size() + " of " + m.expectedRuns(), p == null ? "none: every borrow validates"
                    : (m.predicted().window() ? Durations.text(m.predicted().fromMs()) + " to " : "")
                    + Durations.text(p) + ": " + m.predicted().chain(), measured, Double.isNaN(m.error()) ? "–"
                    : String.format(Locale.ROOT, "%.2f", m.error()), m.goal(), m.runs().isEmpty() ? "not measured"
                    : by.isEmpty() ? "none" : String.join(", ",
                    by.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).toList()), prod == null ? "–"
                    : Durations.text(prod) + " (" + m.production().symptom() + ")");
        }
        return sb.append(table.markdown()).toString();
    }

    private static MeasuredFault measured(Path faultDir, String drill, CheckResult r, Fault f, MeasureSettings s,
            FrozenPredictions frozen) throws IOException {
        CheckedPool p = r.pool();
        Prediction pred = frozen.standIn(p.name(), f.label());
        Path runs = faultDir.resolve("drills").resolve(drill).resolve(p.name());
        List<Double> longest = new ArrayList<>();
        List<Double> serves = new ArrayList<>();
        List<Map<String, Long>> failed = new ArrayList<>();
        int atEnd = 0;
        if (Files.isDirectory(runs)) {
            try (Stream<Path> files = Files.list(runs)) {
                for (Path run : files.filter(x -> x.getFileName().toString().matches("run-\\d+\\.json")).sorted()
                        .toList()) {
                    DrillResult result = ResultJson.MAPPER.readValue(run.toFile(), DrillResult.class);
                    Double max = result.metrics() == null ? null : result.metrics().get("max_response_ms");
                    if (max == null) {
                        continue;
                    }
                    longest.add(max);
                    Double servesAgain = result.metrics().get("serves_again_s");
                    Double loadEnd = result.metrics().get("load_end_s");
                    if (servesAgain != null) {
                        serves.add(servesAgain);
                        atEnd += loadEnd != null && servesAgain > 0 && servesAgain >= loadEnd - 1 ? 1 : 0;
                    }
                    failed.add(result.outcomes() == null ? Map.of() : new TreeMap<>(result.outcomes()));
                }
            }
        }
        Map<String, MeanInterval> byClass = new TreeMap<>();
        TreeSet<String> seen = new TreeSet<>();
        failed.forEach(m -> m.keySet().stream().filter(k -> !k.equals("ok")).forEach(seen::add));
        for (String c : seen) {
            byClass.put(c, MeanInterval.ofCounts(failed.stream().map(m -> (double) m.getOrDefault(c, 0L)).toList()));
        }
        return new MeasuredFault(p.name(), p.pool(), f.label(), s.rounds(), pred, longest.isEmpty() ? null
                : MeanInterval.of(longest), serves.isEmpty() ? null : MeanInterval.of(serves), atEnd, byClass);
    }

    static String markdown(List<MeasuredFault> rows, MeasureSettings s) {
        StringBuilder sb = new StringBuilder("# Predicted beside measured: your pool on the stand-in cluster\n\n");
        sb.append(String.format(Locale.ROOT, "Each fault run %d time(s) per configuration (rounds, the order rotating),"
                + " on a fresh stand-in cluster each run, under an open-loop load of %.0f requests/s (a quarter"
                + " writes; %d s of load before the fault, %d s after, a 300-request warm-up excluded), with a round"
                + " trip of %d ms added to every instance's proxy (--rtt-ms, in whole ms). Figures over"
                + " the runs: median, and mean with its 95 %% interval (Student's t); n = runs with a result. The"
                + " predictions are the model's for the stand-in, written to " + FrozenPredictions.FILE + " with"
                + " poolbench's commit before the first fault ran: no DNS cache, and the old writer reboots %d s after"
                + " it fell silent (in production a hanging query waits for its socketTimeout, or for what the client's kernel"
                + " decides in its TCP branch: check.md's table, and the TCP-level faults). At the planned failover"
                + " the name moves as soon as the new writer is promoted and the old writer reboots; at the stale"
                + " endpoint the name flaps for %d s between the new writer and the old one, made read-only but"
                + " keeping its connections, so writes on them fail until the pool retires them at its maximum"
                + " lifetime (the prediction: the worst case; a validation that fails on a read-only server evicts"
                + " them sooner), longer than a run: a run still failing when its load stopped gives a lower bound."
                + " Goal: the longest wait within ±20 %%, or ±1 s below 5 s.%n%n", s.rounds(), s.ratePerSecond(),
                MeasureSettings.STEADY_SECONDS, MeasureSettings.AFTER_SECONDS, s.rttMs(), s.rebootSeconds(),
                MeasureSettings.FLAP_FOR_SECONDS));
        Table t = Table.of("profile", "fault", "n", "longest wait: predicted", "measured median (mean, 95 % interval)",
                "measured ÷ predicted", "goal", "serves again: predicted", "measured median (mean, 95 % interval)",
                "failed requests by class per run: mean (95 % Poisson interval)", "predicted to fail");
        for (MeasuredFault m : rows) {
            Prediction p = m.predicted();
            t.row(m.profile() + " (" + m.pool() + ")", m.fault(), m.n() + " of " + m.expectedRuns(),
                    Durations.text(p.longestWaitMs()), m.longestWaitMs() == null ? "no run has a result"
                            : ms(m.longestWaitMs()), Double.isNaN(m.error()) ? "–"
                            : String.format(Locale.ROOT, "%.2f", m.error()),
                    m.longestWaitMs() == null ? "not measured" : m.withinGoal() ? "met" : "missed",
                    Durations.text(p.servesAgainMs()), m.servesAgainS() == null ? "–" : seconds(m.servesAgainS())
                            + (m.failingAtEnd() == 0 ? "" : "; still failing when the load stopped in "
                            + m.failingAtEnd() + " run(s): at least that"),
                    m.n() == 0 ? "not measured" : failures(m.failedByClass()), String.join(", ", p.failures().stream().map(
                            Prediction.Failure::label).distinct().toList()));
        }
        sb.append(t.markdown()).append('\n');
        sb.append("The chains behind each prediction, for the stand-in:\n\n");
        for (MeasuredFault m : rows) {
            sb.append("- ").append(m.profile()).append(", ").append(m.fault()).append(": ")
                    .append(m.predicted().chainText()).append('\n');
        }
        return sb.toString();
    }

    private static String ms(MeanInterval m) {
        return m.n() < 2 ? Durations.text(Math.round(m.median())) : Durations.text(Math.round(m.median())) + " ("
                + Durations.text(Math.round(m.mean())) + ", " + Durations.text(Math.max(0, Math.round(m.low())))
                + "–" + Durations.text(Math.round(m.high())) + ")";
    }

    private static String seconds(MeanInterval m) {
        return m.n() < 2 ? String.format(Locale.ROOT, "%.1f s", m.median()) : String.format(Locale.ROOT,
                "%.1f s (%.1f, %.1f–%.1f)", m.median(), m.mean(), Math.max(0, m.low()), m.high());
    }

    private static String failures(Map<String, MeanInterval> byClass) {
        if (byClass.isEmpty()) {
            return "none";
        }
        List<String> out = new ArrayList<>();
        byClass.forEach((c, m) -> out.add(c + " " + m.text(1)));
        return String.join("; ", out);
    }
}
