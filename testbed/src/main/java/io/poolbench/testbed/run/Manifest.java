package io.poolbench.testbed.run;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
 * @param status {@code running}, {@code ok}, {@code failed} or {@code interrupted}
 * @param phases every phase in order
 */
public record Manifest(String format, String command, List<String> args, JsonNode settings,
        Map<String, String> environment, String startedAt, String endedAt, String status,
        List<PhaseEntry> phases) {
    private static final ObjectMapper READER = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

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
        if (m == null || !RunRecord.FORMAT.equals(m.format()) || m.phases() == null) {
            throw new TestbedException(f + " is not a poolbench manifest (format " + (m == null ? null : m.format())
                    + ", expected " + RunRecord.FORMAT + "): pass the directory of a run of this version");
        }
        return m;
    }
}
