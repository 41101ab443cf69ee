package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.suite.aurora.waits.ConnectionTrace;
import io.poolbench.suite.process.WebappRecording;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.profile.ProfileVariables;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How one run of the screens starts its webapp and paces JMeter: the webapp's JVM arguments and command line (the
 * run's profile, the cluster's writer endpoint, the screens' shapes, the request log), and the plan's properties.
 */
final class ScreensWebapp {
    private ScreensWebapp() {
    }

    /**
     * @param s the settings (of the run's cell)
     * @param r the run
     * @param dir the run's directory
     * @param vars the cluster's placeholder values
     * @return the webapp's JVM arguments: heap, the run's hosts file, each instance's host:port, JFR, the run's own
     * @throws IOException when the JFR settings cannot be written into the run's directory
     */
    static List<String> jvmArgs(AuroraSettings s, LoadRun r, Path dir, Map<String, String> vars) throws IOException {
        List<String> jvm = new ArrayList<>(List.of("-Xms1g", "-Xmx1g",
                "-Djdk.net.hosts.file=" + System.getProperty("jdk.net.hosts.file"), "-Dsun.net.inetaddr.ttl=0",
                "-Dsun.net.inetaddr.negative.ttl=0"));
        // each instance's own host:port, for a driver's multi-host URL: the webapp derives the other placeholders
        // from --jdbc-url, these it reads as system properties
        ProfileVariables.CLUSTER_VARS.stream().sorted().forEach(v -> jvm.add("-D" + v + "=" + vars.get(v)));
        if (s.webapp().jfr()) {
            jvm.addAll(WebappRecording.jvmArgs(dir));
        }
        jvm.addAll(s.webapp().jvmArgs());
        if (r.jvmOption() != null) {
            jvm.add(r.jvmOption());
        }
        return jvm;
    }

    /**
     * @param s the settings (of the run's cell)
     * @param r the run
     * @param dir the run's directory
     * @param writerJdbcUrl the JDBC URL of the cluster's writer endpoint
     * @param screens the webapp's record of every request, {@code screens.csv}
     * @return the webapp's arguments
     */
    static List<String> args(AuroraSettings s, LoadRun r, Path dir, String writerJdbcUrl, Path screens) {
        List<String> args = new ArrayList<>(List.of("--context-xml", Path.of(r.file()).toAbsolutePath().toString(),
                "--db", "external", "--jdbc-url", writerJdbcUrl, "--no-load-data",
                "--rows", Integer.toString(s.database().rows()), "--max-threads", "200", "--borrow", s.screens().borrow(),
                "--long-screen-max-ms", Long.toString(s.screens().longScreenMaxMs()), "--screen-log", screens.toString(),
                "--short-queries", Integer.toString(s.screens().model().shortQueries()),
                "--short-query-ms", Figures.plain(s.screens().model().shortQueryMs())));
        if (s.webapp().traceJdbc()) {
            args.addAll(List.of("--trace-jdbc", dir.resolve(ConnectionTrace.FILE).toString()));
        }
        return args;
    }

    /**
     * @param s the settings (of the run's cell)
     * @param port the webapp's HTTP port
     * @return the properties of {@code aurora-screens.jmx} for each engine: threads, ramp-up, duration, pace, mix, writes
     */
    static Map<String, String> jmeterProperties(AuroraSettings s, int port) {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("host", "127.0.0.1");
        props.put("port", Integer.toString(port));
        props.put("threads", Integer.toString(s.load().threadsPerEngine()));
        props.put("rampup", Integer.toString(s.load().rampupSeconds()));
        props.put("duration", Integer.toString(s.load().warmupSeconds() + s.load().durationSeconds()));
        props.put("ratePerMinute", String.format(Locale.ROOT, "%.3f", s.load().ratePerMinutePerEngine()));
        props.put("short.percent", Integer.toString(s.screens().shortPercent()));
        props.put("medium.percent", Integer.toString(s.screens().mediumPercent()));
        props.put("writes", Boolean.toString(s.network().failover()));
        return props;
    }
}
