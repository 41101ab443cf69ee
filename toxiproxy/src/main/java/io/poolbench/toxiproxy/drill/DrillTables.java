package io.poolbench.toxiproxy.drill;

import io.poolbench.testbed.Figures;
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
 * ledger of writes; per latency step the throughput, response and borrow times; each figure also kept for
 * {@code summary.json}.
 */
final class DrillTables {
    private static final List<String> FAILOVER_METRICS = List.of("first_error_s", "last_error_s",
            "first_write_on_new_writer_s", "pool_back_to_min_idle_s", "requests", "failed", "read_only_errors",
            "blocked_over_pool_timeout", "p99_response_ms", "max_response_ms");
    /** The ledger's counts ({@link Ledger.Reconciliation}): Jepsen's acknowledged, unknown and failed writes. */
    private static final List<String> LEDGER_METRICS = List.of("acknowledged_writes", "lost_writes",
            "unknown_outcome_writes", "unknown_outcome_committed", "failed_writes", "failed_writes_present",
            "duplicates");

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

    static void failoverTable(StringBuilder md, List<DrillResult> dr, Set<String> profiles,
            Map<String, Map<String, Metric>> dj) {
        md.append("| metric |");
        profiles.forEach(p -> md.append(' ').append(p).append(" (").append(poolOf(dr, p)).append(", n=")
                .append(dr.stream().filter(r -> r.profile().equals(p)).count()).append(") |"));
        md.append("\n|---|");
        profiles.forEach(p -> md.append("---:|"));
        md.append('\n');
        List<String> metrics = new ArrayList<>(FAILOVER_METRICS);
        metrics.addAll(LEDGER_METRICS);
        for (String m : metrics) {
            md.append("| ").append(m).append(" |");
            for (String p : profiles) {
                List<Double> v = new ArrayList<>();
                for (DrillResult r : dr) {
                    if (!r.profile().equals(p)) {
                        continue;
                    }
                    v.add(value(r, m));
                }
                md.append(' ').append(cell(v)).append(" |");
                put(dj, p, m, v);
            }
            md.append('\n');
        }
        md.append("\nOutcomes over all runs:\n\n");
        for (String p : profiles) {
            Map<String, Long> sum = new TreeMap<>();
            dr.stream().filter(r -> r.profile().equals(p)).forEach(r -> r.outcomes().forEach((k, v) -> sum.merge(k, v, Long::sum)));
            md.append("- ").append(p).append(": ").append(sum).append('\n');
        }
        md.append('\n');
    }

    static void latencyTable(StringBuilder md, List<DrillResult> dr, Set<String> profiles,
            Map<String, Map<String, Metric>> dj) {
        md.append("Added round-trip latency per step (Toxiproxy latency toxic on the writer). Cells: median over"
                + " runs (max over runs). Borrow = time in getConnection measured by the webapp.\n\n");
        md.append("| profile | added latency | throughput (req/s) | p50 (ms) | p99 (ms) | max (ms) | borrow p99 (ms)"
                + " | borrow max (ms) | errors |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (String p : profiles) {
            List<DrillResult> pr = dr.stream().filter(r -> r.profile().equals(p)).toList();
            Set<String> steps = new LinkedHashSet<>();
            pr.forEach(r -> r.metrics().keySet().forEach(k -> steps.add(k.substring(0, k.indexOf('.')))));
            for (String st : steps) {
                md.append("| ").append(p).append(" (").append(poolOf(dr, p)).append(") | ").append(st).append(" |");
                for (String m : List.of("throughput_rps", "p50_ms", "p99_ms", "max_ms", "borrow_p99_ms",
                        "borrow_max_ms", "errors")) {
                    List<Double> v = pr.stream().map(r -> r.metrics().get(st + "." + m)).toList();
                    md.append(' ').append(cellMedMax(v)).append(" |");
                    put(dj, p, st + "." + m, v);
                }
                md.append('\n');
            }
        }
        md.append('\n');
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
    }

    private static void put(Map<String, Map<String, Metric>> dj, String profile, String metric, List<Double> v) {
        dj.computeIfAbsent(profile, k -> new LinkedHashMap<>()).put(metric, new Metric(v,
                v.stream().filter(x -> x != null).count(), Figures.nearestRank(v, 0.5), Figures.nearestRank(v, 0.95),
                Figures.nearestRank(v, 1.0)));
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
