package io.poolbench.bench;

import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.report.Table;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.util.Statistics;

/**
 * {@code Presets hikari-settings}: what the HikariCP settings that decide whether a borrow checks its connection cost
 * per borrow: the settings that might remove HikariCP's extra failures at a failover, and their price.
 *
 * <p>HikariCP lends a connection used within the last {@code aliveBypassWindowMs} (500 ms by default; the system
 * property {@code com.zaxxer.hikari.aliveBypassWindowMs}, which HikariCP 7.0's {@code HikariPool} constructor reads
 * for each pool it builds) without a check; past it, a borrow checks the connection with JDBC's {@code isValid()},
 * or with {@code connectionTestQuery} when the profile sets one: one round trip either way. The variants here are
 * the catalog's {@code hikari} profile as written, with the window at 0 (every borrow checked), with
 * {@code connectionTestQuery="SELECT 1"}, and with both. HikariCP compares the idle time in whole milliseconds
 * ({@code elapsedMillis(lastAccessed, now) > aliveBypassWindowMs}), so a connection idle under 1 ms is never checked,
 * whatever the window; each variant is therefore measured on the stub driver with a 500 µs check
 * ({@code validUs=500}) both back to back and after {@link #IDLE_MS} of idle time, the borrow a request makes after
 * the previous request left:
 * <ul>
 *   <li>round trips per borrow, counted ({@link RoundTrips}: on one thread, 10,000 borrows back to back and 1,000
 *       after the idle time);</li>
 *   <li>JMH's {@link ConnectionCycle} throughput (ops/ms over all threads, threads = pool size, back to back) and
 *       {@link IdleBorrowCycle}'s borrow + return after the idle time (SampleTime, µs, one thread), with the
 *       preset's forks and iterations; the interval is 95 % over all measured iterations.</li>
 * </ul>
 * Not here, since neither is on the borrow path: {@code keepaliveTime} (HikariCP's housekeeper checks each idle
 * connection once per keepaliveTime, less up to 10 % variance, in the background: about pool size ÷ keepaliveTime
 * round trips per second while idle) and {@code maxLifetime} (a new connection per connection and maxLifetime).
 */
final class HikariSettings {
    /** The system property of HikariCP's bypass window (HikariPool's source). */
    static final String WINDOW_PROPERTY = "com.zaxxer.hikari.aliveBypassWindowMs";
    /** The stub driver's check: a 500 µs round trip for isValid() and the test query. */
    static final String STUB_URL = "jdbc:stub:bench?validUs=500";
    /** The idle time before a borrow, ms: past HikariCP's whole-millisecond comparison, under its 500 ms window. */
    static final long IDLE_MS = 2;

    private HikariSettings() {
    }

    /**
     * One variant of the catalog's HikariCP profile.
     *
     * @param label its name in the table
     * @param profile the profile file
     * @param windowMs the bypass window, ms; null for HikariCP's default (500)
     */
    record Variant(String label, Path profile, String windowMs) {
        /** @return the JVM argument that sets the window, or none */
        List<String> jvmArgs() {
            return windowMs == null ? List.of() : List.of("-D" + WINDOW_PROPERTY + "=" + windowMs);
        }
    }

    /**
     * One variant's figures.
     *
     * @param variant the variant
     * @param backToBack counted round trips per borrow back to back, by operation (validate, execute, …)
     * @param afterIdle the same after {@link #IDLE_MS} idle
     * @param opsPerMs ConnectionCycle throughput back to back, ops/ms over all threads: mean, 95 % interval low and
     *     high, n iterations
     * @param p50Us borrow + return after the idle time, median, µs
     * @param p99Us its 99th percentile, µs
     */
    record Row(Variant variant, Map<String, Double> backToBack, Map<String, Double> afterIdle, double[] opsPerMs,
            double p50Us, double p99Us) {
    }

    /**
     * Writes the variants' profiles into {@code dir/profiles/}.
     *
     * @param dir the preset's output directory
     * @return the variants, in table order
     * @throws IOException when a profile cannot be written
     */
    static List<Variant> variants(Path dir) throws IOException {
        Path base = BenchPools.confDir().resolve("hikari.xml");
        Path profiles = Files.createDirectories(dir.resolve("profiles"));
        PoolProfile hikari = PoolProfile.load(base);
        Path testQuery = profiles.resolve("hikari+connectionTestQuery.xml");
        hikari.withAttribute("connectionTestQuery", "SELECT 1", testQuery);
        return List.of(new Variant("hikari (window 500 ms, isValid)", base, null),
                new Variant("hikari, aliveBypassWindowMs=0", base, "0"),
                new Variant("hikari + connectionTestQuery=SELECT 1", testQuery, null),
                new Variant("hikari + connectionTestQuery, aliveBypassWindowMs=0", testQuery, "0"));
    }

    /**
     * Measures every variant and writes {@code summary.md} into {@code dir}.
     *
     * @param p the plan's forks and iterations
     * @param poolSize pool size, = threads
     * @param dir the output directory
     * @return the Markdown
     * @throws Exception when a benchmark or a pool fails
     */
    static String run(Presets.Plan p, int poolSize, Path dir) throws Exception {
        List<Row> rows = new ArrayList<>();
        for (Variant v : variants(dir)) {
            Map<String, Double> backToBack = countWith(v, poolSize, 10_000, 0);
            Map<String, Double> afterIdle = countWith(v, poolSize, 1_000, IDLE_MS);
            System.out.println("== ConnectionCycle and IdleBorrowCycle, " + v.label());
            Statistics thr = stats(runJmh(p, v, ConnectionCycle.class, poolSize, dir), "throughput");
            Statistics lat = stats(runJmh(p, v, IdleBorrowCycle.class, poolSize, dir), "latency");
            double[] ci = thr.getN() > 1 ? thr.getConfidenceIntervalAt(0.95) : new double[] {Double.NaN, Double.NaN};
            rows.add(new Row(v, backToBack, afterIdle, new double[] {thr.getMean(), ci[0], ci[1], thr.getN()},
                    lat.getPercentile(50), lat.getPercentile(99)));
        }
        String md = markdown(rows, p, poolSize);
        Files.writeString(dir.resolve("summary.md"), md);
        return md;
    }

    /**
     * @param v a variant
     * @param poolSize pool size
     * @param n borrows
     * @param idleMs idle time before each borrow, ms
     * @return round trips per borrow by operation ({@link RoundTrips}), the pool built with the variant's window
     * @throws SQLException when the pool fails
     */
    static Map<String, Double> countWith(Variant v, int poolSize, int n, long idleMs) throws SQLException {
        String before = System.getProperty(WINDOW_PROPERTY);
        try {
            if (v.windowMs() != null) {
                System.setProperty(WINDOW_PROPERTY, v.windowMs());
            }
            return RoundTrips.perBorrow(v.profile().toString(), poolSize, n, idleMs);
        } finally {
            if (before == null) {
                System.clearProperty(WINDOW_PROPERTY);
            } else {
                System.setProperty(WINDOW_PROPERTY, before);
            }
        }
    }

    private static Collection<RunResult> runJmh(Presets.Plan p, Variant v, Class<?> bench, int poolSize, Path dir)
            throws RunnerException {
        String file = bench.getSimpleName() + "-" + v.label().replaceAll("[^A-Za-z0-9=+]+", "-") + ".json";
        return new Runner(Presets.options(p, bench, dir.resolve(file))
                .param("profile", v.profile().toString())
                .param("stubUrl", STUB_URL)
                .param("poolSize", Integer.toString(poolSize))
                .threads(bench == ConnectionCycle.class ? poolSize : 1)
                .jvmArgsAppend(v.jvmArgs().toArray(new String[0]))
                .build()).run();
    }

    private static Statistics stats(Collection<RunResult> results, String method) {
        return results.stream().filter(r -> r.getParams().getBenchmark().endsWith("." + method)).findFirst()
                .orElseThrow(() -> new IllegalStateException("JMH returned no result for ." + method))
                .getPrimaryResult().getStatistics();
    }

    /**
     * @param rows the variants' figures
     * @param p the plan
     * @param poolSize pool size and threads
     * @return the table, with what it measured and what it leaves out
     */
    static String markdown(List<Row> rows, Presets.Plan p, int poolSize) {
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "# HikariCP's check settings, per borrow%n%n"
                + "Stub driver, check round trip 500 µs (`%s`), pool size %d; JMH %d fork(s) × %d × 1 s measured after"
                + " %d × 1 s warm-up (excluded). Back to back: %d threads borrowing without a pause (ConnectionCycle);"
                + " after %d ms idle: one thread, each borrow after the connection sat idle %d ms (IdleBorrowCycle; the"
                + " idle time is not in the sample). Round trips counted on one thread over 10,000 borrows back to"
                + " back and 1,000 after the idle time.%n%n",
                STUB_URL, poolSize, p.forks(), p.iterations(), p.warmups(), poolSize, IDLE_MS, IDLE_MS));
        Table t = Table.of("variant", "round trips per borrow, back to back", "after " + IDLE_MS + " ms idle",
                "back to back: ops/ms, mean (95 % interval, n)", "after " + IDLE_MS + " ms idle: borrow + return p50 /"
                        + " p99, µs");
        for (Row r : rows) {
            t.row(r.variant().label(), trips(r.backToBack()), trips(r.afterIdle()), String.format(Locale.ROOT,
                    "%,.1f (%,.1f–%,.1f, %d)", r.opsPerMs()[0], r.opsPerMs()[1], r.opsPerMs()[2],
                    (long) r.opsPerMs()[3]), String.format(Locale.ROOT, "%,.1f / %,.1f", r.p50Us(), r.p99Us()));
        }
        return md.append(t.markdown()).append("\nHikariCP checks a connection idle longer than `aliveBypassWindowMs`, compared in whole"
                + " milliseconds: back to back no variant checks, whatever the window. Not measured here, since"
                + " neither is on the borrow path: `keepaliveTime` (HikariCP's housekeeper checks each idle connection"
                + " once per keepaliveTime in the background) and `maxLifetime` (one new connection per connection"
                + " and maxLifetime).\n").toString();
    }

    private static String trips(Map<String, Double> byOp) {
        StringBuilder t = new StringBuilder();
        byOp.forEach((op, n) -> {
            if (n > 0) {
                t.append(t.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%s %.2f", op, n));
            }
        });
        return t.length() == 0 ? "0" : t.toString();
    }
}
