package io.poolbench.suite.plan;

import io.poolbench.testbed.Figures;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.model.Workload;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.run.RunDirOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code poolbench plan --measure-knee}: the knee of the user's request found by search on the stand-in cluster,
 * beside {@code plan}'s prediction. It runs the Aurora scenario's knee search ({@code aurora --find-knee}) with the
 * user's request as its only screen, no jitter, at the user's round trip and borrowing, its load scale set so that
 * × 1 is {@code plan}'s predicted knee: the light load × 0.1 of it, the search starting at the search's own model
 * knee (with the stand-in's round trip measured at the light load), up to × 2. Cells of 20 s after a 10-s warm-up
 * (excluded), as the search's records use.
 */
final class PlanKneeMeasurement {
    /** The light load, × the predicted knee: far below it, so that its p99 is the unqueued request's. */
    static final double LIGHT_LOAD = 0.1;
    /** The highest load, × the predicted knee. */
    static final double MAX_LOAD = 2;
    /**
     * The highest predicted knee the search takes, requests/s: at twice it the engines, the webapp, Toxiproxy and the
     * database share two cores. Measured (docs/lab/2026-11-28-load-at-rate.md, one run each): at 400 requests/s the
     * machine was 1.25 cores busy and 1.0 % of requests started more than 10 ms late; at 500, 1.86 cores and 23 %.
     */
    static final double MAX_KNEE_PER_SECOND = 200;

    private PlanKneeMeasurement() {
    }

    /**
     * @param ratePerSecond requests/s at load × 1 (the predicted knee)
     * @return the Aurora scenario's {@code --rate-per-minute} that makes load × 1 this rate, whole (one webapp takes a quarter
     *     of it per × 1: the article's four servers)
     */
    static long ratePerMinute(double ratePerSecond) {
        return Math.max(1, Math.round(ratePerSecond * 60 * 4));
    }

    /**
     * @param ratePerSecond the predicted knee, requests/s
     * @return requests/s at the search's load × 1: the predicted knee to within the whole rate per minute
     */
    static double perSecondAtOne(double ratePerSecond) {
        return ratePerMinute(ratePerSecond) / 240.0;
    }

    /**
     * The arguments of the knee search (a pure function).
     *
     * @param profileFile the pool's context.xml
     * @param w the traffic (one server time per query, a whole round trip)
     * @param kneePerSecond {@code plan}'s predicted knee, requests/s: load × 1
     * @param out the run directory
     * @param root the project root
     * @return the Aurora scenario's command line
     */
    static List<String> args(Path profileFile, Workload w, double kneePerSecond, Path out, Path root) {
        PlanMeasurement.check(w, "--measure-knee");
        // the Aurora scenario gives a cell users × its share (a quarter × its load): threads = the rate × the allowance
        int users = (int) Math.max(8, Math.min(100_000, Math.ceil(4 * PlanMeasurement.WAIT_ALLOWANCE_S
                * kneePerSecond)));
        return List.of("--find-knee", "--profiles", profileFile.toAbsolutePath().toString(),
                "--users", Integer.toString(users), "--rate-per-minute", Long.toString(ratePerMinute(kneePerSecond)),
                "--mix", "100,0", "--short-queries", Integer.toString(w.queriesPerRequest()),
                "--short-query-ms", Figures.plain(w.queryP50Ms()),
                "--map-borrows", w.perQuery() ? "per-query" : "per-request",
                "--map-rtts", Long.toString(Math.round(w.rttMs())), "--jitter-ms", "0",
                "--light-load", Figures.plain(LIGHT_LOAD), "--max-load", Figures.plain(MAX_LOAD),
                "--duration", "20", "--warmup", "10", "--rampup", "3", "--rounds", "1",
                "--max-error-percent", "100", "--out", out.toString(), "--root", root.toString());
    }

    /**
     * Runs the search and prints its knee beside the prediction (also to {@code plan.md} in the run directory).
     *
     * @param profile the profile (its context.xml runs in the webapp)
     * @param w the traffic
     * @param kneePerSecond {@code plan}'s predicted knee, requests/s
     * @param dir where the run directory goes
     * @param console where the comparison goes
     * @param measurement what runs the search (the Aurora scenario's, wired by the CLI)
     * @return the exit code: the Aurora scenario's (0 ok, 1 a cell failed, 2 bad input or no Docker, 130 interrupted), or 1 when
     *     the search left no result
     * @throws IOException when the results cannot be read or the comparison not written
     */
    static int run(PoolProfile profile, Workload w, double kneePerSecond, RunDirOptions dir, PrintStream console,
            ShortScreenMeasurement measurement) throws IOException {
        if (kneePerSecond > MAX_KNEE_PER_SECOND) {
            throw new TestbedException(String.format(Locale.ROOT, "--measure-knee: the predicted knee, %.0f requests/s,"
                    + " is above the %.0f requests/s this machine's stand-in can load to twice over"
                    + " (docs/lab/2026-11-28-load-at-rate.md); measure your rate with --measure, a pool small enough to"
                    + " break below it, or search with JMeter engines on other hosts (aurora --find-knee"
                    + " --remote-engines)", kneePerSecond, MAX_KNEE_PER_SECOND));
        }
        Path out = dir.prepare();
        List<String> args = args(profile.file(), w, kneePerSecond, out, dir.root);
        console.println("finding the knee on the stand-in cluster (4 to 8 cells of about 40 s): poolbench aurora "
                + String.join(" ", args));
        int rc = measurement.run("poolbench plan --measure-knee", args);
        if (rc == 2 || rc >= 128) {
            return rc;
        }
        List<MeasuredKnee> knees;
        try {
            knees = measurement.readKnees(out, perSecondAtOne(kneePerSecond));
        } catch (IOException e) {
            console.println("measured: nothing: " + e.getMessage());
            return 1;
        }
        if (knees.isEmpty()) {
            console.println("measured: nothing: the search left no result (see " + measurement.report(out) + ")");
            return 1;
        }
        String text = comparison(knees.get(0), kneePerSecond);
        Files.writeString(out.resolve("plan.md"), "# poolbench plan --measure-knee\n\n" + text, StandardCharsets.UTF_8);
        console.print(text);
        if (rc != 0) {
            console.println("the search failed (exit code " + rc + "): its report says why");
        }
        console.println("the search's report (each cell, CPU per process): " + measurement.report(out));
        return rc == 0 && knees.get(0).status().equals("failed") ? 1 : rc;
    }

    /**
     * The measured knee beside the prediction (a pure function).
     *
     * @param k the search's knee
     * @param predictedPerSecond {@code plan}'s knee, requests/s
     * @return lines of text, each ending in a line break
     */
    static String comparison(MeasuredKnee k, double predictedPerSecond) {
        StringBuilder t = new StringBuilder();
        if (k.kneePerSecond() == null) {
            t.append(String.format(Locale.ROOT, "measured knee: %s up to %s requests/s (the highest load measured,"
                    + " %d cells); plan's knee %s requests/s%n", k.status().equals("no-knee") ? "none" : "not found ("
                    + k.status() + ")", num(k.highestPerSecond()), k.cells(), num(predictedPerSecond)));
        } else {
            t.append(String.format(Locale.ROOT, "measured knee: %s requests/s (95 %% interval within the search %s"
                    + " .. %s, %d cells, one search: a lead); plan's knee %s requests/s, %+.0f %% of the measured%n",
                    num(k.kneePerSecond()), num(k.lowPerSecond()), Double.isInfinite(k.highPerSecond()) ? "open"
                    : num(k.highPerSecond()), k.cells(), num(predictedPerSecond),
                    100 * (predictedPerSecond / k.kneePerSecond() - 1)));
        }
        if (k.modelPerSecond() != null) {
            t.append(String.format(Locale.ROOT, "the search's model (over its 20-s cells, with the stand-in's own"
                    + " round trip of %s ms per query measured at the light load): %s requests/s%n",
                    k.standInRttMs() == null ? "–" : Figures.sig3(k.standInRttMs()), num(k.modelPerSecond())));
        }
        return t.toString();
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "%,.0f" : "%.1f", v);
    }
}
