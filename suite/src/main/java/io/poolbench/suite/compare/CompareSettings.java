package io.poolbench.suite.compare;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.options.ErrorBudgetOption;
import io.poolbench.testbed.options.MaxThreadsOption;
import io.poolbench.testbed.options.RoundsOption;
import io.poolbench.testbed.options.ThinkTimeOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a main-job run does; written into the run's manifest ({@code run.json}, under {@code settings}) so that a
 * report can be rebuilt from the run directory alone.
 *
 * @param preset {@code quick} or {@code full}
 * @param profiles the profiles in run order, each with its unique id
 * @param jmhArgs JMH arguments (without the output options)
 * @param durationSeconds JMeter load per profile and round, s (after ramp-up starts)
 * @param rounds rounds of the web load: each runs every profile once, in an order rotated from round to round
 * @param rampupSeconds JMeter ramp-up, s
 * @param shortThreads JMeter threads on /short
 * @param mediumThreads JMeter threads on /medium
 * @param longThreads JMeter threads on /long
 * @param thinkMs JMeter think time between a thread's requests, ms
 * @param webappMaxThreads Tomcat request threads
 * @param maxErrorPercent a load phase whose share of failed requests exceeds this fails, %
 * @param database one-line description of the database (no password), or {@code none} when no phase needs one
 * @param rows rows in orders
 * @param skipJmh true when the JMH phase is skipped
 * @param skipLoad true when the web-load phase is skipped
 * @param rampupExcluded true: the samples that started in the ramp-up are left out of every figure (always in a
 *     run of this version)
 * @param traceJdbc the webapp traced the JDBC calls beneath each pool ({@code --trace-jdbc}; every profile must be a
 *     pool, {@link ProfileRun#onStub})
 * @param equivalenceMarginPercent the margin within which two profiles may be called alike, declared before the run
 *     ({@code --equivalence-margin}), % of a ratio; null for none, when "not shown to differ" is all a run says
 */
public record CompareSettings(String preset, List<ProfileRun> profiles, List<String> jmhArgs, int durationSeconds,
        int rounds, int rampupSeconds, int shortThreads, int mediumThreads, int longThreads, int thinkMs, int webappMaxThreads,
        double maxErrorPercent, String database, int rows, boolean skipJmh, boolean skipLoad,
        boolean rampupExcluded, boolean traceJdbc, Double equivalenceMarginPercent) {

    /**
     * Checks every range; each failure is one line naming the option.
     *
     * @throws TestbedException e.g. {@code --rampup 4000 is out of range: allowed 0 .. 3600}
     */
    public CompareSettings {
        Cli.range("--duration", durationSeconds, 1, 86_400);
        RoundsOption.check(rounds);
        Cli.range("--rampup", rampupSeconds, 0, 3_600);
        if (rampupSeconds >= durationSeconds) {
            throw new TestbedException("--rampup " + rampupSeconds + " is not shorter than --duration "
                    + durationSeconds + ": JMeter would still be starting threads when the load ends; give a"
                    + " --rampup below " + durationSeconds);
        }
        Cli.range("--short-threads", shortThreads, 0, 5_000);
        Cli.range("--medium-threads", mediumThreads, 0, 5_000);
        Cli.range("--long-threads", longThreads, 0, 5_000);
        if (shortThreads + mediumThreads + longThreads == 0) {
            throw new TestbedException("--short-threads, --medium-threads and --long-threads are all 0: give at"
                    + " least one JMeter thread, or --skip-load");
        }
        ThinkTimeOption.check(thinkMs);
        MaxThreadsOption.check(webappMaxThreads);
        ErrorBudgetOption.check(maxErrorPercent);
        if (equivalenceMarginPercent != null) {
            Cli.range("--equivalence-margin", equivalenceMarginPercent, 0.1, 100);
        }
        for (ProfileRun p : traceJdbc && !skipLoad ? profiles : List.<ProfileRun>of()) {
            if (!p.onStub()) {
                throw new TestbedException("--trace-jdbc: profile " + p.id() + " is " + p.pool() + ", the driver's"
                        + " own DataSource: there is no pool to trace beneath; leave it out of --profiles or run"
                        + " without --trace-jdbc");
            }
        }
    }

    /**
     * One profile of the run. Results are keyed by {@code id}, never by the file name: two files named
     * {@code context.xml} become {@code context} and {@code context-2}.
     *
     * @param id unique id within the run (the file name without {@code .xml}, with {@code -2}, {@code -3} ... for
     *     repeats)
     * @param file absolute path of the context.xml
     * @param resource the {@code <Resource>} name used
     * @param pool the pool's name, e.g. {@code HikariCP}
     * @param onStub true when the pool can run on JMH's stub driver (false for a driver's own DataSource)
     * @param twinOf the id of the profile this one repeats as an A/A twin ({@code --aa-twin}: the same file run as a
     *     variant of its own, so that its comparison with the original is the tool's own noise); null otherwise
     * @param poolVersion the pool's version asked for ({@code --pool-version}), whose jar goes first on the class
     *     path of JMH and of the webapp; null for the one poolbench pins
     * @param poolJar that version's jar (absolute path in the local Maven repository); null with {@code poolVersion}
     */
    public record ProfileRun(String id, String file, String resource, String pool, boolean onStub, String twinOf,
            String poolVersion, String poolJar) {
        /**
         * @param newId the twin's id
         * @return this profile as its own A/A twin
         */
        ProfileRun twin(String newId) {
            return new ProfileRun(newId, file, resource, pool, onStub, id, poolVersion, poolJar);
        }

        /**
         * @return the jars to put before a process's own class path: this version's pool jar, or none
         */
        List<Path> jarsFirst() {
            return poolJar == null ? List.of() : List.of(Path.of(poolJar));
        }

        /**
         * Checks that the processes of a phase ran the pool's version asked for: each prints the version it loaded
         * ({@link io.poolbench.testbed.pool.PoolKind#VERSION_MARK}).
         *
         * @param loaded the versions the processes printed
         * @param who the processes, for the refusal, e.g. {@code JMH's forks}
         * @return the ok line's addition, e.g. {@code ", HikariCP 7.0.2 loaded"}; empty when no version was asked
         * @throws CompareExperiment.PhaseFailure when they loaded another version, or named none
         */
        String checkLoaded(Set<String> loaded, String who) throws CompareExperiment.PhaseFailure {
            if (poolVersion == null) {
                return "";
            }
            if (!loaded.equals(Set.of(poolVersion))) {
                throw new CompareExperiment.PhaseFailure(who + " loaded " + pool + " " + (loaded.isEmpty()
                        ? "without naming its version" : String.join(", ", new TreeSet<>(loaded))) + ", not "
                        + poolVersion + " as asked (" + poolJar + " first on the class path)");
            }
            return ", " + pool + " " + poolVersion + " loaded";
        }
    }

    /**
     * @param newDatabase database description
     * @return these settings with the database filled in
     */
    CompareSettings withDatabase(String newDatabase) {
        return new CompareSettings(preset, profiles, jmhArgs, durationSeconds, rounds, rampupSeconds, shortThreads, mediumThreads,
                longThreads, thinkMs, webappMaxThreads, maxErrorPercent, newDatabase, rows, skipJmh, skipLoad,
                rampupExcluded, traceJdbc, equivalenceMarginPercent);
    }
}
