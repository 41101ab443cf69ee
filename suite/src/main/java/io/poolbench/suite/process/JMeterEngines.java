package io.poolbench.suite.process;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.process.FreePort;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * JMeter's distributed mode, as the article ran it on two client machines: engines ({@code jmeter-server}, i.e.
 * {@code jmeter -s}) that run the plan, and a controller ({@code jmeter -n -R host:port,...}) that starts them and
 * writes every engine's samples to one results file. Each engine runs the whole plan: the plan's thread count and
 * rate are per engine.
 *
 * <p>Local engines are started on loopback, one JVM each, with RMI over plain sockets
 * ({@code server.rmi.ssl.disable=true}: loopback only; on a network use JMeter's RMI keystore, see JMeter's
 * "Remote Testing" guide). Engines on other hosts are used as given ({@code host:port}, started there with
 * {@code jmeter-server -Jserver.rmi.ssl.disable=true -Jengine=N -Jsample_variables=intendedStartMs}); poolbench
 * then neither starts nor stops them and cannot measure their CPU.
 *
 * <p>Engines and controller run with {@code sample_variables=intendedStartMs}: an engine sends that variable with each
 * sample and the controller writes it as a column of the results file ({@link JtlSample#intendedStartEpochMs}).
 * JMeter needs the property on both sides; an engine started without it leaves the column empty.
 */
public final class JMeterEngines implements AutoCloseable {
    /** Line a JMeter engine prints once it accepts a controller (JMeter 5.x). */
    static final String READY = "Created remote object";
    /** The JMeter property that makes every sample carry its intended start (see the class comment). */
    static final String SAMPLE_VARIABLES = "-Jsample_variables=" + JtlSample.INTENDED_START_COLUMN;
    /** JMeter's property of further jars for its class loader, read at start (JMeter's {@code updateClassLoader}). */
    static final String USER_CLASSPATH = "user.classpath";

    private final Path jmeterJar;
    private final Path extensions;
    private final List<String> addresses;
    private final Map<String, Process> local = new LinkedHashMap<>();

    private JMeterEngines(Path jmeterJar, Path extensions, List<String> addresses) {
        this.jmeterJar = jmeterJar;
        this.extensions = extensions;
        this.addresses = addresses;
    }

    /**
     * Starts {@code n} engines on loopback and waits until each accepts a controller.
     *
     * @param jmeterJar {@code ApacheJMeter-x.jar} of a JMeter home
     * @param extensions a jar of JMeter elements the plan uses, put on the engines' and the controller's classpath
     *     ({@code -Juser.classpath}; {@link Artifacts#jmeterElementsJar}); null for none
     * @param n number of engines (1 or more)
     * @param logDir where {@code engine-<i>.log} (JMeter's log) and {@code engine-<i>.out} go
     * @param heapMb heap of each engine, MB
     * @param properties further JMeter properties of each engine ({@code -J}), e.g. {@code jsr223.init.file}: a
     *     script JMeter runs when the engine starts, long before a test
     * @return the running engines
     * @throws IOException when a process cannot start
     * @throws TestbedException naming the engine and its log when one does not become ready within 60 s
     * @throws InterruptedException when interrupted
     */
    public static JMeterEngines startLocal(Path jmeterJar, Path extensions, int n, Path logDir, int heapMb,
            Map<String, Object> properties) throws IOException, InterruptedException {
        JMeterEngines e = new JMeterEngines(jmeterJar, extensions, new ArrayList<>());
        try {
            for (int i = 1; i <= n; i++) {
                int port = FreePort.pick();
                int objectPort = FreePort.pick();
                CountDownLatch ready = new CountDownLatch(1);
                Path out = logDir.resolve("engine-" + i + ".out");
                List<String> cmd = new ArrayList<>(List.of(Children.java(), "-Xms" + heapMb + "m",
                        "-Xmx" + heapMb + "m", "-Djava.rmi.server.hostname=127.0.0.1", "-jar", jmeterJar.toString(),
                        "-s", "-Jserver.rmi.ssl.disable=true", "-Jserver_port=" + port,
                        "-Jserver.rmi.localport=" + objectPort, "-Jengine=" + i, SAMPLE_VARIABLES,
                        "-j", logDir.resolve("engine-" + i + ".log").toString()));
                properties.forEach((k, v) -> cmd.add("-J" + k + "=" + v));
                if (extensions != null) {
                    cmd.add("-J" + USER_CLASSPATH + "=" + extensions.toAbsolutePath());
                }
                Process p = Children.start(cmd, Map.of(), out, readyOn(ready));
                String address = "127.0.0.1:" + port;
                e.local.put(address, p);
                e.addresses.add(address);
                if (!ready.await(60, TimeUnit.SECONDS)) {
                    throw new TestbedException("JMeter engine " + i + " (" + address + ") did not start within 60 s"
                            + (p.isAlive() ? "" : ", it exited with code " + p.exitValue()) + " (log: " + out + ")");
                }
            }
            return e;
        } catch (IOException | InterruptedException | RuntimeException ex) {
            e.close();
            throw ex;
        }
    }

    /**
     * Engines that run elsewhere.
     *
     * @param jmeterJar the controller's JMeter
     * @param extensions a jar of JMeter elements the plan uses, on the controller's classpath (the engines there
     *     need it on theirs: {@code -Juser.classpath=...}); null for none
     * @param addresses {@code host:port} of each engine
     * @return the engines (nothing is started)
     */
    public static JMeterEngines remote(Path jmeterJar, Path extensions, List<String> addresses) {
        return new JMeterEngines(jmeterJar, extensions, List.copyOf(addresses));
    }

    private static Consumer<String> readyOn(CountDownLatch ready) {
        return line -> {
            if (line.contains(READY)) {
                ready.countDown();
            }
        };
    }

    /** @return {@code host:port} of every engine */
    List<String> addresses() {
        return List.copyOf(addresses);
    }

    /** @return engine name ({@code jmeter engine 1}) → process id, for the local engines */
    public Map<String, Long> pids() {
        Map<String, Long> m = new LinkedHashMap<>();
        int i = 1;
        for (Process p : local.values()) {
            m.put("jmeter engine " + i++, p.pid());
        }
        return m;
    }

    /**
     * @return a line naming the first local engine whose process has ended, e.g. {@code jmeter engine 2 (pid 4711)
     *     exited with code 137}; null while every local engine runs (engines on other hosts are not watched)
     */
    public String deadEngine() {
        int i = 1;
        for (Process p : local.values()) {
            if (!p.isAlive()) {
                return "jmeter engine " + i + " (pid " + p.pid() + ") exited with code " + p.exitValue();
            }
            i++;
        }
        return null;
    }

    /**
     * Builds the controller's command line: the plan in non-GUI mode on every engine, {@code -G} properties sent to
     * all engines, samples written by the controller to {@code results} (CSV with the URL column, from which the
     * user and so the engine of each sample can be read).
     *
     * @param plan the .jmx
     * @param globalProps properties for every engine
     * @param results results CSV
     * @param log controller's JMeter log
     * @param heapMb controller heap, MB
     * @return the command
     */
    public List<String> controllerCommand(Path plan, Map<String, String> globalProps, Path results, Path log, int heapMb) {
        JMeterCommand cmd = JMeterCommand.of(jmeterJar, plan, results, log, heapMb)
                .options("-R", String.join(",", addresses)).property("server.rmi.ssl.disable", true)
                .property("jmeter.save.saveservice.url", true).options(SAMPLE_VARIABLES);
        if (extensions != null) {
            cmd.property(USER_CLASSPATH, extensions.toAbsolutePath());
        }
        globalProps.forEach(cmd::global);
        return cmd.build();
    }

    @Override
    public void close() {
        for (Process p : local.values()) {
            Children.stop(p, 5);
        }
        local.clear();
    }
}
