package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.run.InjectedFailover;
import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.suite.aurora.run.MapCell;
import io.poolbench.suite.aurora.run.ScreenMix;
import io.poolbench.suite.aurora.run.ShortScreen;
import io.poolbench.suite.aurora.faults.Stalls;
import io.poolbench.suite.aurora.waits.ConnectionTrace;
import io.poolbench.suite.aurora.waits.JfrWaits;
import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.options.RttOption;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.fault.Fault;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.load.ScreenModel;
import io.poolbench.testbed.options.ErrorBudgetOption;
import io.poolbench.testbed.options.LongScreenOption;
import io.poolbench.testbed.options.RoundsOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Settings of one {@code ./poolbench aurora} run, as the manifest records them: what is run, and one small record
 * per concern (the load, the screens, the network to the writer, the database, the webapp).
 *
 * @param runs what is run, in order: the profiles, then any one-setting-at-a-time variants
 * @param rounds how many times each profile runs, in an order rotated from round to round ({@link LoadRun#inRounds})
 * @param maxErrorPercent the error budget: a run whose failed requests in the measured period, the failover's window
 *     left out, pass this share, %, fails
 * @param load the article's load and this webapp's share of it
 * @param screens the screens requested and how they borrow
 * @param network the round trip to the writer and what is done to it
 * @param database the data set and the images it runs in
 * @param webapp what every run's webapp records, and its JVM's further arguments
 */
public record AuroraSettings(List<LoadRun> runs, int rounds, double maxErrorPercent, Load load,
        ScreenSettings screens, Network network, Database database, Webapp webapp) {

    /**
     * Checks what spans concerns; each concern checks its own ranges. Each failure is one line naming the option.
     *
     * @throws TestbedException e.g. {@code --stall 30 ends after the measured period}
     */
    public AuroraSettings {
        ErrorBudgetOption.check(maxErrorPercent);
        RoundsOption.check(rounds);
        FaultKind kind = network.kind();
        if (network.failover() && InjectedFailover.stepsSeconds(kind) > 0 && load.durationSeconds() / 2 < InjectedFailover.stepsSeconds(kind) + 2) {
            throw new TestbedException("--failover " + kind.id() + " takes about " + InjectedFailover.stepsSeconds(kind) + " s from"
                    + " the middle of the measured period: give --duration " + 2 * (InjectedFailover.stepsSeconds(kind) + 2)
                    + " or more");
        }
        List<Integer> stalls = network.stallSeconds();
        for (int i = 0; i < stalls.size(); i++) {
            if (load.offsetsMs(stalls.size()).get(i) + stalls.get(i) * 1000L
                    > (load.warmupSeconds() + load.durationSeconds()) * 1000L) {
                throw new TestbedException("--stall " + stalls.get(i) + " ends after the measured period ("
                        + load.durationSeconds() + " s, stalls spread evenly over it): give a longer --duration or a"
                        + " shorter stall");
            }
        }
        runs = List.copyOf(runs);
    }

    /**
     * The article's load (750 users, 3,000 requests a minute over four servers) and the share of it one webapp
     * receives.
     *
     * @param users the article's JMeter threads over all servers (750)
     * @param ratePerMinute the article's request rate over all servers, per minute (3,000)
     * @param share the share of the article's load that this one webapp stands for (0.25: one of four servers)
     * @param engines number of JMeter engines started on loopback (the article's two client machines)
     * @param remoteEngines {@code host:port} of engines started elsewhere (then {@code engines} is ignored), may be
     *     empty
     * @param warmupSeconds seconds of load excluded from every statistic
     * @param durationSeconds measured seconds after the warm-up
     * @param rampupSeconds JMeter's ramp-up of the threads (within the warm-up)
     */
    public record Load(int users, double ratePerMinute, double share, int engines, List<String> remoteEngines,
            int warmupSeconds, int durationSeconds, int rampupSeconds) {
        /** @throws TestbedException one line naming the option out of range */
        public Load {
            Cli.range("--duration", durationSeconds, 1, 86_400);
            Cli.range("--warmup", warmupSeconds, 0, 3_600);
            Cli.range("--rampup", rampupSeconds, 0, 3_600);
            Cli.range("--users", users, 1, 100_000);
            Cli.range("--rate-per-minute", ratePerMinute, 0.1, 10_000_000);
            Cli.range("--share", share, 0.001, 1);
            Cli.range("--engines", engines, 1, 16);
            for (String e : remoteEngines) {
                int port = e.matches("[^:\\s]+:\\d{1,5}") ? Integer.parseInt(e.substring(e.lastIndexOf(':') + 1)) : 0;
                if (port < 1 || port > 65_535) {
                    throw new TestbedException("--remote-engines " + e + " is not HOST:PORT with a port from 1 to"
                            + " 65535");
                }
            }
            if (rampupSeconds > warmupSeconds) {
                throw new TestbedException("--rampup " + rampupSeconds + " is longer than --warmup " + warmupSeconds
                        + ": the threads start within the warm-up, so that every measured second has all of them;"
                        + " give --rampup " + warmupSeconds + " or less, or a longer --warmup");
            }
            if (Math.round(users * share) < 1) {
                throw new TestbedException("--users " + users + " × --share " + share + " leaves no user for the"
                        + " webapp");
            }
            remoteEngines = List.copyOf(remoteEngines);
        }

        /**
         * @param n how many moments
         * @return the i-th of n at {@code durationSeconds × (i + 1) / (n + 1)} into the measured period, ms after the
         *     load began
         */
        List<Long> offsetsMs(int n) {
            List<Long> at = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                at.add(warmupSeconds * 1000L + durationSeconds * 1000L * (i + 1) / (n + 1));
            }
            return at;
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

    /**
     * The screens requested and how each borrows.
     *
     * @param shortPercent share of requests for the short screen, %
     * @param mediumPercent share for the medium screen, % (the long screen gets the rest)
     * @param borrow {@code per-request} or {@code per-query}
     * @param longScreenMaxMs longest long screen alone, ms
     * @param shortScreen the short screen's shape when it is not the article's model ({@code --short-queries},
     *     {@code --short-query-ms}); null for the article's
     */
    public record ScreenSettings(int shortPercent, int mediumPercent, String borrow, long longScreenMaxMs,
            ShortScreen shortScreen) {
        /** @throws TestbedException one line naming the option out of range */
        public ScreenSettings {
            LongScreenOption.check(longScreenMaxMs);
            ScreenModel.Borrow.parse(borrow);
            if (shortPercent < 0 || mediumPercent < 0 || shortPercent + mediumPercent > 100) {
                throw new TestbedException("--mix " + shortPercent + "," + mediumPercent + ": give the short and"
                        + " medium screens' per cents, together at most 100, e.g. 50,30");
            }
        }

        /** @return the screens this run's webapp serves: its borrowing, long screen and short screen's shape */
        public ScreenModel model() {
            return ShortScreen.screens(shortScreen, ScreenModel.Borrow.parse(borrow), longScreenMaxMs);
        }
    }

    /**
     * The path between the webapp and the writer: its round trip, and the one thing done to it, a failover or
     * stalls ({@link Stalls}).
     *
     * @param rttMs round trip added by Toxiproxy between webapp and database, ms
     * @param jitterMs jitter of that round trip, ms (uniform ±)
     * @param failover inject a failover in the middle of the measured period ({@code failoverKind})
     * @param failoverKind with {@code failover}, which one ({@link FaultKind#id})
     * @param stallSeconds stalls of the writer's network, their lengths in s, spread evenly over each measured period
     *     ({@link AuroraSettings#stallOffsetsMs}); empty for none
     */
    public record Network(int rttMs, int jitterMs, boolean failover, String failoverKind,
            List<Integer> stallSeconds) {
        /** @throws TestbedException one line naming the option out of range, or both a failover and stalls */
        public Network {
            Cli.range("--rtt-ms", rttMs, 0, RttOption.MAX_MS);
            Cli.range("--jitter-ms", jitterMs, 0, 10_000);
            InjectedFailover.parse(failoverKind);
            stallSeconds = List.copyOf(stallSeconds);
            if (failover && !stallSeconds.isEmpty()) {
                throw new TestbedException("--stall and --failover: one thing at a time is done to the writer; leave"
                        + " out one of them");
            }
            for (int s : stallSeconds) {
                Cli.range("--stall", s, 1, Fault.MAX_STALL_SECONDS);
            }
        }

        /** @return the failover kind named, whether or not one is injected */
        public FaultKind kind() {
            return InjectedFailover.parse(failoverKind);
        }
    }

    /**
     * The data set and the images the database and the proxy run in.
     *
     * @param rows orders in the data set
     * @param mysqlImage MySQL image setting (null: the default)
     * @param toxiproxyImage Toxiproxy image setting (null: the default)
     */
    public record Database(int rows, String mysqlImage, String toxiproxyImage) {
        /** @throws TestbedException one line when the data set is out of range */
        public Database {
            DataSet.checkOrders(rows);
        }
    }

    /**
     * What every run's webapp records, and its JVM's further arguments.
     *
     * @param traceJdbc the webapp traces the JDBC calls beneath the pool ({@link ConnectionTrace})
     * @param jvmArgs further arguments of the webapp's JVM (e.g. a pool's system property); empty when none
     * @param jfr the webapp records with Java Flight Recorder ({@link JfrWaits})
     */
    public record Webapp(boolean traceJdbc, List<String> jvmArgs, boolean jfr) {
        /** @throws TestbedException one line naming an argument that is not a JVM option */
        public Webapp {
            jvmArgs = List.copyOf(jvmArgs);
            for (String a : jvmArgs) {
                if (!LoadRun.isJvmOption(a)) {
                    throw new TestbedException("--webapp-jvm-arg " + a + " is not a JVM option this command passes"
                            + " on: give a system property (-Dkey=value) or a -X/-XX option");
                }
            }
        }
    }

    /**
     * @param more runs to add after these (the one-setting-at-a-time variants)
     * @return the same settings with those runs added
     */
    public AuroraSettings withRuns(List<LoadRun> more) {
        List<LoadRun> all = new ArrayList<>(runs);
        all.addAll(more);
        return new AuroraSettings(all, rounds, maxErrorPercent, load, screens, network, database, webapp);
    }

    /**
     * When each stall begins: the i-th of n at {@code durationSeconds × (i + 1) / (n + 1)} into the measured period.
     *
     * @return ms after the load began (JMeter's start), one per {@link Network#stallSeconds}
     */
    public List<Long> stallOffsetsMs() {
        return load.offsetsMs(network.stallSeconds().size());
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
        Load l = new Load(load.users(), load.ratePerMinute(), c.load() * MapCell.ARTICLE_SHARE, load.engines(),
                load.remoteEngines(), load.warmupSeconds(), load.durationSeconds(), load.rampupSeconds());
        ScreenSettings sc = new ScreenSettings(screens.shortPercent(), screens.mediumPercent(), c.borrow(),
                screens.longScreenMaxMs(), screens.shortScreen());
        Network n = new Network(c.rttMs(), network.jitterMs(), network.failover(), network.failoverKind(),
                network.stallSeconds());
        return new AuroraSettings(runs, rounds, maxErrorPercent, l, sc, n, database, webapp);
    }

    /** @return the traffic of these settings' own load, as the queueing model needs it */
    public ScreenMix mix() {
        return new ScreenMix(load.ratePerMinute(), screens.shortPercent(), screens.mediumPercent(), screens.model(),
                screens.longScreenMaxMs(), load.durationSeconds(), load.warmupSeconds());
    }

    /** @return the failover this run injects, or null with no {@code --failover} */
    public FaultKind injectedFailover() {
        return network.failover() ? network.kind() : null;
    }
}
