package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.run.FailoverKind;
import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.suite.aurora.run.MapCell;
import io.poolbench.suite.aurora.run.ScreenMix;
import io.poolbench.suite.aurora.run.ShortScreen;
import io.poolbench.suite.aurora.stalls.Stalls;
import io.poolbench.suite.aurora.waits.ConnectionTrace;
import io.poolbench.suite.aurora.waits.JfrWaits;
import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.load.ScreenModel;
import io.poolbench.testbed.options.ErrorBudgetOption;
import io.poolbench.testbed.options.LongScreenOption;
import io.poolbench.testbed.options.RoundsOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Settings of one {@code ./poolbench seed004} run, as the manifest records them.
 *
 * @param runs what is run, in order: the profiles, then any one-setting-at-a-time variants
 * @param users the article's JMeter threads over all servers (750)
 * @param ratePerMinute the article's request rate over all servers, per minute (3,000)
 * @param share the share of the article's load that this one webapp stands for (0.25: one of four servers)
 * @param engines number of JMeter engines started on loopback (the article's two client machines)
 * @param remoteEngines {@code host:port} of engines started elsewhere (then {@code engines} is ignored), may be empty
 * @param warmupSeconds seconds of load excluded from every statistic
 * @param durationSeconds measured seconds after the warm-up
 * @param rampupSeconds JMeter's ramp-up of the threads (within the warm-up)
 * @param shortPercent share of requests for the short screen, %
 * @param mediumPercent share for the medium screen, % (the long screen gets the rest)
 * @param borrow {@code per-request} or {@code per-query}
 * @param longScreenMaxMs longest long screen alone, ms
 * @param rttMs round trip added by Toxiproxy between webapp and database, ms
 * @param jitterMs jitter of that round trip, ms (uniform ±)
 * @param failover inject a failover in the middle of the measured period ({@code failoverKind})
 * @param rows orders in the data set
 * @param mysqlImage MySQL image setting (null: the default)
 * @param toxiproxyImage Toxiproxy image setting (null: the default)
 * @param maxErrorPercent the error budget: a run whose failed requests in the measured period, the failover's window
 *     left out, pass this share, %, fails (0 in a run directory written before seed 004 had a budget)
 * @param rounds how many times each profile runs, in an order rotated from round to round ({@link LoadRun#inRounds});
 *     1 in a run directory written before seed 004 had rounds
 * @param traceJdbc the webapp traces the JDBC calls beneath the pool ({@link ConnectionTrace}); false in a run
 *     directory written before
 * @param webappJvmArgs further arguments of every run's webapp JVM (e.g. a pool's system property); empty (or null
 *     in a run directory written before) when none
 * @param jfr every run's webapp records with Java Flight Recorder ({@link JfrWaits})
 * @param stallSeconds stalls of the writer's network, their lengths in s, spread evenly over each measured period
 *     ({@link #stallOffsetsMs}, {@link Stalls}); empty (null in a run directory written before) for none
 * @param failoverKind with {@code failover}, which one ({@link FailoverKind#label}); null (planned) in a run
 *     directory written before there were kinds
 * @param shortScreen the short screen's shape when it is not the article's model ({@code --short-queries},
 *     {@code --short-query-ms}); null for the article's (and in a run directory written before it could change)
 */
public record AuroraSettings(List<LoadRun> runs, int users, double ratePerMinute, double share,
        int engines, List<String> remoteEngines, int warmupSeconds, int durationSeconds, int rampupSeconds,
        int shortPercent, int mediumPercent, String borrow, long longScreenMaxMs, int rttMs, int jitterMs,
        boolean failover, int rows, String mysqlImage, String toxiproxyImage, double maxErrorPercent, int rounds,
        boolean traceJdbc, List<String> webappJvmArgs, boolean jfr, List<Integer> stallSeconds,
        String failoverKind, ShortScreen shortScreen) {

    /**
     * Checks every range before anything starts; each failure is one line naming the option.
     *
     * @throws TestbedException e.g. {@code --duration 0 is out of range: allowed 1 .. 86400}
     */
    public AuroraSettings {
        Cli.range("--duration", durationSeconds, 1, 86_400);
        Cli.range("--warmup", warmupSeconds, 0, 3_600);
        Cli.range("--rampup", rampupSeconds, 0, 3_600);
        Cli.range("--users", users, 1, 100_000);
        Cli.range("--rate-per-minute", ratePerMinute, 0.1, 10_000_000);
        Cli.range("--share", share, 0.001, 1);
        Cli.range("--engines", engines, 1, 16);
        LongScreenOption.check(longScreenMaxMs);
        Cli.range("--rtt-ms", rttMs, 0, 10_000);
        Cli.range("--jitter-ms", jitterMs, 0, 10_000);
        DataSet.checkOrders(rows);
        ErrorBudgetOption.check(maxErrorPercent);
        // a run directory written before rounds has none: it ran each profile once
        rounds = Math.max(1, rounds);
        webappJvmArgs = webappJvmArgs == null ? List.of() : List.copyOf(webappJvmArgs);
        for (String a : webappJvmArgs) {
            if (!LoadRun.isJvmOption(a)) {
                throw new TestbedException("--webapp-jvm-arg " + a + " is not a JVM option this command passes on:"
                        + " give a system property (-Dkey=value) or a -X/-XX option");
            }
        }
        RoundsOption.check(rounds);
        stallSeconds = stallSeconds == null ? List.of() : List.copyOf(stallSeconds);
        if (failover && !stallSeconds.isEmpty()) {
            throw new TestbedException("--stall and --failover: one thing at a time is done to the writer; leave out"
                    + " one of them");
        }
        FailoverKind kind = FailoverKind.parse(failoverKind);
        if (failover && kind.stepsSeconds > 0 && durationSeconds / 2 < kind.stepsSeconds + 2) {
            throw new TestbedException("--failover " + kind.label() + " takes about " + kind.stepsSeconds + " s from"
                    + " the middle of the measured period: give --duration " + 2 * (kind.stepsSeconds + 2)
                    + " or more");
        }
        for (int i = 0; i < stallSeconds.size(); i++) {
            Cli.range("--stall", stallSeconds.get(i), 1, 3_600);
            if (offsetsMs(warmupSeconds, durationSeconds, stallSeconds.size()).get(i) + stallSeconds.get(i) * 1000L
                    > (warmupSeconds + durationSeconds) * 1000L) {
                throw new TestbedException("--stall " + stallSeconds.get(i) + " ends after the measured period ("
                        + durationSeconds + " s, stalls spread evenly over it): give a longer --duration or a"
                        + " shorter stall");
            }
        }
        ScreenModel.Borrow.parse(borrow);
        if (shortPercent < 0 || mediumPercent < 0 || shortPercent + mediumPercent > 100) {
            throw new TestbedException("--mix " + shortPercent + "," + mediumPercent + ": give the short and medium"
                    + " screens' per cents, together at most 100, e.g. 50,30");
        }
        for (String e : remoteEngines) {
            if (!e.matches("[^:\\s]+:\\d{1,5}") || Integer.parseInt(e.substring(e.lastIndexOf(':') + 1)) > 65_535
                    || Integer.parseInt(e.substring(e.lastIndexOf(':') + 1)) < 1) {
                throw new TestbedException("--remote-engines " + e + " is not HOST:PORT with a port from 1 to 65535");
            }
        }
        if (rampupSeconds > warmupSeconds) {
            throw new TestbedException("--rampup " + rampupSeconds + " is longer than --warmup " + warmupSeconds
                    + ": the threads start within the warm-up, so that every measured second has all of them; give"
                    + " --rampup " + warmupSeconds + " or less, or a longer --warmup");
        }
        if (Math.round(users * share) < 1) {
            throw new TestbedException("--users " + users + " × --share " + share + " leaves no user for the webapp");
        }
        runs = List.copyOf(runs);
        remoteEngines = List.copyOf(remoteEngines);
    }

    /**
     * @param more runs to add after these (the one-setting-at-a-time variants)
     * @return the same settings with those runs added
     */
    public AuroraSettings withRuns(List<LoadRun> more) {
        List<LoadRun> all = new ArrayList<>(runs);
        all.addAll(more);
        return new AuroraSettings(all, users, ratePerMinute, share, engines, remoteEngines, warmupSeconds,
                durationSeconds, rampupSeconds, shortPercent, mediumPercent, borrow, longScreenMaxMs, rttMs, jitterMs,
                failover, rows, mysqlImage, toxiproxyImage, maxErrorPercent, rounds, traceJdbc, webappJvmArgs, jfr,
                stallSeconds, failoverKind, shortScreen);
    }

    /**
     * When each stall begins: the i-th of n at {@code durationSeconds × (i + 1) / (n + 1)} into the measured period.
     *
     * @return ms after the load began (JMeter's start), one per {@code stallSeconds}
     */
    public List<Long> stallOffsetsMs() {
        return offsetsMs(warmupSeconds, durationSeconds, stallSeconds.size());
    }

    private static List<Long> offsetsMs(int warmupSeconds, int durationSeconds, int n) {
        List<Long> at = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            at.add(warmupSeconds * 1000L + durationSeconds * 1000L * (i + 1) / (n + 1));
        }
        return at;
    }

    /**
     * @param r a run
     * @return these settings with the run's cell (its share, round trip and borrowing) in place; these when it has
     *     none
     */
    public AuroraSettings forRun(LoadRun r) {
        MapCell c = r.cell();
        if (c == null) {
            return this;
        }
        return new AuroraSettings(runs, users, ratePerMinute, c.load() * MapCell.ARTICLE_SHARE, engines, remoteEngines,
                warmupSeconds, durationSeconds, rampupSeconds, shortPercent, mediumPercent, c.borrow(),
                longScreenMaxMs, c.rttMs(), jitterMs, failover, rows, mysqlImage, toxiproxyImage, maxErrorPercent,
                rounds, traceJdbc, webappJvmArgs, jfr, stallSeconds, failoverKind, shortScreen);
    }

    /** @return the screens this run's webapp serves: its borrowing, long screen and short screen's shape */
    public ScreenModel screens() {
        return ShortScreen.screens(shortScreen, ScreenModel.Borrow.parse(borrow), longScreenMaxMs);
    }

    /** @return the traffic of these settings' own load, as the queueing model needs it */
    public ScreenMix mix() {
        return new ScreenMix(ratePerMinute, shortPercent, mediumPercent, screens(), longScreenMaxMs, durationSeconds);
    }

    /** @return the failover this run injects, or null with no {@code --failover} */
    public FailoverKind injectedFailover() {
        return failover ? kind() : null;
    }

    /** @return the failover this run injects (planned in a run directory written before there were kinds) */
    public FailoverKind kind() {
        return FailoverKind.parse(failoverKind);
    }

    /** @return JMeter threads this webapp receives in total (users × share, rounded) */
    public int webappUsers() {
        return (int) Math.round(users * share);
    }

    /** @return number of engines actually used */
    public int engineCount() {
        return remoteEngines.isEmpty() ? engines : remoteEngines.size();
    }

    /** @return threads per engine (the webapp's users split evenly, rounded up) */
    public int threadsPerEngine() {
        return (webappUsers() + engineCount() - 1) / engineCount();
    }

    /** @return target rate this webapp receives, requests per second */
    public double targetPerSecond() {
        return ratePerMinute * share / 60.0;
    }

    /** @return target rate per engine, requests per minute */
    public double ratePerMinutePerEngine() {
        return ratePerMinute * share / engineCount();
    }
}
