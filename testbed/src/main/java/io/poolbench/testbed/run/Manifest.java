package io.poolbench.testbed.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.poolbench.testbed.AtomicFile;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.DatabaseSettings;
import io.poolbench.testbed.report.ResultJson;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The manifest, {@code run.json}.
 *
 * @param format {@link RunRecord#FORMAT}
 * @param command the subcommand, e.g. {@code run}
 * @param args the whole command line, subcommand included (the password is never on it)
 * @param settings the scenario's effective settings
 * @param environment machine, OS, JDK
 * @param startedAt ISO-8601 instant
 * @param endedAt ISO-8601 instant, null while running
 * @param status {@code running}, {@code ok}, {@code failed} or {@code interrupted}; {@code killed} as read back
 *     when the manifest says running and the process that wrote it is gone (see {@link #read})
 * @param phases every phase in order
 */
public record Manifest(String format, String command, List<String> args, JsonNode settings,
        Map<String, String> environment, String startedAt, String endedAt, String status,
        List<PhaseEntry> phases) {
    private static final ObjectMapper READER = ResultJson.MAPPER;
    private static final ObjectMapper WRITER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    /**
     * The settings as the manifest stores them.
     *
     * @param settings a scenario's settings record (or a map), serialised with Jackson, nulls left out; must hold
     *     no password
     * @return the JSON tree for {@link #settings()}
     */
    public static JsonNode settingsTree(Object settings) {
        return redacted(WRITER.valueToTree(settings));
    }

    /** Every text value of a tree with the secrets of a URL and the database password masked (see {@link Redact}). */
    private static JsonNode redacted(JsonNode node) {
        if (node instanceof ObjectNode o) {
            o.fields().forEachRemaining(e -> e.setValue(redacted(e.getValue())));
        } else if (node instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                a.set(i, redacted(a.get(i)));
            }
        } else if (node != null && node.isTextual()) {
            return TextNode.valueOf(Redact.text(node.asText(), System.getenv(DatabaseSettings.PASSWORD_ENV)));
        }
        return node;
    }

    /**
     * The settings as the scenario's own record.
     *
     * @param <T> the record's type
     * @param type the scenario's settings record, e.g. {@code ConnectSettings.class}
     * @return the settings read back; null when the manifest holds none
     * @throws TestbedException one line when the stored settings do not fit the record (a damaged manifest)
     */
    public <T> T settings(Class<T> type) {
        if (settings == null || settings.isNull()) {
            return null;
        }
        try {
            return READER.treeToValue(settings, type);
        } catch (IOException | IllegalArgumentException e) {
            throw new TestbedException("the run's " + RunRecord.MANIFEST + " holds settings that are not "
                    + type.getSimpleName() + " (" + Redact.oneLine(e.getMessage()) + "): rerun the scenario", e);
        }
    }

    /**
     * @param id phase id
     * @return the phase, or null
     */
    public PhaseEntry phase(String id) {
        return phases.stream().filter(p -> p.id().equals(id)).findFirst().orElse(null);
    }

    /**
     * Reads a run directory's manifest.
     *
     * @param dir run directory
     * @return the manifest
     * @throws TestbedException one line when the directory is no poolbench run or its manifest is damaged
     */
    public static Manifest read(Path dir) {
        if (dir.toString().isBlank()) {
            throw new TestbedException("the run directory is empty text: pass the directory a run printed (e.g."
                    + " target/poolbench-report/latest)");
        }
        Path f = dir.resolve(RunRecord.MANIFEST);
        if (!Files.isDirectory(dir)) {
            throw new TestbedException("no run directory " + dir + ": pass the directory a run printed (e.g."
                    + " target/poolbench-report/latest)");
        }
        if (!Files.isRegularFile(f)) {
            throw new TestbedException(dir + " is not a poolbench run directory (no " + RunRecord.MANIFEST + "): pass the"
                    + " directory a run printed (e.g. target/poolbench-report/latest)");
        }
        Manifest m;
        try {
            m = READER.readValue(f.toFile(), Manifest.class);
        } catch (IOException e) {
            throw new TestbedException(f + " is damaged or not a poolbench manifest ("
                    + Redact.oneLine(e.getMessage()) + "): rerun the scenario", e);
        }
        if (m != null && m.format() != null && m.format().startsWith("poolbench-run/")
                && !RunRecord.FORMAT.equals(m.format())) {
            throw new TestbedException(f + " was written by another version of poolbench (" + m.format() + "; this"
                    + " one reads " + RunRecord.FORMAT + "): rerun the scenario with this version");
        }
        if (m == null || !RunRecord.FORMAT.equals(m.format()) || m.phases() == null) {
            throw new TestbedException(f + " is not a poolbench manifest (format " + (m == null ? null : m.format())
                    + ", expected " + RunRecord.FORMAT + "): pass the directory of a run of this version");
        }
        return Status.RUNNING.label().equals(m.status()) && !m.writerAlive() ? m.killed() : m;
    }

    /**
     * @param dir a run directory
     * @return the pid of the process still writing it (its manifest says running and that process is alive), or
     *     null when no process is (a finished, interrupted or killed run, or no readable manifest)
     */
    public static String writerStillRunning(Path dir) {
        try {
            Manifest m = READER.readValue(dir.resolve(RunRecord.MANIFEST).toFile(), Manifest.class);
            boolean running = m != null && Status.RUNNING.label().equals(m.status()) && m.environment() != null
                    && m.environment().get("pid") != null && m.writerAlive();
            return running ? m.environment().get("pid") : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * @return false when the process that wrote this manifest is gone (or its pid now belongs to a process started
     *     after the run); true while it runs
     */
    boolean writerAlive() {
        String pid = environment == null ? null : environment.get("pid");
        if (pid == null) {
            return true;
        }
        try {
            Instant started = Instant.parse(startedAt);
            return ProcessHandle.of(Long.parseLong(pid)).filter(ProcessHandle::isAlive)
                    .map(h -> h.info().startInstant().map(i -> !i.isAfter(started)).orElse(true)).orElse(false);
        } catch (RuntimeException e) {
            return true;
        }
    }

    /** @return this manifest as its process left it when killed: the run and its running phases {@code killed} */
    Manifest killed() {
        String why = "the run's process (pid " + environment.get("pid") + ") ended without finishing this phase:"
                + " killed (kill -9, out of memory, or the machine stopped)";
        List<PhaseEntry> ps = phases.stream().map(p -> Status.RUNNING.label().equals(p.status())
                ? new PhaseEntry(p.id(), p.description(), Status.KILLED.label(), why, p.note(), p.startedAt(), null,
                        p.lines(), p.sha256())
                : p).toList();
        return new Manifest(format, command, args, settings, environment, startedAt, null, Status.KILLED.label(), ps);
    }

    /**
     * A data file as a phase left it: its lines and the SHA-256 of its bytes, read in one pass.
     *
     * @param lines its lines (line breaks as {@link java.io.BufferedReader#readLine} reads them)
     * @param sha256 the SHA-256 of its content, hex
     */
    record Mark(long lines, String sha256) {
        /**
         * @param f a file
         * @return its mark
         * @throws IOException when it cannot be read
         */
        static Mark of(Path f) throws IOException {
            MessageDigest md;
            try {
                md = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every JDK has SHA-256", e);
            }
            try (BufferedReader r = new BufferedReader(new InputStreamReader(
                    new DigestInputStream(Files.newInputStream(f), md), StandardCharsets.ISO_8859_1))) {
                long n = r.lines().count();
                return new Mark(n, HexFormat.of().formatHex(md.digest()));
            }
        }
    }

    /**
     * Checks the data files the phases recorded against the run directory as it is now: a results file emptied,
     * cut short, grown or removed after the run is no longer what the run measured.
     *
     * @param dir the run directory
     * @return one line per file that changed, e.g. {@code load/hikari/results.csv: 4,831 lines when load:hikari
     *     ended, 25 now}; empty when every file is as recorded; null when no phase recorded any file (not
     *     checked)
     */
    public List<String> changedFiles(Path dir) {
        List<String> out = new ArrayList<>();
        boolean any = false;
        for (PhaseEntry p : phases) {
            if (p.lines() == null || !p.ok()) {
                continue;
            }
            for (Map.Entry<String, Long> e : p.lines().entrySet()) {
                any = true;
                Path f = dir.resolve(e.getKey());
                String now;
                try {
                    Mark mark = Files.isRegularFile(f) ? Mark.of(f) : null;
                    long n = mark == null ? -1 : mark.lines();
                    String was = p.sha256() == null ? null : p.sha256().get(e.getKey());
                    if (n == e.getValue() && (was == null || was.equals(mark.sha256()))) {
                        continue;
                    }
                    now = n < 0 ? "missing now" : n == e.getValue() ? "as many now, but other content"
                            : String.format(Locale.ROOT, "%,d now", n);
                } catch (IOException ex) {
                    now = "unreadable now (" + Redact.oneLine(ex.getMessage()) + ")";
                }
                out.add(String.format(Locale.ROOT, "%s: %,d lines when %s ended, %s", e.getKey(), e.getValue(),
                        p.id(), now));
            }
        }
        return any ? out : null;
    }

    /**
     * Writes this manifest as {@code run.json} in the directory, atomically where the file system can (a reader
     * never sees half a manifest).
     *
     * @param dir the run directory
     * @throws IOException when it cannot be written
     */
    void writeTo(Path dir) throws IOException {
        AtomicFile.write(dir.resolve(RunRecord.MANIFEST), out -> WRITER.writeValue(out, this));
    }

    /**
     * @return the poolbench commit the {@code ./poolbench} script built this jar from ({@code -dirty} with
     *     uncommitted changes), the provenance of a run's verdicts and of a model's predictions; "unknown" when the
     *     jar was not started by that script
     */
    public static String commit() {
        String commit = System.getenv("POOLBENCH_COMMIT");
        return commit == null || commit.isBlank() ? "unknown" : commit;
    }

    /** @return the machine as the manifest records it: cores, the JVM's heap, the OS, the JDK, poolbench's commit */
    static Map<String, String> machine() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        env.put("maxHeapMiB", Long.toString(Runtime.getRuntime().maxMemory() >> 20));
        env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        env.put("java", System.getProperty("java.vendor") + " " + System.getProperty("java.version"));
        String webappJava = System.getenv("POOLBENCH_WEBAPP_JAVA");
        if (webappJava != null && !webappJava.isBlank()) {
            // the webapp's own JVM (the pool under test), when not this one
            env.put("webappJava", webappJava);
        }
        env.put("commit", commit());
        // the writer's pid: a reader tells a run still going from one whose process was killed
        env.put("pid", Long.toString(ProcessHandle.current().pid()));
        return env;
    }
}
