package io.poolbench.suite.process;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The one builder of a non-GUI JMeter command line: JMeter in its own JVM with a fixed heap, the plan, where the
 * samples (CSV) and JMeter's log go, a summary line every 10 s (the progress lines read it), then the plan's
 * properties ({@code -J}, this JMeter) and, for distributed runs, the engines' ({@code -G}).
 */
public final class JMeterCommand {
    private final List<String> cmd = new ArrayList<>();

    private JMeterCommand() {
    }

    /**
     * @param jmeterJar {@code ApacheJMeter-x.jar} of a JMeter home
     * @param plan the .jmx
     * @param results the samples, CSV
     * @param log JMeter's own log
     * @param heapMb the JVM's heap, MB
     * @return the command so far
     */
    public static JMeterCommand of(Path jmeterJar, Path plan, Path results, Path log, int heapMb) {
        JMeterCommand c = new JMeterCommand();
        c.cmd.addAll(List.of(Children.java(), "-Xms" + heapMb + "m", "-Xmx" + heapMb + "m", "-jar",
                jmeterJar.toString(), "-n", "-t", plan.toAbsolutePath().toString(), "-l",
                results.toAbsolutePath().toString(), "-j", log.toAbsolutePath().toString(),
                "-Jsummariser.interval=10", "-Jjmeter.save.saveservice.output_format=csv"));
        return c;
    }

    /**
     * @param name a property of this JMeter (the plan reads it as {@code ${__P(name)}})
     * @param value its value
     * @return this command
     */
    public JMeterCommand property(String name, Object value) {
        cmd.add("-J" + name + "=" + value);
        return this;
    }

    /**
     * @param name a property sent to every remote engine
     * @param value its value
     * @return this command
     */
    public JMeterCommand global(String name, Object value) {
        cmd.add("-G" + name + "=" + value);
        return this;
    }

    /**
     * @param more JMeter options as they are, e.g. {@code -e -o DIR} (the HTML dashboard)
     * @return this command
     */
    public JMeterCommand options(String... more) {
        cmd.addAll(List.of(more));
        return this;
    }

    /** @return the command line */
    public List<String> build() {
        return List.copyOf(cmd);
    }
}
