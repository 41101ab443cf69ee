package io.poolbench.testbed.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.poolbench.testbed.Cli;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.DatabaseSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * One run of a poolbench command: its own directory and its manifest {@code run.json}. Every scenario organises
 * its work in phases ({@code Phases}) through this class, so "what happened" has one implementation:
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
 * A manifest that cannot be written fails the run ({@link ManifestFile}); directories are {@link RunDirectory}'s.
 */
public final class RunRecord {
    /** The manifest's file name in a run directory. */
    public static final String MANIFEST = "run.json";
    /** Marks a manifest written by this class and the run directory's layout; {@link Manifest#read} refuses others. */
    public static final String FORMAT = "poolbench-run/7";
    /** Exit code: every phase ok. */
    public static final int EXIT_OK = 0;
    /** Exit code: at least one phase failed. */
    public static final int EXIT_FAILED = 1;
    /** Exit code: bad input, nothing started (one line on stderr). */
    public static final int EXIT_BAD_INPUT = 2;
    /** Exit code: interrupted by Ctrl-C (128 + SIGINT). */
    public static final int EXIT_INTERRUPTED = 130;

    private final Path dir;
    private final String command;
    private final List<String> args;
    private final Instant startedAt = Instant.now();
    private final Phases phases = new Phases();
    private final List<Runnable> onInterrupt = new ArrayList<>();
    private final PrintStream console;
    private JsonNode settings;
    private Instant endedAt;
    boolean interrupted;
    private String interruptedBy;
    private boolean interruptActionsRan;
    private int interruptedExitCode = EXIT_INTERRUPTED;
    private boolean finished;
    private final Thread hook;
    /** Writes the manifest; its first failed write, when one failed ({@link Phase} reads it). */
    final ManifestFile file;

    private RunRecord(Path dir, String command, List<String> args, Object settings, PrintStream console) {
        this.dir = dir;
        this.command = command;
        // a password typed into a URL (--jdbc-url ...?password=...) is masked before anything is written
        this.args = args.stream().map(a -> Redact.text(a, System.getenv(DatabaseSettings.PASSWORD_ENV))).toList();
        this.settings = Manifest.settingsTree(settings);
        this.console = console;
        this.file = new ManifestFile(dir, console);
        this.hook = new Thread(this::onShutdown, "poolbench-run-interrupted");
    }

    /**
     * Starts the record of a run in a prepared directory: writes the manifest and handles Ctrl-C from now on.
     *
     * @param dir from {@link RunDirectory#prepare}
     * @param command subcommand, e.g. {@code run}
     * @param args the whole command line, subcommand included
     * @param settings the scenario's settings (a record or map, serialised with Jackson; no password)
     * @param console where the interruption line goes (normally System.out)
     * @return the record
     */
    public static RunRecord start(Path dir, String command, List<String> args, Object settings, PrintStream console) {
        // an interrupted run's report draws its charts while the JVM shuts down: in memory, since ImageIO's disk
        // cache deletes its file at exit, which then fails ("Shutdown in progress"), losing the report
        ImageIO.setUseCache(false);
        RunRecord r = new RunRecord(dir, command, args, settings, console);
        Signals.register(r);
        Runtime.getRuntime().addShutdownHook(r.hook);
        synchronized (r) {
            r.write();
        }
        if (r.file.failure() != null) {
            r.finish();
            throw new TestbedException(r.file.failure());
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
        settings = Manifest.settingsTree(newSettings);
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
        Phase p = new Phase(this, id, description);
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

    /**
     * Adds an action for Ctrl-C that runs before every other, the report's included: e.g. waiting for a child run
     * to write its own report, which the report of this run then shows.
     *
     * @param action must not throw
     */
    public synchronized void onInterruptFirst(Runnable action) {
        onInterrupt.add(0, action);
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
        phases.failRunning(why);
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
                phases.closeOpen();
                finished = true;
                endedAt = Instant.now();
                write();
            }
        }
        Signals.unregister(this);
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
        return phases.anyFailed() ? EXIT_FAILED : EXIT_OK;
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
        return phases.outcome() + "; results in " + dir;
    }

    /** @return the manifest as it stands */
    public synchronized Manifest manifest() {
        return new Manifest(FORMAT, command, args, settings, Manifest.machine(), startedAt.toString(),
                endedAt == null ? null : endedAt.toString(), status(), phases.entries());
    }

    void write() {
        file.write(manifest());
    }

    /**
     * Marks the run interrupted: the running phase {@code interrupted}, pending ones {@code skipped}.
     *
     * @param by what interrupted it, e.g. {@code Ctrl-C (SIGINT)}
     * @return true when this call did it (false when finished or already interrupted)
     */
    synchronized boolean markInterrupted(String by) {
        return markInterrupted(by, EXIT_INTERRUPTED);
    }

    synchronized boolean markInterrupted(String by, int exitCode) {
        if (finished || interrupted) {
            return false;
        }
        interrupted = true;
        interruptedBy = by;
        interruptedExitCode = exitCode;
        Instant now = Instant.now();
        phases.interrupt(by, now);
        endedAt = now;
        write();
        return true;
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
    void printInterrupted() {
        String line;
        synchronized (this) {
            line = phases.interruptedLine(interruptedBy, dir);
        }
        console.println(line);
        console.flush();
    }
}
