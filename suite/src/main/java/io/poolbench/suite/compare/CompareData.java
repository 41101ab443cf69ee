package io.poolbench.suite.compare;

import io.poolbench.suite.process.JtlSummary;
import io.poolbench.suite.process.PoolSampler;
import io.poolbench.testbed.report.JmhSummary;
import io.poolbench.testbed.run.PhaseEntry;
import io.poolbench.testbed.stats.Finding;
import java.util.List;
import java.util.Map;

/**
 * The files compare's experiment writes and its report reads, as records on both sides (their field names are the run
 * directory's layout: renaming one changes {@code RunRecord.FORMAT}).
 */
final class CompareData {
    private CompareData() {
    }

    /**
     * What a web-load phase ran with, {@code load/<profile>/profile.json}.
     *
     * @param name the profile's name
     * @param id its id in this run
     * @param file its file
     * @param pool the pool's name
     * @param settings the attributes as written (passwords masked)
     * @param effective the settings read back from the built pool
     * @param urlTimeouts the JDBC URL's timeouts
     * @param warnings lint's warnings
     * @param borrowValidation what the pool does on each borrow with these settings
     */
    record Profile(String name, String id, String file, String pool, Map<String, String> settings,
            Map<String, String> effective, Map<String, String> urlTimeouts, List<String> warnings,
            String borrowValidation) {
    }

    /**
     * The run's settings as the report reads them ({@link CompareSettings}' fields; a field the run did not record
     * reads {@code ?}); nothing here is checked again.
     *
     * @param preset quick or full
     * @param database the database
     * @param rows orders in the data set
     * @param durationSeconds seconds of load per profile and round
     * @param rounds rounds of the web load
     * @param rampupSeconds JMeter's ramp-up
     * @param shortThreads JMeter threads on /short
     * @param mediumThreads on /medium
     * @param longThreads on /long
     * @param thinkMs pause between a thread's requests, ms
     * @param profiles the profiles run
     * @param rampupExcluded true when the ramp-up's samples are left out of every figure
     * @param equivalenceMarginPercent the equivalence margin declared before the run, %; null for none
     */
    record SettingsView(String preset, String database, Integer rows, Integer durationSeconds, Integer rounds,
            Integer rampupSeconds,
            Integer shortThreads, Integer mediumThreads, Integer longThreads, Integer thinkMs,
            List<CompareSettings.ProfileRun> profiles, Boolean rampupExcluded, Double equivalenceMarginPercent) {
        /** @return ms left out at the start of each load's samples: the ramp-up where the run excluded it, else 0 */
        long warmupMs() {
            return Boolean.TRUE.equals(rampupExcluded) && rampupSeconds != null ? rampupSeconds * 1000L : 0;
        }
    }

    /**
     * {@code summary.json}.
     *
     * @param status the run's status
     * @param phases every phase
     * @param run the settings
     * @param jmh the JMH results
     * @param load the web loads
     * @param missing the phases that did not end with data, per kind ({@code jmh}, {@code load})
     * @param findings the first profile against each other one over the rounds (req/s, p99), with intervals and
     *     verdicts
     * @param aa the first profile against its A/A twin ({@code --aa-twin}): the tool's own noise floor; empty or
     *     null without a twin
     */
    record Summary(String status, List<PhaseEntry> phases, SettingsView run, List<JmhSummary.Result> jmh,
            List<Load> load, Map<String, List<Missing>> missing, List<Finding> findings, List<Finding> aa) {
    }

    /**
     * Everything one profile's web load in one round produced.
     *
     * @param profile the profile's id
     * @param round the round, from 1
     * @param pool the pool's name
     * @param settings the attributes as written (passwords masked)
     * @param effective the settings read back from the built pool
     * @param warnings lint's warnings
     * @param borrowValidation what the pool does on each borrow
     * @param stats JMeter's statistics per request class and {@code all}
     * @param poolState the pool's state during the load
     * @param record the webapp's borrow waits and the CPU per process over the measured period
     */
    record Load(String profile, Integer round, String pool, Map<String, String> settings, Map<String, String> effective,
            List<String> warnings, String borrowValidation, Map<String, JtlSummary.LabelStats> stats,
            PoolSampler.PoolState poolState, LoadRecord record) {
        /** @return the pool and profile, with the round when there is one ({@code HikariCP (hikari, round 2)}) */
        String label() {
            return pool + " (" + profile + (round == null ? "" : ", round " + round) + ")";
        }
    }

    /**
     * A phase that did not end with data, shown in the tables where its numbers would have been.
     *
     * @param profile profile id
     * @param round the round of a web load (null for JMH)
     * @param status failed, interrupted, skipped, running or pending
     * @param reason why
     */
    record Missing(String profile, Integer round, String status, String reason) {
        /** @return the profile, with its round when there is one ({@code hikari, round 2}) */
        String label() {
            return round == null ? profile : profile + ", round " + round;
        }
    }
}
