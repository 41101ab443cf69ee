package io.poolbench.suite.compare;

import io.poolbench.suite.process.JtlSummary;
import io.poolbench.suite.process.PoolSampler;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.report.JmhSummary;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.stats.ForkSummary;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The compare report's three tables: the web load per profile and query class (with the pool's state during it and
 * the load's record), JMH's borrow/return per profile, and what was compared (each profile's settings, the
 * effective ones read back, validation on borrow); and the cells' formats.
 */
final class CompareTables {
    private CompareTables() {
    }

    /**
     * @param run the run's settings
     * @param loads each profile's load (and round) that produced data
     * @param loadMissing the loads that did not, with their status
     * @param env the machine's environment (its cores)
     * @return the web load's section
     */
    static String webLoad(CompareData.SettingsView run, List<CompareData.Load> loads,
            List<CompareData.Missing> loadMissing, Map<String, String> env) {
        StringBuilder sb = new StringBuilder();
        sb.append("## Web load: JMeter against the webapp (the Aurora article's table)\n\n");
        if (loads.isEmpty() && loadMissing.isEmpty()) {
            sb.append("No web-load phase in this run (--skip-load).\n\n");
        } else {
            sb.append(String.format(Locale.ROOT, "Closed loop, %s s per profile%s from the start of a %s s ramp-up%s; threads"
                    + " short/medium/long = %s/%s/%s, think time %s ms. Response time is JMeter's elapsed (ms),"
                    + " request sent to last byte received; throughput in requests/s over the class's own span;"
                    + " errors are non-2xx responses.%n%n",
                    q(run.durationSeconds()), run.rounds() == null ? "" : " and round", q(run.rampupSeconds()),
                    run.warmupMs() > 0 ? " (**excluded** from every figure: the samples that started in it)"
                    : " (included in the figures)", q(run.shortThreads()),
                    q(run.mediumThreads()), q(run.longThreads()), q(run.thinkMs())));
            Table t = Table.of("pool (profile)", "query", ">requests", ">errors", ">throughput (req/s)", ">avg (ms)",
                    ">median (ms)", ">p90 (ms)", ">p99 (ms)", ">min (ms)", ">max (ms)", ">std dev (ms)");
            for (CompareData.Load l : loads) {
                List<String> labels = new ArrayList<>(CompareReport.CLASSES);
                l.stats().keySet().stream().filter(k -> !labels.contains(k) && !k.equals("all")).forEach(labels::add);
                labels.add("all");
                for (String c : labels) {
                    JtlSummary.LabelStats s = l.stats().get(c);
                    if (s != null) {
                        t.row(l.label(), c, n(s.requests()), n(s.errors()), f(s.throughput(), 1), f(s.avgMs(), 1),
                                n(s.medianMs()), n(s.p90Ms()), n(s.p99Ms()), n(s.minMs()), n(s.maxMs()),
                                f(s.stdDevMs(), 1));
                    }
                }
            }
            loadMissing.forEach(x -> t.markdownRow(MarkdownText.cell(x.label()), "all",
                    MarkdownText.status(x.status(), x.reason())));
            sb.append(t.markdown());
            sb.append("\nPool state during the load (GET /pool every 500 ms):\n\n");
            Table pool = Table.of("pool (profile)", ">samples", ">max threads waiting to borrow", ">mean waiting",
                    ">max active", ">pool size");
            for (CompareData.Load l : loads) {
                PoolSampler.PoolState p = l.poolState();
                pool.row(l.label(), Integer.toString(p.samples()), p.maxWaiting() < 0 ? "n/a (not exposed by the pool)"
                        : Integer.toString(p.maxWaiting()), p.maxWaiting() < 0 ? "n/a" : f(p.meanWaiting(), 2),
                        Integer.toString(p.maxActive()), p.max() < 0 ? "none (no pool)" : Integer.toString(p.max()));
            }
            sb.append(pool.markdown());
            sb.append('\n').append(LoadRecord.markdown(loads, machineCores(env)));
        }
        return sb.toString();
    }

    /**
     * @param run the run's settings
     * @param jmh JMH's results
     * @param jmhMissing the profiles whose benchmark did not produce results, with their status
     * @return the borrow/return section
     */
    static String borrowReturn(CompareData.SettingsView run, List<JmhSummary.Result> jmh,
            List<CompareData.Missing> jmhMissing) {
        StringBuilder sb = new StringBuilder();
        sb.append("## Borrow/return: JMH ConnectionCycle against the stub driver\n\n");
        if (jmh.isEmpty() && jmhMissing.isEmpty()) {
            sb.append("No JMH phase in this run (--skip-jmh).\n\n");
        } else {
            sb.append("getConnection() + close() on a pool built from the same profile file, stub JDBC driver (no"
                    + " network). Throughput: ops/ms summed over threads, the mean of the fork means with its 95 %"
                    + " interval (Student's t, n = forks: each fork is a JVM of its own; where the fork means split"
                    + " into levels, the levels instead); JMH's own score ± its 99.9 % half-width over forks ×"
                    + " iterations beside it, labelled as JMH's. Borrow time: SampleTime percentiles in µs over all samples;"
                    + " the p99 range is the lowest–highest p99 of the single iterations.\n\n");
            Table table = Table.of("pool (profile)", ">threads", ">throughput (ops/ms): fork means, 95 %",
                    ">JMH's score ± 99.9 % (forks × iterations)", ">mean of each fork (ops/ms)", ">mean (µs)", ">p50 (µs)", ">p99 (µs)",
                    ">p99 range over iterations (µs)", ">p99.9 (µs)", ">max (µs)", ">samples");
            Map<String, JmhSummary.Result> thr = new LinkedHashMap<>();
            Map<String, JmhSummary.Result> lat = new LinkedHashMap<>();
            for (JmhSummary.Result r : jmh) {
                if (r.method().equals("ConnectionCycle.throughput")) {
                    thr.put(r.profile(), r);
                } else if (r.method().equals("ConnectionCycle.latency")) {
                    lat.put(r.profile(), r);
                }
            }
            List<String> profiles = new ArrayList<>(thr.keySet());
            lat.keySet().stream().filter(k -> !profiles.contains(k)).forEach(profiles::add);
            for (String p : profiles) {
                JmhSummary.Result t = thr.get(p);
                JmhSummary.Result s = lat.get(p);
                String range = "n/a";
                if (s != null && !s.p99PerIteration().isEmpty()) {
                    double lo = s.p99PerIteration().stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
                    double hi = s.p99PerIteration().stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
                    range = g(lo) + "–" + g(hi);
                }
                table.row(poolOf(p, run) + " (" + p + ")",
                        Integer.toString(t != null ? t.threads() : s.threads()),
                        t == null || t.forkMeans() == null || t.forkMeans().isEmpty() ? "n/a"
                                : ForkSummary.of(t.forkMeans()).text(),
                        t == null ? "n/a" : f(t.score(), 0) + " ± " + (Double.isNaN(t.error()) ? "n/a" : f(t.error(), 0))
                                + " (n = " + t.samples() + ")",
                        t == null || t.forkMeans() == null || t.forkMeans().isEmpty() ? "n/a" : String.join(" / ",
                                t.forkMeans().stream().map(x -> f(x, 0)).toList()),
                        s == null ? "n/a" : g(s.score()) + " ± " + (Double.isNaN(s.error()) ? "n/a" : g(s.error())),
                        s == null ? "n/a" : g(s.percentiles().getOrDefault("50.0", Double.NaN)),
                        s == null ? "n/a" : g(s.percentiles().getOrDefault("99.0", Double.NaN)),
                        range,
                        s == null ? "n/a" : g(s.percentiles().getOrDefault("99.9", Double.NaN)),
                        s == null ? "n/a" : g(s.percentiles().getOrDefault("100.0", Double.NaN)),
                        s == null ? "n/a" : String.format(Locale.ROOT, "%,d", s.samples()));
            }
            jmhMissing.forEach(x -> table.markdownRow(MarkdownText.cell(poolOf(x.profile(), run) + " (" + x.profile()
                    + ")"), MarkdownText.status(x.status(), x.reason())));
            sb.append(table.markdown());
            sb.append('\n');
        }
        return sb.toString();
    }

    /**
     * @param loads each profile's load that produced data
     * @return what was compared: each profile's settings once; empty without a load
     */
    static String compared(List<CompareData.Load> loads) {
        StringBuilder sb = new StringBuilder();
        if (!loads.isEmpty()) {
            sb.append("## What was compared\n\n");
            Set<String> shown = new HashSet<>();
            for (CompareData.Load l : loads) {
                if (!shown.add(l.profile())) {
                    continue; // every round ran the same profile
                }
                sb.append("- **").append(MarkdownText.cell(l.profile())).append("** (").append(MarkdownText.cell(l.pool()))
                        .append("): ");
                List<String> kv = new ArrayList<>();
                l.settings().forEach((k, v) -> {
                    if (!k.equals("factory")) {
                        kv.add(k + "=" + v);
                    }
                });
                sb.append(MarkdownText.cell(String.join(", ", kv))).append('\n');
                if (!l.effective().isEmpty()) {
                    List<String> eff = new ArrayList<>();
                    l.effective().forEach((k, v) -> eff.add(k + ": " + v));
                    sb.append("  - effective settings, read back from the built pool (`load/").append(l.profile())
                            .append("/lint.txt`): ").append(String.join("; ", eff)).append('\n');
                }
                sb.append("  - validation on borrow: ").append(l.borrowValidation()).append('\n');
                l.warnings().forEach(w -> sb.append("  - WARNING ").append(w).append('\n'));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    static Integer machineCores(Map<String, String> env) {
        try {
            return Integer.valueOf(env.getOrDefault("cores", ""));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    static String f(double v, int decimals) {
        return Figures.fixed(v, decimals);
    }

    private static String n(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    static String g(double v) {
        return Figures.sig3(v);
    }

    static String poolOf(String id, CompareData.SettingsView run) {
        for (CompareSettings.ProfileRun p : run.profiles() == null ? List.<CompareSettings.ProfileRun>of()
                : run.profiles()) {
            if (p.id().equals(id)) {
                return p.pool() == null ? "?" : p.pool();
            }
        }
        return "?";
    }

    /** @return the value as text, or {@code ?} when the run did not record it */
    static String q(Object v) {
        return v == null ? "?" : v.toString();
    }
}
