package io.poolbench.suite.process;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.process.ParentWatch;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The child processes of a run (JMH, webapp, JMeter). Output goes to a log file and, line by line, to a callback
 * (for progress). Every child still alive when the JVM exits (normal end, failure or Ctrl-C) is destroyed, its
 * descendants first.
 */
public final class Children {
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();
    private static final Map<Process, Thread> PUMPS = new ConcurrentHashMap<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(Children::destroyAll, "poolbench-children-stop"));
    }

    private Children() {
    }

    /** @return the java executable of this JVM */
    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * A child JVM's class path and main class: the given jars first, then the project's jar, so that a class both
     * hold (another version of a pool or a driver) is loaded from the first (the JVM's application class loader
     * searches its class path in order).
     *
     * @param first jars to put first, e.g. HikariCP 7.0.2's; may be empty
     * @param jar the project's shaded jar (the benchmarks', the webapp's)
     * @param mainClass the class to run
     * @return {@code -cp}, the path, the main class
     */
    public static List<String> classPath(List<Path> first, Path jar, String mainClass) {
        StringBuilder cp = new StringBuilder();
        for (Path j : first) {
            cp.append(j).append(File.pathSeparator);
        }
        return List.of("-cp", cp.append(jar).toString(), mainClass);
    }

    /** The environment variable naming the JVM the webapp runs on, when not this one. */
    public static final String WEBAPP_JAVA_ENV = "POOLBENCH_WEBAPP_JAVA";

    /**
     * The JVM the webapp (Tomcat and the pool under test) runs on: {@value #WEBAPP_JAVA_ENV} when set, so that the
     * pool can run on a newer JDK than JMeter and poolbench itself (JMeter's Groovy reads no class files newer than
     * it knows), e.g. Tomcat's virtual request threads on JDK 25; else this JVM's.
     *
     * @return the path of a java executable
     * @throws TestbedException one line when the variable names no executable file
     */
    public static String webappJava() {
        String v = System.getenv(WEBAPP_JAVA_ENV);
        if (v == null || v.isBlank()) {
            return java();
        }
        Path p = Path.of(v);
        if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
            throw new TestbedException(WEBAPP_JAVA_ENV + "=" + v + " is no executable java: give the path of a"
                    + " JDK's bin/java, e.g. /usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
        }
        return v;
    }

    /**
     * Starts a child.
     *
     * @param cmd command line
     * @param env extra environment (e.g. the database password: never on the command line)
     * @param log file receiving stdout and stderr
     * @param onLine called for each output line (from a reader thread), may be null
     * @return the process
     * @throws IOException when it cannot start
     */
    public static Process start(List<String> cmd, Map<String, String> env, Path log, Consumer<String> onLine)
            throws IOException {
        return start(cmd, env, log, onLine, null);
    }

    /**
     * Starts a child in a working directory.
     *
     * @param cmd command line
     * @param env extra environment
     * @param log file that receives the child's output
     * @param onLine called for each output line, may be null
     * @param workDir the child's working directory, null for this process's
     * @return the running child
     * @throws IOException when it cannot start
     */
    public static Process start(List<String> cmd, Map<String, String> env, Path log, Consumer<String> onLine, Path workDir)
            throws IOException {
        Files.createDirectories(log.getParent());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        if (workDir != null) {
            pb.directory(workDir.toFile());
        }
        pb.environment().putAll(env);
        Process p = pb.start();
        LIVE.add(p);
        p.onExit().thenRun(() -> LIVE.remove(p));
        // SIGTERM when this JVM is killed -9: the child is a JVM and runs its own shutdown hooks
        ParentWatch.guard(p.pid(), "TERM", null);
        Thread t = new Thread(() -> pump(p, log, onLine), "pump-" + log.getFileName());
        t.setDaemon(true);
        t.start();
        PUMPS.put(p, t);
        return p;
    }

    /**
     * Waits (up to 5 s) until an ended child's output is in its log file.
     *
     * @param p a process from {@link #start}
     * @throws InterruptedException when interrupted
     */
    public static void awaitOutput(Process p) throws InterruptedException {
        Thread t = PUMPS.remove(p);
        if (t != null) {
            t.join(5_000);
        }
    }

    private static void pump(Process p, Path log, Consumer<String> onLine) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter w = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8), true)) {
            String line;
            while ((line = r.readLine()) != null) {
                w.println(line);
                if (onLine != null) {
                    onLine.accept(line);
                }
            }
        } catch (IOException ignored) {
            // the child went away
        }
    }

    /**
     * Asks a child JVM that overran its time for its threads' stacks before it is stopped: SIGQUIT, on which a JVM
     * prints every thread's stack to its stdout (the child's log), then up to 2 s for the dump to arrive.
     *
     * @param p a child JVM, may be null or ended (then nothing happens)
     * @throws InterruptedException when interrupted while waiting for the dump
     */
    public static void threadDump(Process p) throws InterruptedException {
        if (p == null || !p.isAlive()) {
            return;
        }
        try {
            new ProcessBuilder("kill", "-QUIT", Long.toString(p.pid())).start().waitFor(5, TimeUnit.SECONDS);
            Thread.sleep(2_000);
        } catch (IOException e) {
            // no kill command here: the log holds what the child printed by itself
        }
    }

    /**
     * Stops a child: SIGTERM to the child first (a JVM runs its shutdown hooks and stops its own children, so that a
     * scenario JVM records its phase as interrupted, not failed), then, after the grace period, SIGTERM and soon
     * SIGKILL to whatever is left of it and of its descendants as they were when the stop began.
     *
     * @param p process, may be null
     * @param graceSeconds seconds the child has to end by itself
     */
    public static void stop(Process p, int graceSeconds) {
        if (p == null || !p.isAlive()) {
            return;
        }
        List<ProcessHandle> descendants = p.descendants().toList();
        p.destroy();
        try {
            if (!p.waitFor(graceSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
            List<ProcessHandle> left = descendants.stream().filter(ProcessHandle::isAlive).toList();
            left.forEach(ProcessHandle::destroy);
            long deadline = System.nanoTime() + 3_000_000_000L;
            while (left.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            left.forEach(ProcessHandle::destroyForcibly);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            descendants.forEach(ProcessHandle::destroyForcibly);
        }
    }

    static void destroyAll() {
        for (Process p : LIVE) {
            stop(p, 10);
        }
    }
}
