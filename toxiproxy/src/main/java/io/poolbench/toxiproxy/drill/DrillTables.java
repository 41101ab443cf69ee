package io.poolbench.toxiproxy.drill;

import io.poolbench.testbed.Figures;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.Table;
import io.poolbench.toxiproxy.Ledger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The drills' tables: per failover drill the recovery metrics over the runs (median (p95, max), n = runs) and the
 * ledger of writes; per latency step the throughput, response and borrow times. The figures are computed first
 * ({@link ProfileFigures}), then written as Markdown and as {@code summary.json}.
 */
final class DrillTables {
    private static final List<String> FAILOVER_METRICS = List.of("first_error_s", "last_error_s",
            "first_write_on_new_writer_s", "pool_back_to_min_idle_s", "requests", "failed", "read_only_errors",
            "blocked_over_pool_timeout", "p99_response_ms", "max_response_ms");
    /** The ledger's counts ({@link Ledger.Reconciliation}): Jepsen's acknowledged, unknown and failed writes. */
    private static final List<String> LEDGER_METRICS = List.of("acknowledged_writes", "lost_writes",
            "unknown_outcome_writes", "unknown_outcome_committed", "failed_writes", "failed_writes_present",
            "duplicates");
    /** The latency drill's metrics per step, in the table's order. */
    private static final List<String> LATENCY_METRICS = List.of("throughput_rps", "p50_ms", "p99_ms", "max_ms",
            "borrow_p99_ms", "borrow_max_ms", "errors");

    private DrillTables() {
    }

    /**
     * @param r one drill's result
     * @param metric a failover metric or a ledger count
     * @return its value, or null when the run has none (no ledger)
     */
    private static Double value(DrillResult r, String metric) {
        Ledger.Reconciliation l = r.reconciliation();
        if (!LEDGER_METRICS.contains(metric)) {
            return r.metrics().get(metric);
        }
        if (l == null) {
            return null;
        }
        int n = switch (metric) {
            case "acknowledged_writes" -> l.acknowledged();
            case "lost_writes" -> l.lost();
            case "unknown_outcome_writes" -> l.unknown();
            case "unknown_outcome_committed" -> l.unknownCommitted();
            case "failed_writes" -> l.failed();
            case "failed_writes_present" -> l.failedPresent();
            default -> l.duplicates();
        };
        return (double) n;
    }

    /**
     * One profile's figures in one drill, over its runs.
     *
     * @param profile the profile's name
     * @param pool the pool's name, e.g. {@code HikariCP}
     * @param runs how many runs the profile has in this drill
     * @param metrics each metric over the runs, in the table's order (a latency step's as {@code step.metric})
     * @param outcomes requests per outcome over all runs, by outcome's name
     */
    record ProfileFigures(String profile, String pool, int runs, List<MetricFigures> metrics,
            Map<String, Long> outcomes) {
    }

    /**
     * @param metric the metric's name (units in the name)
     * @param figures its values over the runs and their median, p95 and max
     */
    record MetricFigures(String metric, Metric figures) {
    }

    /**
     * The failover drills' figures: every recovery metric and ledger count of each profile over its runs.
     *
     * @param dr one drill's results
     * @param profiles the profiles in the table's order
     * @return one entry per profile
     */
    static List<ProfileFigures> failover(List<DrillResult> dr, List<String> profiles) {
        List<String> metrics = new ArrayList<>(FAILOVER_METRICS);
        metrics.addAll(LEDGER_METRICS);
        List<ProfileFigures> out = new ArrayList<>();
        for (String p : profiles) {
            List<DrillResult> pr = dr.stream().filter(r -> r.profile().equals(p)).toList();
            Map<String, Long> sum = new TreeMap<>();
            pr.forEach(r -> r.outcomes().forEach((k, v) -> sum.merge(k, v, Long::sum)));
            out.add(new ProfileFigures(p, poolOf(dr, p), pr.size(), metrics.stream().map(m -> new MetricFigures(m,
                    Metric.of(pr.stream().map(r -> value(r, m)).toList()))).toList(), sum));
        }
        return out;
    }

    /**
     * The latency drill's figures: per profile and added-latency step the throughput, response and borrow times and
     * errors over its runs.
     *
     * @param dr the latency drill's results
     * @param profiles the profiles in the table's order
     * @return one entry per profile, metrics named {@code step.metric}
     */
    static List<ProfileFigures> latency(List<DrillResult> dr, List<String> profiles) {
        List<ProfileFigures> out = new ArrayList<>();
        for (String p : profiles) {
            List<DrillResult> pr = dr.stream().filter(r -> r.profile().equals(p)).toList();
            Set<String> steps = new LinkedHashSet<>();
            pr.forEach(r -> r.metrics().keySet().forEach(k -> steps.add(k.substring(0, k.indexOf('.')))));
            List<MetricFigures> metrics = new ArrayList<>();
            for (String st : steps) {
                for (String m : LATENCY_METRICS) {
                    metrics.add(new MetricFigures(st + "." + m, Metric.of(pr.stream()
                            .map(r -> r.metrics().get(st + "." + m)).toList())));
                }
            }
            out.add(new ProfileFigures(p, poolOf(dr, p), pr.size(), metrics, new TreeMap<>()));
        }
        return out;
    }

    /**
     * @param figures the failover drill's figures ({@link #failover})
     * @return the table (a column per profile, cells median (p95, max) over its runs) and the outcomes over all runs
     */
    static String failoverMarkdown(List<ProfileFigures> figures) {
        List<String> headers = new ArrayList<>(List.of("metric"));
        figures.forEach(f -> headers.add(">" + f.profile() + " (" + f.pool() + ", n=" + f.runs() + ")"));
        Table t = Table.of(headers.toArray(String[]::new));
        for (int i = 0; !figures.isEmpty() && i < figures.get(0).metrics().size(); i++) {
            List<String> row = new ArrayList<>(List.of("`" + figures.get(0).metrics().get(i).metric() + "`"));
            for (ProfileFigures f : figures) {
                row.add(MarkdownText.cell(cell(f.metrics().get(i).figures().values())));
            }
            t.markdownRow(row.toArray(String[]::new));
        }
        StringBuilder md = new StringBuilder(t.markdown()).append("\nOutcomes over all runs:\n\n");
        figures.forEach(f -> md.append("- ").append(MarkdownText.cell(f.profile())).append(": ")
                .append(f.outcomes()).append('\n'));
        return md.append('\n').toString();
    }

    /**
     * @param figures the latency drill's figures ({@link #latency})
     * @return the table, a row per profile and step, cells median (max) over the runs
     */
    static String latencyMarkdown(List<ProfileFigures> figures) {
        Table t = Table.of("profile", ">added latency", ">throughput (req/s)", ">p50 (ms)", ">p99 (ms)", ">max (ms)",
                ">borrow p99 (ms)", ">borrow max (ms)", ">errors");
        for (ProfileFigures f : figures) {
            for (int i = 0; i < f.metrics().size(); i += LATENCY_METRICS.size()) {
                List<String> row = new ArrayList<>(List.of(f.profile() + " (" + f.pool() + ")",
                        f.metrics().get(i).metric().substring(0, f.metrics().get(i).metric().indexOf('.'))));
                f.metrics().subList(i, i + LATENCY_METRICS.size()).forEach(m -> row.add(cellMedMax(
                        m.figures().values())));
                t.row(row.toArray(String[]::new));
            }
        }
        return "Added round-trip latency per step (Toxiproxy latency toxic on the writer). Cells: median over"
                + " runs (max over runs). Borrow = time in getConnection measured by the webapp.\n\n" + t.markdown()
                + "\n";
    }

    /**
     * @param figures one drill's figures
     * @return per profile and metric its figures, as {@code drills/summary.json} holds them
     */
    static Map<String, Map<String, Metric>> json(List<ProfileFigures> figures) {
        Map<String, Map<String, Metric>> out = new LinkedHashMap<>();
        figures.forEach(f -> f.metrics().forEach(m -> out.computeIfAbsent(f.profile(), k -> new LinkedHashMap<>())
                .put(m.metric(), m.figures())));
        return out;
    }

    /**
     * One metric of one profile over its runs, as {@code drills/summary.json} holds it.
     *
     * @param values one per run (null where a run did not measure it)
     * @param n runs that measured it
     * @param median nearest-rank median
     * @param p95 nearest-rank 95th percentile
     * @param max the largest
     */
    record Metric(List<Double> values, long n, Double median, Double p95, Double max) {
        /**
         * @param values one per run, null where a run did not measure it
         * @return the values and their nearest-rank median, p95 and max
         */
        static Metric of(List<Double> values) {
            return new Metric(values, values.stream().filter(x -> x != null).count(), Figures.nearestRank(values,
                    0.5), Figures.nearestRank(values, 0.95), Figures.nearestRank(values, 1.0));
        }
    }

    static String poolOf(List<DrillResult> dr, String p) {
        return dr.stream().filter(r -> r.profile().equals(p)).map(DrillResult::pool).findFirst().orElse("?");
    }

    private static String num(Double d) {
        if (d == null) {
            return "–";
        }
        return Math.abs(d - Math.rint(d)) < 1e-9 ? String.format(Locale.ROOT, "%,.0f", d)
                : String.format(Locale.ROOT, "%,.2f", d);
    }

    private static String cell(List<Double> v) {
        long nulls = v.stream().filter(x -> x == null).count();
        if (nulls == v.size()) {
            return "never";
        }
        String s = num(Figures.nearestRank(v, 0.5)) + " (" + num(Figures.nearestRank(v, 0.95)) + ", "
                + num(Figures.nearestRank(v, 1.0)) + ")";
        return nulls > 0 ? s + " [" + nulls + " never]" : s;
    }

    private static String cellMedMax(List<Double> v) {
        if (v.stream().allMatch(x -> x == null)) {
            return "–";
        }
        return num(Figures.nearestRank(v, 0.5)) + " (" + num(Figures.nearestRank(v, 1.0)) + ")";
    }
}
