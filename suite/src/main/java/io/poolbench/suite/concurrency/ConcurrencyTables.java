package io.poolbench.suite.concurrency;

import io.poolbench.suite.report.Bottleneck;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.Table;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/** The concurrency report's two tables of figures: ours per user count and stack, and the article's. */
final class ConcurrencyTables {
    private ConcurrencyTables() {
    }

    /**
     * @param stacks each stack's steps
     * @param s the run's settings (its user counts)
     * @param machineCores the machine's cores, null when unknown
     * @return our table: a row per user count and stack, a failed step with why and no figures
     */
    static String ours(Map<String, ConcurrencyData.StackData> stacks, ConcurrencySettings s, Integer machineCores) {
        Table t = Table.of(">users", "stack", ">n", ">req/s", ">avg ms", ">P95 ms", ">p99 ms", ">max ms", ">errors",
                ">waiting max", "CPU webapp / JMeter / DB: cores (µs per request)", "bottleneck");
        for (int users : s.users()) {
            for (ConcurrencyData.StackData d : stacks.values()) {
                ConcurrencyData.Step r = d.steps().get(users);
                if (r == null) {
                    continue;
                }
                if (!r.measured()) {
                    // a failed step shows why, never its figures
                    t.markdownRow(Integer.toString(users), MarkdownText.cell(d.label()), "", MarkdownText.status(
                            "failed", r.failed() != null ? r.failed() : "no figures"));
                    continue;
                }
                t.row(Integer.toString(users), d.label(), String.format(Locale.ROOT, "%,d", r.requests()),
                        Figures.fixed(r.reqPerSecond(), 1), Figures.fixed(r.avgMs(), 1), Long.toString(r.p95Ms()),
                        Long.toString(r.p99Ms()), Long.toString(r.maxMs()), Long.toString(r.errors()),
                        r.maxWaiting() == null || r.maxWaiting() < 0 ? "n/a" : Integer.toString(r.maxWaiting()),
                        cores(r), Bottleneck.of(r.cpuCores(), machineCores));
            }
        }
        StringBuilder md = new StringBuilder(t.markdown());
        return md.append("\n*waiting max*: most borrowers waiting for a connection in the 500 ms samples of"
                + " `/pool` (R2DBC: pending acquires). *µs per request*: the process's CPU time in the window ÷ the"
                + " requests completed in it, which depends less on how busy the machine is than req/s."
                + " *bottleneck*: a process at 0.9 of a core or more, else the machine when all together use 0.9 of"
                + " its cores; where that is JMeter or the machine, the step measures the harness, not the stack.\n\n")
                .toString();
    }

    private static String cores(ConcurrencyData.Step r) {
        Map<String, Double> c = r.cpuCores() == null ? Map.of() : r.cpuCores();
        return String.join(" / ", Stream.of("webapp", "jmeter", "database").map(p -> c1(c.get(p), r)).toList());
    }

    private static String c1(Double v, ConcurrencyData.Step r) {
        double us = Bottleneck.microsPerRequest(v, r.reqPerSecond());
        return v == null ? "–" : String.format(Locale.ROOT, "%.2f (%s)", v, Double.isNaN(us) ? "–"
                : String.format(Locale.ROOT, "%,.0f", us));
    }

    /**
     * @param rows the article's figures, one row per user count
     * @return the article's table
     */
    static String article(List<ConcurrencyData.ArticleRow> rows) {
        Table t = Table.of(">users", ">JDBC req/s", ">JDBC avg", ">JDBC P95", ">R2DBC req/s", ">R2DBC avg",
                ">R2DBC P95");
        rows.forEach(r -> t.row(Integer.toString(r.users()), String.format(Locale.ROOT, "%.1f", r.jdbcReqPerSecond()),
                String.format(Locale.ROOT, "%.2f", r.jdbcAvgMs()), String.format(Locale.ROOT, "%.2f", r.jdbcP95Ms()),
                String.format(Locale.ROOT, "%.1f", r.r2dbcReqPerSecond()), String.format(Locale.ROOT, "%.2f",
                        r.r2dbcAvgMs()), String.format(Locale.ROOT, "%.2f", r.r2dbcP95Ms())));
        return t.markdown();

    }
}
