package io.poolbench.suite.aurora.cli;

import io.poolbench.suite.aurora.AuroraResults;
import io.poolbench.suite.aurora.AuroraData;
import io.poolbench.suite.aurora.knee.KneeReport;
import io.poolbench.suite.aurora.knee.KneeResult;
import io.poolbench.suite.aurora.run.RunStats;
import io.poolbench.suite.plan.MeasuredKnee;
import io.poolbench.suite.plan.MeasuredShortScreen;
import io.poolbench.suite.plan.ShortScreenMeasurement;
import io.poolbench.testbed.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code poolbench plan --measure}'s measurement: a run of this scenario whose short screen is the user's request,
 * read back from its {@code screens/summary.json} (or, for {@code --measure-knee}, its knee search's
 * {@code screens/knees.json}). Times from JMeter's samples that started in the measured period;
 * borrow waits from the webapp's own record.
 */
public final class PlanShortScreen implements ShortScreenMeasurement {
    @Override
    public int run(String name, List<String> args) {
        return Cli.execute(new AuroraCommand(), name, args.toArray(String[]::new));
    }

    @Override
    public List<MeasuredShortScreen> read(Path out) throws IOException {
        AuroraData.Summary summary = AuroraResults.summary(out).orElseThrow(() -> new IOException("no "
                + AuroraResults.summaryFile(out) + ": the Aurora run wrote no report"));
        List<MeasuredShortScreen> list = new ArrayList<>();
        for (RunStats r : summary.runs()) {
            r.screens().stream().filter(s -> s.screen().equals("short") && s.n() > 0).findFirst().ifPresent(s ->
                    list.add(new MeasuredShortScreen(r.id(), s.n(), s.errors(), s.medianMs(), s.p90Ms(), s.p99Ms(),
                            s.maxMs(), s.borrowP99Ms(), s.borrowMaxMs(), r.targetPerSecond(), r.achievedPerSecond(),
                            r.measuredSeconds())));
        }
        return list;
    }

    @Override
    public List<MeasuredKnee> readKnees(Path out, double perSecondAtOne) throws IOException {
        Path file = AuroraResults.kneesFile(out);
        if (!Files.isRegularFile(file)) {
            throw new IOException("no " + file + ": the knee search wrote no results");
        }
        List<MeasuredKnee> list = new ArrayList<>();
        for (KneeResult r : KneeReport.read(file)) {
            Double model = r.model() == null ? null : r.model().predicted();
            list.add(new MeasuredKnee(r.status(), r.knee() == null ? null : r.knee() * perSecondAtOne,
                    r.low() * perSecondAtOne, r.high() * perSecondAtOne, r.cells().stream()
                    .mapToDouble(KneeResult.CellRun::load).max().orElse(Double.NaN) * perSecondAtOne,
                    model == null ? null : model * perSecondAtOne, r.standInRttMs(), r.cells().size()));
        }
        return list;
    }

    @Override
    public Path report(Path out) {
        return AuroraResults.summaryPage(out);
    }
}
