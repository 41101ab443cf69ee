package io.poolbench.testbed.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.poolbench.testbed.Cli;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.imageio.ImageIO;

/**
 * One run of a poolbench command: its own directory and its manifest {@code run.json}. Every scenario (the main
 * job, the drills, later the seed reproductions) organises its work in phases through this class, so "what
 * happened" has one implementation:
 *
 * <ul>
 *   <li>a phase is {@code pending}, {@code running}, then {@code ok}, {@code failed} (with the reason),
 *       {@code interrupted} or {@code skipped} (with the reason); a phase whose process died or that produced no
 *       data must be {@link Phase#failed failed}, never a result;</li>
 *   <li>the manifest is rewritten (atomically) at every change, so a killed run still says how far it got;</li>
 *   <li>Ctrl-C (SIGINT) or SIGTERM marks the running phase {@code interrupted} and the pending ones
 *       {@code skipped}, writes the manifest, prints one line saying what finished and where it is, runs the
 *       {@link #onInterrupt} actions (e.g. rebuild the report) and exits with 130 (SIGINT) or 143 (SIGTERM);</li>
 *   <li>{@link #exitCode()}: {@value #EXIT_OK} when every phase is ok or skipped by choice, {@value #EXIT_FAILED}
 *       when one failed; bad input ends with {@value #EXIT_BAD_INPUT} before a run starts (see {@link Cli}).</li>
 * </ul>
 *
 * <p>Directories: without {@code --out}, a run gets {@code <base>/<yyyyMMdd-HHmmss>/} and {@code <base>/latest}
 * points at the newest; with {@code --out DIR}, DIR must be new or empty, or a previous run's directory replaced
 * with {@code --force}. Two runs therefore never mix their results.
 */
public final class RunRecord {
    /** The manifest's file name in a run directory. */
    public static final String MANIFEST = "run.json";
    /** Marks a manifest written by this class (format and version). */
    public static final String FORMAT = "poolbench-run/1";
    /** Exit code: every phase ok. */
    public static final int EXIT_OK = 0;
    /** Exit code: at least one phase failed. */
    public static final int EXIT_FAILED = 1;
    /** Exit code: bad input, nothing started (one line on stderr). */
    public static final int EXIT_BAD_INPUT = 2;
    /** Exit code: interrupted by Ctrl-C (128 + SIGINT). */
    public static final int EXIT_INTERRUPTED = 130;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);
    private static final Set<RunRecord> ACTIVE = ConcurrentHashMap.newKeySet();
    private static volatile boolean signalsInstalled;

    /** Phase states as written in the manifest. */
    public enum Status {
        /** planned, not started */
        PENDING,
        /** started, not ended */
        RUNNING,
        /** ended and produced its data */
        OK,
        /** a process died, it produced no data, or a check failed; the reason says which */
        FAILED,
        /** stopped by Ctrl-C or the end of the JVM while running */
        INTERRUPTED,
        /** not run; the reason says why (by choice, or because the run was interrupted first) */
        SKIPPED;

        /** @return the lower-case name used in the manifest and the reports */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One phase as written to the manifest.
     *
     * @param id unique id within the run, e.g. {@code load:hikari}
     * @param description what the phase does
     * @param status {@link Status#label()}
     * @param reason why it failed, was interrupted or skipped; null when ok
     * @param note a short outcome line when ok (e.g. sample counts), may be null
     * @param startedAt ISO-8601 instant, null when it never started
     * @param endedAt ISO-8601 instant, null while running or never started
     */
    public record PhaseEntry(String id, String description, String status, String reason, String note,
            String startedAt, String endedAt) {
        /** @return true when the phase ended with its data */
        public boolean ok() {
            return Status.OK.label().equals(status);
        }
    }

    /**
     * The manifest, {@code run.json}.
     *
     * @param format {@link #FORMAT}
     * @param command the subcommand, e.g. {@code run}
     * @param args the whole command line, subcommand included (the password is never on it)
     * @param settings the scenario's effective settings
     * @param environment machine, OS, JDK
     * @param startedAt ISO-8601 instant
     * @param endedAt ISO-8601 instant, null while running
     * @param status {@code running}, {@code ok}, {@code failed} or {@code interrupted}
     * @param phases every phase in order
     */
    public record Manifest(String format, String command, List<String> args, JsonNode settings,
            Map<String, String> environment, String startedAt, String endedAt, String status,
            List<PhaseEntry> phases) {

        /**
         * @param id phase id
         * @return the phase, or null
         */
        public PhaseEntry phase(String id) {
            return phases.stream().filter(p -> p.id().equals(id)).findFirst().orElse(null);
        }
    }

    /** A phase of this run; its methods rewrite the manifest. */
    public final class Phase {
        private final String id;
        private final String description;
        private Status status = Status.PENDING;
        private String reason;
        private String note;
        private Instant startedAt;
        private Instant endedAt;

        private Phase(String id, String description) {
            this.id = id;
            this.description = description;
        }

        /** @return the phase id */
        public String id() {
            return id;
        }

        /** @return the current status */
        public Status status() {
            synchronized (RunRecord.this) {
                return status;
            }
        }

        /**
         * Marks the phase running.
         *
         * @return false when the run was interrupted (or the phase already ended): the caller must not start it
         */
        public boolean start() {
            synchronized (RunRecord.this) {
                if (interrupted || status != Status.PENDING || shuttingDown()) {
                    return false;
                }
                status = Status.RUNNING;
                startedAt = Instant.now();
                write();
                return true;
            }
        }

        /**
         * Marks the phase ok.
         *
         * @param outcome a short line on what it produced (counts with units), may be null
         */
        public void ok(String outcome) {
            end(Status.OK, null, outcome);
        }

        /**
         * Marks the phase failed. After an interruption the phase stays {@code interrupted}: a child killed by
         * Ctrl-C did not fail.
         *
         * @param why one line: what died or what is missing
         */
        public void failed(String why) {
            if (shuttingDown()) {
                // Ctrl-C or SIGTERM: the child died because the JVM's hooks stopped it, before (or while) this run's
                // own hook marks the running phase interrupted; it did not fail
                return;
            }
            end(Status.FAILED, Redact.oneLine(why), null);
        }

        /**
         * Marks a phase that will not run.
         *
         * @param why one line, e.g. {@code --skip-jmh}
         */
        public void skipped(String why) {
            end(Status.SKIPPED, why, null);
        }

        private void end(Status s, String why, String outcome) {
            synchronized (RunRecord.this) {
                if (interrupted || status == Status.OK || status == Status.FAILED || status == Status.SKIPPED
                        || status == Status.INTERRUPTED) {
                    return;
                }
                status = s;
                reason = why;
                note = outcome;
                endedAt = Instant.now();
                write();
            }
        }

        private PhaseEntry entry() {
            return new PhaseEntry(id, description, status.label(), reason, note,
                    startedAt == null ? null : startedAt.toString(), endedAt == null ? null : endedAt.toString());
        }
    }

    private final Path dir;
    private final String command;
    private final List<String> args;
    private final Instant startedAt = Instant.now();
    private final List<Phase> phases = new ArrayList<>();
    private final List<Runnable> onInterrupt = new ArrayList<>();
    private final PrintStream console;
    private JsonNode settings;
    private Instant endedAt;
    private boolean interrupted;
    private String interruptedBy;
    private boolean interruptActionsRan;
    private int interruptedExitCode = EXIT_INTERRUPTED;
    private boolean finished;
    private final Thread hook;

    private RunRecord(Path dir, String command, List<String> args, Object settings, PrintStream console) {
        this.dir = dir;
        this.command = command;
        this.args = List.copyOf(args);
        this.settings = JSON.valueToTree(settings);
        this.console = console;
        this.hook = new Thread(this::onShutdown, "poolbench-run-interrupted");
    }

    /**
     * Chooses and prepares a run directory, before anything starts (so an unwritable place is one line, not a
     * stack trace after the database started).
     *
     * @param out the user's {@code --out}, or null for a new time-stamped directory under {@code base}
     * @param base where time-stamped run directories go, e.g. {@code target/poolbench-report}
     * @param force replace {@code out} when it holds a previous run
     * @return the (empty, writable) run directory
     * @throws TestbedException one line when {@code out} is not empty, not a directory or not writable
     */
    public static Path prepareDirectory(Path out, Path base, boolean force) {
        Path dir;
        if (out == null) {
            String stamp = LocalDateTime.now().format(STAMP);
            try {
                Files.createDirectories(base);
                dir = base.resolve(stamp);
                // createDirectory fails when it exists: two runs started in the same second get two directories
                for (int i = 2; ; i++) {
                    try {
                        Files.createDirectory(dir);
                        break;
                    } catch (java.nio.file.FileAlreadyExistsException taken) {
                        dir = base.resolve(stamp + "-" + i);
                    }
                }
            } catch (IOException | SecurityException e) {
                throw new TestbedException("cannot create a run directory under " + base + " (" + e + "): pass a"
                        + " writable --out");
            }
        } else {
            dir = out;
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw new TestbedException("--out " + dir + " is a file, not a directory: choose a directory");
            }
            if (Files.isDirectory(dir) && !isEmpty(dir)) {
                if (!force) {
                    throw new TestbedException("--out " + dir + " is not empty (results of two runs must not mix):"
                            + " choose a new directory, leave --out away for a time-stamped one, or add --force to"
                            + " replace a previous run");
                }
                if (!Files.isRegularFile(dir.resolve(MANIFEST))) {
                    throw new TestbedException("--out " + dir + " is not empty and holds no poolbench run ("
                            + MANIFEST + " is missing), so --force will not delete it: choose another directory");
                }
                try {
                    Cli.deleteTree(dir);
                } catch (IOException e) {
                    throw new TestbedException("cannot replace " + dir + " (" + e.getMessage() + "): choose another"
                            + " --out", e);
                }
            }
        }
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".write-check", "");
            Files.delete(probe);
        } catch (IOException | SecurityException e) {
            throw new TestbedException("cannot write to the output directory " + dir + " (" + e + "): choose a"
                    + " writable --out");
        }
        if (out == null) {
            link(base.resolve("latest"), dir);
        }
        return dir;
    }

    private static boolean isEmpty(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    private static void link(Path latest, Path dir) {
        try {
            Files.deleteIfExists(latest);
            Files.createSymbolicLink(latest, latest.getParent().relativize(dir));
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            // a convenience: the run directory is printed anyway
        }
    }

    /**
     * Starts the record of a run in a prepared directory: writes the manifest and handles Ctrl-C from now on.
     *
     * @param dir from {@link #prepareDirectory}
     * @param command subcommand, e.g. {@code run}
     * @param args the whole command line, subcommand included
     * @param settings the scenario's settings (a record or map, serialised with Jackson; no password)
     * @param console where the interruption line goes (normally System.out)
     * @return the record
     */
    public static RunRecord start(Path dir, String command, List<String> args, Object settings, PrintStream console) {
        // the report of an interrupted run draws its charts while the JVM shuts down: encoded in memory, since
        // ImageIO's disk cache registers a temporary file for deletion at exit, which then fails ("Shutdown in
        // progress") and lost the report of what finished (and left /tmp/imageio*.tmp behind)
        ImageIO.setUseCache(false);
        RunRecord r = new RunRecord(dir, command, args, settings, console);
        installSignals();
        ACTIVE.add(r);
        Runtime.getRuntime().addShutdownHook(r.hook);
        synchronized (r) {
            r.write();
        }
        return r;
    }

    /** @return the run directory */
    public Path dir() {
        return dir;
    }

    /**
     * Replaces the settings written to the manifest (e.g. once the database is known).
     *
     * @param newSettings record or map
     */
    public synchronized void settings(Object newSettings) {
        settings = JSON.valueToTree(newSettings);
        write();
    }

    /**
     * Plans a phase (pending until {@link Phase#start()}).
     *
     * @param id unique id, e.g. {@code jmh:hikari}
     * @param description what it does
     * @return the phase
     * @throws IllegalArgumentException when the id is taken
     */
    public synchronized Phase plan(String id, String description) {
        if (phases.stream().anyMatch(p -> p.id.equals(id))) {
            throw new IllegalArgumentException("phase id " + id + " twice");
        }
        Phase p = new Phase(id, description);
        phases.add(p);
        write();
        return p;
    }

    /**
     * Adds an action for Ctrl-C, run after the manifest says {@code interrupted} (e.g. rebuild the report).
     *
     * @param action must not throw
     */
    public synchronized void onInterrupt(Runnable action) {
        onInterrupt.add(action);
    }

    /** @return true once Ctrl-C (or the end of the JVM) interrupted the run */
    public synchronized boolean interrupted() {
        return interrupted;
    }

    /**
     * Fails every phase that is running (the run broke inside it).
     *
     * @param why the reason, one line (never a password: callers pass {@link Redact#rootMessage})
     */
    public synchronized void failRunning(String why) {
        for (Phase p : phases) {
            if (p.status == Status.RUNNING) {
                p.status = Status.FAILED;
                p.reason = why;
                p.endedAt = Instant.now();
            }
        }
        write();
    }

    /**
     * Ends the run: a phase still pending or running was not reached or did not end, and is {@code failed} (a run
     * that stops early has failed); the manifest gets its end time and status; Ctrl-C handling for this run ends.
     * Idempotent.
     *
     * @return {@link #exitCode()}
     */
    public int finish() {
        synchronized (this) {
            if (!finished && !interrupted) {
                for (Phase p : phases) {
                    if (p.status == Status.PENDING) {
                        p.status = Status.FAILED;
                        p.reason = "not reached: the run stopped before it";
                    } else if (p.status == Status.RUNNING) {
                        p.status = Status.FAILED;
                        p.reason = "did not end";
                        p.endedAt = Instant.now();
                    }
                }
                finished = true;
                endedAt = Instant.now();
                write();
            }
        }
        ACTIVE.remove(this);
        boolean keepHook;
        synchronized (this) {
            // interrupted: the JVM is about to exit, and the hook still has to run the interruption's actions (the
            // report of what finished), however early this thread gets here
            keepHook = interrupted;
        }
        if (!keepHook) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs and finds the run finished
            }
        }
        return exitCode();
    }

    /**
     * @return 130 when interrupted by Ctrl-C (143 by SIGTERM), {@link #EXIT_FAILED} when a phase failed, else
     *     {@link #EXIT_OK}
     */
    public synchronized int exitCode() {
        if (interrupted) {
            return interruptedExitCode;
        }
        return phases.stream().anyMatch(p -> p.status == Status.FAILED) ? EXIT_FAILED : EXIT_OK;
    }

    /** @return the overall status: running, ok, failed or interrupted */
    public synchronized String status() {
        if (interrupted) {
            return Status.INTERRUPTED.label();
        }
        if (!finished) {
            return Status.RUNNING.label();
        }
        return exitCode() == EXIT_OK ? Status.OK.label() : Status.FAILED.label();
    }

    /**
     * One line for the end of the console output: how many phases were ok, which failed and why.
     *
     * @return e.g. {@code 3 of 4 phases ok; failed: load:hikari (webapp exited with code 137 at 12 s)}
     */
    public synchronized String outcomeLine() {
        long ok = phases.stream().filter(p -> p.status == Status.OK).count();
        String failed = phases.stream().filter(p -> p.status == Status.FAILED)
                .map(p -> p.id + " (" + p.reason + ")").collect(Collectors.joining("; "));
        String skipped = phases.stream().filter(p -> p.status == Status.SKIPPED)
                .map(p -> p.id + " (" + p.reason + ")").collect(Collectors.joining("; "));
        return ok + " of " + phases.size() + " phases ok" + (failed.isEmpty() ? "" : "; FAILED: " + failed)
                + (skipped.isEmpty() ? "" : "; skipped: " + skipped) + "; results in " + dir;
    }

    /** @return the manifest as it stands */
    public synchronized Manifest manifest() {
        return new Manifest(FORMAT, command, args, settings, environment(), startedAt.toString(),
                endedAt == null ? null : endedAt.toString(), status(),
                phases.stream().map(Phase::entry).collect(Collectors.toList()));
    }

    private void write() {
        Path tmp = dir.resolve(MANIFEST + ".tmp");
        try {
            JSON.writeValue(tmp.toFile(), manifest());
            try {
                Files.move(tmp, dir.resolve(MANIFEST), StandardCopyOption.REPLACE_EXISTING,
                        StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, dir.resolve(MANIFEST), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            console.println("poolbench: cannot write " + dir.resolve(MANIFEST) + ": " + e.getMessage());
        }
    }

    private static Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        env.put("maxHeapMiB", Long.toString(Runtime.getRuntime().maxMemory() >> 20));
        env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        env.put("java", System.getProperty("java.vendor") + " " + System.getProperty("java.version"));
        return env;
    }

    /**
     * Marks the run interrupted: the running phase {@code interrupted}, pending ones {@code skipped}.
     *
     * @param by what interrupted it, e.g. {@code Ctrl-C (SIGINT)}
     * @return true when this call did it (false when finished or already interrupted)
     */
    /** @return true once the JVM runs its shutdown hooks (Ctrl-C, SIGTERM, the end of main) */
    static boolean shuttingDown() {
        Thread probe = new Thread(() -> { }, "poolbench-shutdown-probe");
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    synchronized boolean markInterrupted(String by) {
        return markInterrupted(by, EXIT_INTERRUPTED);
    }

    private synchronized boolean markInterrupted(String by, int exitCode) {
        if (finished || interrupted) {
            return false;
        }
        interrupted = true;
        interruptedBy = by;
        interruptedExitCode = exitCode;
        Instant now = Instant.now();
        for (Phase p : phases) {
            if (p.status == Status.RUNNING) {
                p.status = Status.INTERRUPTED;
                p.reason = by + " after " + seconds(Duration.between(p.startedAt, now)) + " s";
                p.endedAt = now;
            } else if (p.status == Status.PENDING) {
                p.status = Status.SKIPPED;
                p.reason = "not started: the run was interrupted";
            }
        }
        endedAt = now;
        write();
        return true;
    }

    private static long seconds(Duration d) {
        return Math.round(d.toMillis() / 1000.0);
    }

    private void onShutdown() {
        synchronized (this) {
            // an interrupted run may have been finished by its own thread while the hooks ran: its actions (the
            // report of what finished) still run, once
            if ((finished && !interrupted) || interruptActionsRan) {
                return;
            }
            interruptActionsRan = true;
        }
        boolean byThisHook = markInterrupted("the JVM was stopped");
        List<Runnable> actions;
        synchronized (this) {
            actions = List.copyOf(onInterrupt);
        }
        for (Runnable a : actions) {
            try {
                a.run();
            } catch (RuntimeException e) {
                console.println("poolbench: after the interruption: " + e.getMessage());
            }
        }
        if (byThisHook) {
            printInterrupted();
        }
    }

    /** The one line an interruption prints: what finished, what did not, where the results are. */
    private void printInterrupted() {
        String done;
        String notDone;
        String by;
        synchronized (this) {
            by = interruptedBy;
            done = phases.stream().filter(p -> p.status == Status.OK).map(p -> p.id).collect(Collectors.joining(", "));
            notDone = phases.stream().filter(p -> p.status == Status.INTERRUPTED || p.status == Status.FAILED
                    || (p.status == Status.SKIPPED && p.reason != null && p.reason.startsWith("not started")))
                    .map(p -> p.id + " " + p.status.label()).collect(Collectors.joining(", "));
        }
        console.println("poolbench: interrupted (" + by + "); finished: " + (done.isEmpty() ? "nothing" : done)
                + "; not finished: " + (notDone.isEmpty() ? "nothing" : notDone) + "; what finished is in " + dir);
        console.flush();
    }

    /** SIGINT and SIGTERM mark every active run interrupted before any shutdown hook stops its children. */
    private static synchronized void installSignals() {
        if (signalsInstalled) {
            return;
        }
        signalsInstalled = true;
        for (String[] sig : new String[][] {{"INT", "Ctrl-C (SIGINT)", "130"}, {"TERM", "SIGTERM", "143"}}) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal(sig[0]), s -> {
                    for (RunRecord r : ACTIVE) {
                        if (r.markInterrupted(sig[1], Integer.parseInt(sig[2]))) {
                            r.printInterrupted();
                        }
                    }
                    // a new thread: System.exit waits for the hooks, which may need this handler thread's locks
                    new Thread(() -> System.exit(Integer.parseInt(sig[2])), "poolbench-exit").start();
                });
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // the JVM keeps its own handler (e.g. with -Xrs); the shutdown hook still marks the run
            }
        }
    }

    /**
     * Reads a run directory's manifest.
     *
     * @param dir run directory
     * @return the manifest
     * @throws TestbedException one line when the directory is no poolbench run or its manifest is damaged
     */
    public static Manifest read(Path dir) {
        Path f = dir.resolve(MANIFEST);
        if (!Files.isDirectory(dir)) {
            throw new TestbedException("no run directory " + dir + ": pass the directory a run printed (e.g."
                    + " target/poolbench-report/latest)");
        }
        if (!Files.isRegularFile(f)) {
            throw new TestbedException(dir + " is not a poolbench run directory (no " + MANIFEST + "): pass the"
                    + " directory a run printed (e.g. target/poolbench-report/latest)");
        }
        Manifest m;
        try {
            m = JSON.readValue(f.toFile(), Manifest.class);
        } catch (IOException e) {
            throw new TestbedException(f + " is damaged or not a poolbench manifest ("
                    + Redact.oneLine(e.getMessage()) + "): rerun the scenario", e);
        }
        if (m == null || !FORMAT.equals(m.format()) || m.phases() == null) {
            throw new TestbedException(f + " is not a poolbench manifest (format " + (m == null ? null : m.format())
                    + ", expected " + FORMAT + "): pass the directory of a run of this version");
        }
        return m;
    }
}
