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
     * @param p {@code load/<profile>/}
     * @param id the profile's id
     * @return what the load produced: the profile it ran with, JMeter's statistics, the pool's state
     * @throws TestbedException one line when a file is damaged or missing
     */
    static CompareData.Load read(Path p, String id) {
        Path csv = p.resolve("results.csv");
        CompareData.Profile prof;
        Map<String, JtlSummary.LabelStats> stats;
        PoolSampler.PoolState ps;
        try {
            prof = Files.isRegularFile(p.resolve("profile.json")) ? JSON.readValue(p.resolve("profile.json").toFile(),
                    CompareData.Profile.class) : new CompareData.Profile(null, id, null, null, null, null, null, null,
                    null);
            stats = JtlSummary.read(csv);
            ps = PoolSampler.poolState(p.resolve("pool.csv"));
        } catch (IOException | RuntimeException e) {
            throw new TestbedException("the results in " + p + " are damaged or missing ("
                    + Redact.oneLine(e.getMessage()) + "): rerun the scenario");
        }
        Map<String, String> settings = prof.settings() == null ? Map.of() : prof.settings();
        List<String> warnings = prof.warnings() == null ? List.of() : prof.warnings();
        Map<String, String> effective = new LinkedHashMap<>(prof.effective() == null ? Map.of() : prof.effective());
        (prof.urlTimeouts() == null ? Map.<String, String>of() : prof.urlTimeouts())
                .forEach((k, v) -> effective.put("URL " + k, v));
        return new CompareData.Load(id, prof.pool() == null ? "?" : prof.pool(), settings, effective, warnings,
                prof.borrowValidation() == null ? "not recorded" : prof.borrowValidation(), stats, ps);
    }
}
