package io.poolbench.suite.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.process.JtlSummary;
import io.poolbench.suite.process.PoolSampler;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.report.ResultJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One web load's directory as the report reads it: profile.json, JMeter's results.csv, the pool's pool.csv. */
final class LoadDirectory {
    private static final ObjectMapper JSON = ResultJson.MAPPER;

    private LoadDirectory() {
    }

    /**
     * @param id the profile's id
     * @param round the round, from 1
     * @return the web-load phase's id: {@code load:<profile>:r<round>}
     */
    static String phaseId(String id, int round) {
        return "load:" + id + ":r" + round;
    }

    /**
     * @param run the run directory
     * @param id the profile's id
     * @param round the round, from 1
     * @return where that load's files are: {@code load/<profile>/r<round>/}; the profile as it ran,
     *     {@code profile.json}, is in {@code load/<profile>/}
     */
    static Path of(Path run, String id, int round) {
        return run.resolve("load").resolve(id).resolve("r" + round);
    }

    /**
     * @param run the run directory
     * @param id the profile's id
     * @param round the round, from 1
     * @param warmupMs ms at the start of the load's samples left out of its statistics (the ramp-up), 0 for none
     * @return what the load produced: the profile it ran with, JMeter's statistics, the pool's state
     * @throws TestbedException one line when a file is damaged or missing
     */
    static CompareData.Load read(Path run, String id, int round, long warmupMs) {
        Path p = of(run, id, round);
        Path profile = run.resolve("load").resolve(id).resolve("profile.json");
        Path csv = p.resolve("results.csv");
        CompareData.Profile prof;
        Map<String, JtlSummary.LabelStats> stats;
        PoolSampler.PoolState ps;
        LoadRecord rec;
        try {
            prof = Files.isRegularFile(profile) ? JSON.readValue(profile.toFile(),
                    CompareData.Profile.class) : new CompareData.Profile(null, id, null, null, null, null, null, null,
                    null);
            stats = warmupMs > 0 ? JtlSummary.readAfterWarmup(csv, warmupMs) : JtlSummary.read(csv);
            ps = PoolSampler.poolState(p.resolve("pool.csv"));
            rec = LoadRecord.read(p, warmupMs);
        } catch (IOException | RuntimeException e) {
            throw new TestbedException("the results in " + p + " are damaged or missing ("
                    + Redact.oneLine(e.getMessage()) + "): rerun the scenario");
        }
        Map<String, String> settings = prof.settings() == null ? Map.of() : prof.settings();
        List<String> warnings = prof.warnings() == null ? List.of() : prof.warnings();
        Map<String, String> effective = new LinkedHashMap<>(prof.effective() == null ? Map.of() : prof.effective());
        (prof.urlTimeouts() == null ? Map.<String, String>of() : prof.urlTimeouts())
                .forEach((k, v) -> effective.put("URL " + k, v));
        return new CompareData.Load(id, round, prof.pool() == null ? "?" : prof.pool(), settings, effective, warnings,
                prof.borrowValidation() == null ? "not recorded" : prof.borrowValidation(), stats, ps, rec);
    }
}
