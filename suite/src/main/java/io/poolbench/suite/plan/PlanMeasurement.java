package io.poolbench.suite.plan;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Docker;
import io.poolbench.testbed.model.PoolSimulation;
import io.poolbench.testbed.model.Workload;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.PoolReading;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.run.RunDirOptions;
import io.poolbench.toxiproxy.HostsFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code poolbench plan --measure}: the same traffic measured on the stand-in cluster, beside the prediction. It
 * runs the Aurora experiment (Docker: MySQL behind Toxiproxy, the webapp with the pool, JMeter's Poisson-paced
 * engines) with the user's request as its only screen: {@code --mix 100,0}, the short screen made of the user's
 * queries and server time per query ({@code --short-queries}, {@code --short-query-ms}), the user's rate as the
 * whole load ({@code --share 1}), round trip and borrowing, no jitter (the model has none). Then it simulates the
 * same traffic over the measured period's length and prints predicted, measured and their ratio.
 *
 * <p>Threads by Little's law: the rate × {@link #WAIT_ALLOWANCE_S} (at least 4), enough for every request in
 * flight while requests take up to 2 s, few enough that the engines cost about what the webapp does per request;
 * when requests wait longer (a pool past its limit waiting out its borrow timeout) arrivals start late, and the
 * run's report says how many and by how much (latency from the intended start).
 */
final class PlanMeasurement {
    /**
     * Seconds of load before the measured period, excluded: a cold JMeter engine's first request starts 3 to 5 s
     * into the run (docs/aurora.md), the pool fills and the JIT warms within the rest.
     */
    static final int WARMUP_SECONDS = 20;
    /**
     * Seconds of waiting the engines' threads cover at the arrival rate (threads = rate × this, Little's law).
     * Measured on this 2-core machine, one screen of one 2-ms query at +1 ms (docs/lab/2026-11-28-load-at-rate.md):
     * with 2 s, 0 of 5,940 requests started late at 200 requests/s and the engines used 1.3 ms of CPU per request
     * (the webapp 1.25); with the earlier 15 s, 6,000 threads at 400 requests/s used twice the engines' CPU and
     * started 27 % of requests late.
     */
    static final double WAIT_ALLOWANCE_S = 2;
    /**
     * The highest rate {@code --measure} takes, requests/s: the highest this 2-core machine's stand-in loaded with
     * the schedule kept (398.78 of 400 achieved, 0.03 % of requests more than 10 ms late; at 500 the machine was
     * 1.86 of 2 cores busy and 23 % came late: docs/lab/2026-11-28-load-at-rate.md).
     */
    static final double CEILING_PER_SECOND = 400;

    private PlanMeasurement() {
    }

    /**
     * How long to measure.
     *
     * @param seconds measured seconds
     * @param warmupSeconds seconds of load before, excluded
     */
    record Length(int seconds, int warmupSeconds) {
        /** @throws TestbedException naming the option out of range */
        Length {
            Cli.range("--measure", seconds, 10, 86_400);
            Cli.range("warm-up", warmupSeconds, 5, 3_600);
        }
    }

    /**
     * Refuses a traffic the measurement cannot serve.
     *
     * @param w the traffic
     * @param option the option that asked for the measurement, {@code --measure} or {@code --measure-knee}
     * @throws TestbedException one line: a spread of server times, or a round trip that is not whole ms
     */
    static void check(Workload w, String option) {
        if (option.equals("--measure") && w.ratePerSecond() > CEILING_PER_SECOND) {
            throw new TestbedException(String.format(Locale.ROOT, "--measure: %s requests/s is above the"
                    + " %.0f requests/s this machine's stand-in was measured to load on schedule"
                    + " (docs/lab/2026-11-28-load-at-rate.md); measure a lower rate, or run the Aurora scenario with"
                    + " JMeter engines on other hosts (aurora --remote-engines, docs/aurora.md)",
                    Figures.plain(w.ratePerSecond()), CEILING_PER_SECOND));
        }
        if (w.queryP90Ms() != w.queryP50Ms()) {
            throw new TestbedException(option + " serves every query with one server time: give --query-ms, not"
                    + " --query-p50-ms and --query-p90-ms");
        }
        if (w.rttMs() != Math.rint(w.rttMs())) {
            throw new TestbedException(option + " adds the round trip through Toxiproxy in whole ms: give --rtt-ms "
                    + Math.round(w.rttMs()) + " instead of " + Figures.plain(w.rttMs()));
        }
    }

    /**
     * @param option the option that asked for the measurement, {@code --measure} or {@code --measure-knee}
     * @throws TestbedException one line when no Docker engine answers (the measurement needs one), or when this JVM
     *     cannot move the cluster's endpoint name (started without the {@code ./poolbench} script's hosts file)
     */
    static void requireCluster(String option) {
        if (!Docker.available()) {
            throw new TestbedException(option + " needs Docker (MySQL and Toxiproxy in containers) and no Docker"
                    + " engine answers: start dockerd (see .ci/run), or leave out " + option + " for the prediction"
                    + " alone");
        }
        HostsFile.require();
    }

    /**
     * The arguments of the Aurora run that measures the traffic.
     *
     * @param profileFile the pool's context.xml
     * @param w the traffic (a fixed server time per query)
     * @param length how long
     * @param out the run directory
     * @param root the project root
     * @return the Aurora scenario's command line
     * @throws TestbedException when the traffic has a spread of server times or a round trip that is not whole ms
     */
    static List<String> auroraArgs(Path profileFile, Workload w, Length length, Path out, Path root) {
        check(w, "--measure");
        return List.of("--profiles", profileFile.toAbsolutePath().toString(),
                "--share", "1", "--users", Integer.toString(threads(w.ratePerSecond())),
                "--rate-per-minute", Figures.plain(w.ratePerSecond() * 60), "--mix", "100,0",
                "--short-queries", Integer.toString(w.queriesPerRequest()),
                "--short-query-ms", Figures.plain(w.queryP50Ms()),
                "--borrow", w.perQuery() ? "per-query" : "per-request",
                "--rtt-ms", Long.toString(Math.round(w.rttMs())), "--jitter-ms", "0",
                "--duration", Integer.toString(length.seconds()), "--warmup", Integer.toString(length.warmupSeconds()),
                "--rampup", Integer.toString(Math.min(10, length.warmupSeconds() / 2)), "--rounds", "1",
                // a pool past its limit fails requests: that is the measurement, not a failed run
                "--max-error-percent", "100", "--out", out.toString(), "--root", root.toString());
    }

    /**
     * @param ratePerSecond requests/s
     * @return JMeter threads over both engines
     */
    static int threads(double ratePerSecond) {
        return (int) Math.max(4, Math.min(100_000, Math.ceil(ratePerSecond * WAIT_ALLOWANCE_S)));
    }

    /**
     * Runs the measurement and prints it beside the model's prediction (also to {@code plan.md} in the run directory).
     *
     * @param r the pool as read from its profile
     * @param profile the profile (its context.xml runs in the webapp)
     * @param w the traffic
     * @param length how long to measure
     * @param dir where the run directory goes
     * @param seed the simulation's random seed
     * @param console where the comparison goes
     * @param measurement what runs the request as the paced short screen (the Aurora scenario's, wired by the CLI)
     * @return the exit code: the Aurora scenario's (0 ok, 1 the run failed, 2 bad input or no Docker, 130 interrupted), or 1
     *     when the run left no figures for the request
     * @throws IOException when the report cannot be read or the comparison not written
     */
    static int run(PoolReading r, PoolProfile profile, Workload w, Length length, RunDirOptions dir, long seed,
            PrintStream console, ShortScreenMeasurement measurement) throws IOException {
        Path out = dir.prepare();
        List<String> args = auroraArgs(profile.file(), w, length, out, dir.root);
        console.println("measuring on the stand-in cluster (about " + (length.seconds() + length.warmupSeconds()
                + 60) + " s): poolbench aurora " + String.join(" ", args));
        int rc = measurement.run("poolbench plan --measure", args);
        if (rc == 2 || rc >= 128) {
            return rc;
        }
        List<MeasuredShortScreen> measured = measurement.read(out);
        if (measured.isEmpty()) {
            console.println("measured: nothing: the run left no figures for the request (see "
                    + measurement.report(out) + ")");
            return 1;
        }
        PoolSimulation.Result p = PoolSimulation.run(r.model(), w, measured.get(0).measuredSeconds(), seed);
        String table = comparison(p, measured.get(0), w);
        Files.writeString(out.resolve("plan.md"), "# poolbench plan --measure\n\n" + table,
                StandardCharsets.UTF_8);
        console.print(table);
        if (rc != 0) {
            console.println("the measurement run failed (exit code " + rc + "): its report says why");
        }
        console.println("the run's report (CPU per process, latency from each request's intended start): "
                + measurement.report(out));
        return rc;
    }

    /**
     * The prediction beside the measurement (a pure function).
     *
     * @param p the simulation over the measured period's length
     * @param m the measured request
     * @param w the traffic
     * @return a Markdown table with a line before and after it
     */
    static String comparison(PoolSimulation.Result p, MeasuredShortScreen m, Workload w) {
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "Predicted (simulation over %.0f s) beside"
                + " measured (1 run, %,d requests after the warm-up; %.2f of %.2f requests/s achieved):%n%n",
                m.measuredSeconds(), m.requests(), m.achievedPerSecond(), w.ratePerSecond()));
        Table t = Table.of("", ">predicted", ">measured", ">measured ÷ predicted");
        rows(p, m).forEach(r -> t.row(r.what(), num(r.predicted()), num(r.measured()), r.ratio() == null ? "–"
                : String.format(Locale.ROOT, "%.2f", r.ratio())));
        md.append(t.markdown());
        // where the model's median request does not queue, the medians differ by the overhead it leaves out
        String overhead = p.waitP50Ms() > 0 ? "" : String.format(Locale.ROOT, " (the median request queues for no"
                + " connection in the model, so the difference of the medians, %s ms, is that overhead)",
                num(m.p50Ms() - p.responseP50Ms()));
        return md.append(String.format(Locale.ROOT, "%nMeasured response times include what the model leaves out:"
                + " HTTP and Tomcat, the driver, the database's time beyond each query's server time%s; Tomcat's"
                + " thread limit; the database's own queue. The measured borrow wait is the time in getConnection(),"
                + " with any validation the pool makes there; the model's is the time queued for a connection. One"
                + " run: a lead, not an interval.%n", overhead)).toString();
    }

    /**
     * One figure, predicted and measured.
     *
     * @param what the figure, with its unit
     * @param predicted the simulation's value
     * @param measured the run's value
     * @param ratio measured ÷ predicted; null when nothing was predicted (0)
     */
    record Row(String what, double predicted, double measured, Double ratio) {
        Row(String what, double predicted, double measured) {
            this(what, predicted, measured, predicted > 0 ? measured / predicted : null);
        }
    }

    /**
     * @param p the simulation's result
     * @param m what the short screen measured
     * @return response p50, p90, p99 and max, borrow wait p99 and max (ms), failed requests: predicted and measured
     */
    static List<Row> rows(PoolSimulation.Result p, MeasuredShortScreen m) {
        return List.of(new Row("response p50, ms", p.responseP50Ms(), m.p50Ms()),
                new Row("response p90, ms", p.responseP90Ms(), m.p90Ms()),
                new Row("response p99, ms", p.responseP99Ms(), m.p99Ms()),
                new Row("response max, ms", p.responseMaxMs(), m.maxMs()),
                new Row("borrow wait p99, ms", p.waitP99Ms(), m.borrowP99Ms()),
                new Row("borrow wait max, ms", p.waitMaxMs(), m.borrowMaxMs()),
                new Row("failed requests", p.failed(), m.errors()));
    }

    private static String num(double v) {
        return Math.abs(v) >= 100 || v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v)
                : String.format(Locale.ROOT, "%.1f", v);
    }
}
