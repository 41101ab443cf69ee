package io.poolbench.testbed.run;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.ConsoleHandler;
import java.util.logging.FileHandler;
import java.util.logging.Handler;
import java.util.logging.LogManager;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * Sends the libraries' logging of a run to a file in its run directory, so that the console keeps one line per
 * event (a failover makes the JDBC drivers and pools log a stack trace per broken connection: hundreds of lines
 * that the run's outcome classes already count). Covers SLF4J's simple binding (HikariCP, Testcontainers, the
 * project) through its {@code org.slf4j.simpleLogger.logFile} setting and {@code System.err}, and
 * java.util.logging (Tomcat, DBCP2 through commons-logging) by replacing the root console handler. The one-line
 * errors of the command lines are written through picocli's own error writer, which keeps the console.
 */
public final class RunLog implements AutoCloseable {
    private static final String SLF4J_FILE = "org.slf4j.simpleLogger.logFile";
    private final PrintStream console;
    private final PrintStream fileStream;
    private final String slf4jFileBefore;
    private final List<Handler> consoleHandlers;
    private final Handler file;

    private RunLog(PrintStream console, PrintStream fileStream, String slf4jFileBefore,
            List<Handler> consoleHandlers, Handler file) {
        this.console = console;
        this.fileStream = fileStream;
        this.slf4jFileBefore = slf4jFileBefore;
        this.consoleHandlers = consoleHandlers;
        this.file = file;
    }

    /** Gives System.err and java.util.logging their console back (for processes that go on, e.g. tests). */
    @Override
    public void close() {
        System.setErr(console);
        if (fileStream != null) {
            fileStream.close();
        }
        if (slf4jFileBefore == null) {
            System.clearProperty(SLF4J_FILE);
        } else {
            System.setProperty(SLF4J_FILE, slf4jFileBefore);
        }
        Logger root = LogManager.getLogManager().getLogger("");
        if (file != null) {
            root.removeHandler(file);
            file.close();
        }
        consoleHandlers.forEach(root::addHandler);
    }

    /**
     * Redirects library logging to a file. SLF4J's simple binding reads its setting once, when the first logger is
     * created: call this before anything logs (a JVM that already logged keeps its console for SLF4J).
     *
     * @param file the log file (appended to)
     * @return what {@link #close()} restores
     */
    public static RunLog redirect(Path file) {
        return redirect(file, true);
    }

    /**
     * Redirects library logging to a file until a run starts: what libraries say while a command line is checked
     * (a pool built to read its profile, Docker's client, a driver's deprecation line) goes to {@code file}, not
     * between the user and the command's one line. Unlike {@link #redirect}, SLF4J is not pointed at the file, so
     * that it keeps writing to System.err as it is at each write and a run's own {@link #redirect} takes it.
     *
     * @param file the log file (appended to)
     * @return what {@link #close()} restores
     */
    public static RunLog beforeRun(Path file) {
        return redirect(file, false);
    }

    private static RunLog redirect(Path file, boolean slf4jFile) {
        PrintStream console = System.err;
        List<Handler> removed = new ArrayList<>();
        Handler added = null;
        String before = System.getProperty(SLF4J_FILE);
        if (slf4jFile) {
            System.setProperty(SLF4J_FILE, file.toAbsolutePath().toString());
        }
        PrintStream fileStream = null;
        try {
            // SLF4J's simple binding, when it was configured before this call, writes to System.err as it is at
            // each write (it does not cache the stream by default): that goes to the file too
            fileStream = new PrintStream(new FileOutputStream(file.toFile(), true), true,
                    StandardCharsets.UTF_8);
            System.setErr(fileStream);
        } catch (IOException e) {
            // stays on the console
        }
        Logger root = LogManager.getLogManager().getLogger("");
        try {
            FileHandler fh = new FileHandler(file.toAbsolutePath().toString().replace("%", "%%"), true);
            fh.setFormatter(new SimpleFormatter());
            for (Handler h : root.getHandlers()) {
                if (h instanceof ConsoleHandler) {
                    root.removeHandler(h);
                    removed.add(h);
                }
            }
            root.addHandler(fh);
            added = fh;
        } catch (IOException | SecurityException e) {
            // java.util.logging stays on the console
        }
        return new RunLog(console, fileStream, before, removed, added);
    }
}
