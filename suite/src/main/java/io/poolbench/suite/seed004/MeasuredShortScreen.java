package io.poolbench.suite.seed004;

import io.poolbench.testbed.report.ResultJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One run's short screen as seed 004 measured it, read back from a finished run directory: what
 * {@code poolbench plan --measure} puts beside its prediction (it measures a user's request as the short screen).
 * Times from JMeter's samples that started in the measured period; borrow waits from the webapp's own record.
 *
 * @param run the run's id
 * @param requests short-screen requests measured
 * @param errors of them, failed
 * @param p50Ms response time, median, ms
 * @param p90Ms 90th percentile, ms
 * @param p99Ms 99th percentile, ms
 * @param maxMs maximum, ms
 * @param borrowP99Ms time in {@code getConnection()} per request, 99th percentile, ms
 * @param borrowMaxMs its maximum, ms
 * @param targetPerSecond the paced rate of all screens, requests/s
 * @param achievedPerSecond requests of all screens started per second of the measured period
 * @param measuredSeconds the measured period's length, s
 */
public record MeasuredShortScreen(String run, long requests, long errors, long p50Ms, long p90Ms, long p99Ms,
        long maxMs, double borrowP99Ms, double borrowMaxMs, double targetPerSecond, double achievedPerSecond,
        double measuredSeconds) {

    /**
     * @param out a run directory of {@code seed004}
     * @return each run's short screen that has a result, in the order run; empty when the report holds none
     *     (every run failed)
     * @throws IOException when {@code seed004/summary.json} is missing or cannot be read
     */
    public static List<MeasuredShortScreen> read(Path out) throws IOException {
        Path file = out.resolve("seed004").resolve("summary.json");
        if (!Files.isRegularFile(file)) {
            throw new IOException("no " + file + ": the seed004 run wrote no report");
        }
        Seed004Data.Summary summary = ResultJson.MAPPER.readValue(file.toFile(), Seed004Data.Summary.class);
        List<MeasuredShortScreen> list = new ArrayList<>();
        for (Seed004Figures.RunStats r : summary.runs()) {
            r.screens().stream().filter(s -> s.screen().equals("short") && s.n() > 0).findFirst().ifPresent(s ->
                    list.add(new MeasuredShortScreen(r.id(), s.n(), s.errors(), s.medianMs(), s.p90Ms(), s.p99Ms(),
                            s.maxMs(), s.borrowP99Ms(), s.borrowMaxMs(), r.targetPerSecond(), r.achievedPerSecond(),
                            r.measuredSeconds())));
        }
        return list;
    }
}
