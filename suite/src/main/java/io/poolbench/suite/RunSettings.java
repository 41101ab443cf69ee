package io.poolbench.suite;

import java.util.List;

/**
 * What a main-job run does; written to {@code run.json} so a report can be regenerated.
 *
 * @param preset {@code quick} or {@code full}
 * @param profiles profile names or paths
 * @param jmhArgs JMH arguments (without the output options)
 * @param durationSeconds JMeter load per profile, s (after ramp-up starts)
 * @param rampupSeconds JMeter ramp-up, s
 * @param shortThreads JMeter threads on /short
 * @param mediumThreads JMeter threads on /medium
 * @param longThreads JMeter threads on /long
 * @param thinkMs JMeter think time between a thread's requests, ms
 * @param webappMaxThreads Tomcat request threads
 * @param database one-line description of the database (no password)
 * @param rows rows in orders
 * @param skipJmh true when the JMH phase is skipped
 * @param skipLoad true when the web-load phase is skipped
 */
public record RunSettings(String preset, List<String> profiles, List<String> jmhArgs, int durationSeconds,
        int rampupSeconds, int shortThreads, int mediumThreads, int longThreads, int thinkMs, int webappMaxThreads,
        String database, int rows, boolean skipJmh, boolean skipLoad) {
}
