package io.poolbench.testbed.run;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Where a run's results go: without {@code --out}, a new {@code <base>/<yyyyMMdd-HHmmss>/} and the link
 * {@code <base>/latest}; with {@code --out DIR}, DIR must be new or empty, or hold a previous run that
 * {@code --force} replaces (a directory that is no poolbench run is never deleted). Two runs never mix their
 * results.
 */
public final class RunDirectory {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

    private RunDirectory() {
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
    public static Path prepare(Path out, Path base, boolean force) {
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
                    } catch (FileAlreadyExistsException taken) {
                        dir = base.resolve(stamp + "-" + i);
                    }
                }
            } catch (IOException | SecurityException e) {
                throw new TestbedException("cannot create a run directory under " + base + " (" + e + "): pass a"
                        + " writable --out");
            }
        } else {
            dir = out;
            if (check(out, force)) {
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

    /**
     * The refusals of {@link #prepare} for a given {@code --out}, without touching anything: for a command that
     * prints something before its run starts.
     *
     * @param out the user's {@code --out}
     * @param force whether a previous run there may be replaced
     * @return true when {@code out} holds a previous run that {@code force} will replace
     * @throws TestbedException one line when {@code out} is empty text, a file, not empty without {@code force}, not a
     *     poolbench run, or a run still going
     */
    public static boolean check(Path out, boolean force) {
        if (out.toString().isBlank()) {
            throw new TestbedException("--out is empty text: give a directory, or leave --out away for a"
                    + " time-stamped one");
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new TestbedException("--out " + out + " is a file, not a directory: choose a directory");
        }
        if (!Files.isDirectory(out) || isEmpty(out)) {
            return false;
        }
        if (!force) {
            throw new TestbedException("--out " + out + " is not empty (results of two runs must not mix):"
                    + " choose a new directory, leave --out away for a time-stamped one, or add --force to"
                    + " replace a previous run");
        }
        if (!Files.isRegularFile(out.resolve(RunRecord.MANIFEST))) {
            throw new TestbedException("--out " + out + " is not empty and holds no poolbench run ("
                    + RunRecord.MANIFEST + " is missing), so --force will not delete it: choose another directory");
        }
        String pid = Manifest.writerStillRunning(out);
        if (pid != null) {
            throw new TestbedException("--out " + out + " is in use: the run in it is still going (pid " + pid
                    + "), and --force replaces only a run that ended: wait for it, or choose another directory");
        }
        return true;
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
}
