package io.poolbench.suite.process;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.process.FreePort;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The webapp as a child process (its own JVM, so that its CPU is its own): started from the webapp jar on any free
 * port with a Tomcat shutdown port, ready once it has written its port to a file; stopped through the shutdown port
 * (Tomcat closes the pool), forced after 20 s. The database password travels in the environment, never on the
 * command line.
 */
public final class WebappProcess implements AutoCloseable {
    /** The webapp jar's main class (its manifest's {@code Main-Class}). */
    static final String MAIN = "io.poolbench.webapp.WebappMain";

    private final Process process;
    private final int port;
    private final int shutdownPort;
    private final Path log;

    private WebappProcess(Process process, int port, int shutdownPort, Path log) {
        this.process = process;
        this.port = port;
        this.shutdownPort = shutdownPort;
        this.log = log;
    }

    /**
     * Starts the webapp and waits (up to 120 s) until it serves.
     *
     * @param webappJar the webapp's shaded jar
     * @param jvmArgs JVM options (heap, system properties)
     * @param args webapp options (profile, database, ...); {@code --port}, {@code --shutdown-port} and
     *     {@code --ready-file} are added
     * @param env extra environment (user, password)
     * @param dir directory for {@code webapp.log} and {@code webapp.port}
     * @param onLine called for each output line, may be null
     * @return the serving webapp
     * @throws IOException when the process cannot start
     * @throws TestbedException with the webapp's own last line when it exits or does not serve in time
     * @throws InterruptedException when interrupted (the process is stopped)
     */
    public static WebappProcess start(Path webappJar, List<String> jvmArgs, List<String> args, Map<String, String> env,
            Path dir, Consumer<String> onLine) throws IOException, InterruptedException {
        return start(webappJar, List.of(), jvmArgs, args, env, dir, onLine);
    }

    /**
     * Starts the webapp with jars before its own on the class path (another version of the pool: the class is
     * loaded from the first jar that holds it) and waits (up to 120 s) until it serves.
     *
     * @param webappJar the webapp's shaded jar
     * @param jarsFirst jars to put before it, e.g. HikariCP 7.0.2's; may be empty
     * @param jvmArgs JVM options (heap, system properties)
     * @param args webapp options, as {@link #start(Path, List, List, Map, Path, Consumer)} says
     * @param env extra environment (user, password)
     * @param dir directory for {@code webapp.log} and {@code webapp.port}
     * @param onLine called for each output line, may be null
     * @return the serving webapp
     * @throws IOException when the process cannot start
     * @throws TestbedException with the webapp's own last line when it exits or does not serve in time
     * @throws InterruptedException when interrupted (the process is stopped)
     */
    public static WebappProcess start(Path webappJar, List<Path> jarsFirst, List<String> jvmArgs, List<String> args,
            Map<String, String> env, Path dir, Consumer<String> onLine) throws IOException, InterruptedException {
        int shutdownPort = FreePort.pick();
        Path ready = dir.resolve("webapp.port");
        Files.deleteIfExists(ready);
        Path log = dir.resolve("webapp.log");
        List<String> cmd = new ArrayList<>();
        cmd.add(Children.webappJava());
        cmd.addAll(jvmArgs);
        cmd.addAll(Children.classPath(jarsFirst, webappJar, MAIN));
        cmd.addAll(args);
        cmd.addAll(List.of("--port", "0", "--shutdown-port", Integer.toString(shutdownPort), "--ready-file",
                ready.toString()));
        Process p = Children.start(cmd, env, log, onLine);
        try {
            return new WebappProcess(p, awaitReady(p, ready, log), shutdownPort, log);
        } catch (IOException | InterruptedException | RuntimeException e) {
            Children.stop(p, 5);
            throw e;
        }
    }

    private static int awaitReady(Process webapp, Path ready, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (Files.isRegularFile(ready)) {
                String s = Files.readString(ready).trim();
                if (!s.isEmpty()) {
                    return Integer.parseInt(s);
                }
            }
            if (!webapp.isAlive()) {
                Children.awaitOutput(webapp);
                String last = Files.readAllLines(log).stream().filter(l -> l.startsWith("poolbench-webapp:"))
                        .reduce((a, b) -> b).orElse("exit code " + webapp.exitValue());
                throw new TestbedException("the webapp did not start: " + last + " (log: " + log + ")");
            }
            Thread.sleep(200);
        }
        throw new TestbedException("the webapp did not start within 120 s; see " + log);
    }

    /** @return the HTTP port on 127.0.0.1 */
    public int port() {
        return port;
    }

    /** @return the process */
    public Process process() {
        return process;
    }

    /** @return the log file (stdout and stderr) */
    public Path log() {
        return log;
    }

    /** Stops the webapp: Tomcat's shutdown command, then SIGTERM after 20 s. */
    @Override
    public void close() throws InterruptedException {
        try (Socket s = new Socket("127.0.0.1", shutdownPort); OutputStream o = s.getOutputStream()) {
            o.write("SHUTDOWN".getBytes(StandardCharsets.US_ASCII));
        } catch (IOException alreadyGone) {
            // not listening: the process is gone or going
        }
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            Children.stop(process, 5);
        }
        Children.awaitOutput(process);
    }
}
