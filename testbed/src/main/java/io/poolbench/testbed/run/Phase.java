package io.poolbench.testbed.run;

import io.poolbench.testbed.Redact;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** A phase of a run ({@link RunRecord#plan}); its methods rewrite the run's manifest. */
public final class Phase {
    private final RunRecord record;
    final String id;
    private final String description;
    Status status = Status.PENDING;
    String reason;
    private String note;
    private Map<String, Long> lines;
    private Map<String, String> sha256;
    Instant startedAt;
    Instant endedAt;

    Phase(RunRecord record, String id, String description) {
        this.record = record;
        this.id = id;
        this.description = description;
    }

    /** @return the phase id */
    public String id() {
        return id;
    }

    /** @return the current status */
    public Status status() {
        synchronized (record) {
            return status;
        }
    }

    /**
     * Marks the phase running.
     *
     * @return false when the run was interrupted, the phase already ended, or the manifest can no longer be written
     *     (then the phase is failed with that line): the caller must not start it
     */
    public boolean start() {
        synchronized (record) {
            if (record.interrupted || status != Status.PENDING || Signals.shuttingDown()) {
                return false;
            }
            status = Status.RUNNING;
            startedAt = Instant.now();
            record.write();
            if (record.file.failure() != null) {
                status = Status.FAILED;
                reason = record.file.failure();
                endedAt = startedAt;
                return false;
            }
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
     * Marks the phase ok and records the lines and the SHA-256 of the data files it wrote, so that {@code ./poolbench report} can
     * tell a file changed or cut short since ({@link Manifest#changedFiles}).
     *
     * @param outcome a short line on what it produced (counts with units), may be null
     * @param data the data files, or directories whose {@code .csv} files (at any depth) are the data; one that
     *     does not exist is not recorded
     * @throws IOException when a file cannot be read
     */
    public void ok(String outcome, Path... data) throws IOException {
        Map<String, Long> counted = new TreeMap<>();
        Map<String, String> digests = new TreeMap<>();
        for (Path d : data) {
            List<Path> files;
            if (Files.isDirectory(d)) {
                try (Stream<Path> w = Files.walk(d)) {
                    files = w.filter(f -> f.toString().endsWith(".csv") && Files.isRegularFile(f)).toList();
                }
            } else {
                files = Files.isRegularFile(d) ? List.of(d) : List.of();
            }
            for (Path f : files) {
                // both absolute: a run directory given as ./target/... is relative, the files may not be
                String rel = record.dir().toAbsolutePath().normalize().relativize(f.toAbsolutePath().normalize())
                        .toString();
                Manifest.Mark mark = Manifest.Mark.of(f);
                counted.put(rel, mark.lines());
                digests.put(rel, mark.sha256());
            }
        }
        synchronized (record) {
            lines = counted.isEmpty() ? null : counted;
            sha256 = digests.isEmpty() ? null : digests;
        }
        end(Status.OK, null, outcome);
    }

    /**
     * Marks the phase failed. After an interruption the phase stays {@code interrupted}: a child killed by
     * Ctrl-C did not fail.
     *
     * @param why one line: what died or what is missing
     */
    public void failed(String why) {
        if (Signals.shuttingDown()) {
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
        synchronized (record) {
            if (record.interrupted || status == Status.OK || status == Status.FAILED || status == Status.SKIPPED
                    || status == Status.INTERRUPTED) {
                return;
            }
            status = s;
            reason = why;
            note = outcome;
            endedAt = Instant.now();
            record.write();
            // an ok phase whose run could not record it (its manifest unwritable) is not ok: its files may be cut
            if (s == Status.OK && record.file.failure() != null) {
                status = Status.FAILED;
                reason = record.file.failure();
            }
        }
    }

    PhaseEntry entry() {
        return new PhaseEntry(id, description, status.label(), reason, note,
                startedAt == null ? null : startedAt.toString(), endedAt == null ? null : endedAt.toString(), lines,
                sha256);
    }
}
