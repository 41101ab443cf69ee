package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.knee.KneeReport;
import io.poolbench.suite.aurora.map.MapKnee;
import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.PhaseEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where a run directory keeps the Aurora scenario's results, and reading them back: each run's files ({@code
 * screens/<run>/}), its {@code summary.json} (the report's statistics, findings and a map's knees) and a knee search's
 * {@code knees.json}. Every reader of a finished Aurora run (its own report, the suite's page, {@code plan --measure},
 * {@code aurora --at-knee}, the failover at the limit) goes through here.
 */
public final class AuroraResults {
    /** The Aurora scenario's folder in a run directory: part of the run directory's layout ({@code RunRecord.FORMAT}). */
    public static final String DIR = "screens";

    /** The prefix of a run's phase id in the manifest: {@code run:<profile>.r<round>}. */
    private static final String RUN_PHASE = "run:";

    private AuroraResults() {
    }

    /**
     * @param run the run directory
     * @return its {@code screens/summary.json}, which may not exist
     */
    public static Path summaryFile(Path run) {
        return run.resolve(DIR).resolve("summary.json");
    }

    /**
     * @param run the run directory
     * @return its {@code screens/summary.md}, which may not exist
     */
    public static Path summaryPage(Path run) {
        return run.resolve(DIR).resolve("summary.md");
    }

    /**
     * @param run the run directory
     * @return its knee search's {@code screens/knees.json}, which exists only after {@code aurora --find-knee}
     */
    public static Path kneesFile(Path run) {
        return run.resolve(DIR).resolve(KneeReport.FILE);
    }

    /**
     * Reads the run's summary back.
     *
     * @param run the run directory
     * @return the summary; empty when the run wrote none (it failed before its report, or is not an Aurora run)
     * @throws IOException one line naming the file, when it is there but does not hold a summary (damaged, or cut
     *     short)
     */
    public static Optional<AuroraData.Summary> summary(Path run) throws IOException {
        Path file = summaryFile(run);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(ResultJson.MAPPER.readValue(file.toFile(), AuroraData.Summary.class));
        } catch (IOException | RuntimeException e) {
            throw new IOException(file + " cannot be read (" + Redact.rootMessage(e) + ")", e);
        }
    }

    /**
     * The knees a run measured: its knee search's when it ran one ({@code knees.json}, each over its rounds, see
     * {@link MapKnee#fromSearch}), else its saturation map's (kept in {@code summary.json}).
     *
     * @param run the run directory
     * @return a knee per profile, round trip and borrowing; empty when the run holds neither
     * @throws IOException one line naming the file, when one is there but cannot be read
     */
    public static List<MapKnee.Knee> knees(Path run) throws IOException {
        Path searched = kneesFile(run);
        if (Files.isRegularFile(searched)) {
            try {
                return MapKnee.fromSearch(KneeReport.read(searched));
            } catch (IOException | RuntimeException e) {
                throw new IOException(searched + " cannot be read (" + Redact.rootMessage(e) + ")", e);
            }
        }
        return summary(run).map(AuroraData.Summary::knees).orElse(List.of());
    }

    /**
     * The run phases of a run's manifest ({@code run:<profile>.r<round>}, in the order run).
     *
     * @param m the run's manifest
     * @return its run phases, each with its status
     */
    public static List<PhaseEntry> runPhases(Manifest m) {
        return m.phases().stream().filter(p -> p.id().startsWith(RUN_PHASE)).toList();
    }

    /**
     * @param runId a run's id ({@code <profile>.r<round>}, or a map cell's)
     * @return the id of its phase in the manifest
     */
    public static String runPhaseId(String runId) {
        return RUN_PHASE + runId;
    }

    /**
     * @param phaseId the id of a run phase ({@link #runPhases})
     * @return the run's id, which is also its folder below {@code screens/}
     */
    public static String runId(String phaseId) {
        return phaseId.substring(RUN_PHASE.length());
    }

    /**
     * Reads the files of every run of an Aurora run directory that produced a result (its phase ok and its {@code
     * outcome.json} written), each once.
     *
     * @param run the run directory
     * @param m its manifest ({@link Manifest#read}), which says which runs produced a result
     * @return each run's files, in the order run; empty when no run produced a result
     * @throws TestbedException one line naming the run and its folder, when a run's results are damaged
     */
    public static List<RunFiles> runs(Path run, Manifest m) {
        Path base = run.resolve(DIR);
        List<RunFiles> files = new ArrayList<>();
        for (PhaseEntry p : runPhases(m)) {
            Path dir = base.resolve(runId(p.id()));
            if (p.ok() && Files.isRegularFile(dir.resolve("outcome.json"))) {
                try {
                    files.add(RunFiles.read(dir));
                } catch (IOException | RuntimeException e) {
                    throw new TestbedException("the results of run " + runId(p.id()) + " in " + dir + " are damaged ("
                            + Redact.rootMessage(e) + "); rerun it", e);
                }
            }
        }
        return files;
    }
}
