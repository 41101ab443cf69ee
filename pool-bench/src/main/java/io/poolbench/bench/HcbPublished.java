package io.poolbench.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.report.JmhSummary;
import io.poolbench.testbed.report.Table;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Published runs of HikariCP's own benchmark project (brettwooldridge/HikariCP-benchmark) beside the {@code hcb}
 * preset, whose profiles configure each pool as that project's {@code BenchBase} does. Each pool's throughput is shown
 * as a share of HikariCP's in the same run, since machines, versions and thread counts differ: the shares and the
 * order of the pools are what can be compared, not the ops/ms. The figures are transcribed from the GitHub threads
 * that print them ({@code hcb-published.json}, each run with its address); the project itself publishes a chart, not
 * numbers.
 *
 * @param project what the project runs by default
 * @param profiles our {@code hcb-*} profile → the project's name for the pool
 * @param runs the published runs
 */
record HcbPublished(String project, Map<String, String> profiles, List<Run> runs) {
    private static final String RESOURCE = "/hcb-published.json";

    /**
     * One published run.
     *
     * @param source the thread that prints it
     * @param label short name for a column
     * @param setting what the thread states of its setting
     * @param connectionCycle the project's pool name → ConnectionBench throughput, ops/ms
     * @param statementCycle the project's pool name → StatementBench throughput, ops/ms (pools not transcribed are
     *     missing)
     */
    record Run(String source, String label, String setting, Map<String, Double> connectionCycle,
            Map<String, Double> statementCycle) {
        Map<String, Double> of(String bench) {
            return bench.equals("ConnectionCycle") ? connectionCycle : statementCycle;
        }
    }

    /**
     * One configuration of ours: the label of a column and each profile's throughput result in it.
     *
     * @param label e.g. {@code 1:1 (4/4)}
     * @param byProfile profile → its JMH throughput result
     */
    record Column(String label, Map<String, JmhSummary.Result> byProfile) {
    }

    /**
     * @return the transcribed runs
     * @throws UncheckedIOException when the resource is missing or damaged (a broken build)
     */
    static HcbPublished load() {
        try (InputStream in = HcbPublished.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException(RESOURCE + " is not on the class path");
            }
            return new ObjectMapper().readValue(in, HcbPublished.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The section of one benchmark: a row per pool, our columns (ops/ms and the share of HikariCP's, with the range
     * the fork means allow) beside each published run's, and a last row naming the fastest pool of each column.
     *
     * @param bench {@code ConnectionCycle} or {@code StatementCycle}
     * @param ours our columns, validation round trip 0 (the project's stub does no work)
     * @return Markdown, empty when none of our columns has {@code hcb-hikari}
     */
    String section(String bench, List<Column> ours) {
        List<Column> cols = ours.stream().filter(c -> c.byProfile().containsKey("hcb-hikari")).toList();
        if (cols.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("### " + bench + " beside HikariCP-benchmark's published runs\n\n");
        md.append("Throughput in ops/ms and, in brackets, as a share of HikariCP's in the same column. Ours: the `hcb`"
                + " profiles, stub round trip 0; the share's range is the lowest fork mean over HikariCP's highest to"
                + " the highest over the lowest. Theirs: ").append(project).append("; each column's setting as its"
                + " thread states it:");
        md.append(' ').append(String.join("; ", runs.stream().map(r -> r.label() + ", " + r.setting() + " ("
                + r.source() + ")").toList())).append(". Machines and versions differ: compare the shares and the order, not the"
                + " ops/ms.\n\n");
        List<String> headers = new ArrayList<>(List.of("pool"));
        cols.forEach(c -> headers.add(">ours " + c.label()));
        runs.forEach(r -> headers.add(">" + r.label()));
        Table t = Table.of(headers.toArray(String[]::new));
        List<String> fastest = new ArrayList<>();
        cols.forEach(c -> fastest.add(fastest(c.byProfile(), JmhSummary.Result::score)));
        runs.forEach(r -> fastest.add(profileOf(fastest(r.of(bench), v -> v))));
        profiles.forEach((profile, pool) -> {
            List<String> row = new ArrayList<>(List.of(profile));
            cols.forEach(c -> row.add(ours(c.byProfile().get(profile), c.byProfile().get("hcb-hikari"))));
            for (Run r : runs) {
                Double v = r.of(bench).get(pool);
                Double h = r.of(bench).get("hikari");
                row.add(v == null ? "–" : Figures.fixed(v, 0) + " (" + share(v / h) + ")");
            }
            t.row(row.toArray(String[]::new));
        });
        List<String> last = new ArrayList<>(List.of("fastest"));
        last.addAll(fastest);
        t.row(last.toArray(String[]::new));
        return md.append(t.markdown()).append("\n").toString();
    }

    private static String ours(JmhSummary.Result r, JmhSummary.Result hikari) {
        if (r == null) {
            return "–";
        }
        String cell = Figures.fixed(r.score(), 0) + " (" + share(r.score() / hikari.score());
        List<Double> f = r.forkMeans();
        List<Double> h = hikari.forkMeans();
        if (f.size() > 1 && h.size() > 1 && r != hikari) {
            cell += ", " + share(Figures.min(f) / Figures.max(h)) + "–" + share(Figures.max(f) / Figures.min(h));
        }
        return cell + ")";
    }

    /** @return a share of HikariCP's throughput in per cent, three significant digits */
    private static String share(double ratio) {
        return Figures.sig3(100 * ratio) + " %";
    }

    private static <V> String fastest(Map<String, V> byName, ToDoubleFunction<V> score) {
        return byName.entrySet().stream().max((a, b) -> Double.compare(score.applyAsDouble(a.getValue()),
                score.applyAsDouble(b.getValue()))).map(Map.Entry::getKey).orElse("–");
    }

    /** @return our profile for the project's name of a pool (the name itself where we have none) */
    private String profileOf(String pool) {
        return profiles.entrySet().stream().filter(e -> e.getValue().equals(pool)).map(Map.Entry::getKey)
                .findFirst().orElse(pool);
    }
}
