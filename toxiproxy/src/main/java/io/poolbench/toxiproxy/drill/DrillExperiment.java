package io.poolbench.toxiproxy.drill;

import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.run.AbstractScenario;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.toxiproxy.DrillCluster;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalTime;
import java.util.List;

/**
 * The drills as a scenario: each chosen drill ({@link FaultKind}, those of {@link Injections#DRILLS}) for each profile and round, one phase
 * each ({@code <drill>:<profile>:<round>}), run by {@link DrillRunner} against the cluster (Testcontainers, or the
 * user's own with {@code --external}); then {@link DrillReport}.
 */
final class DrillExperiment extends AbstractScenario {
    private final DrillSettings settings;
    private final List<FaultKind> drills;
    private final DrillCluster external;

    /**
     * @param settings the checked settings
     * @param drills the drills in order
     * @param external the user's cluster, or null for Testcontainers (closed at the end either way)
     */
    DrillExperiment(DrillSettings settings, List<FaultKind> drills, DrillCluster external) {
        super("drill", settings, dir -> DrillReport.write(dir, settings));
        this.settings = settings;
        this.drills = drills;
        this.external = external;
    }

    /** @return {@code drills.log}: driver stack traces during injections go there, not to the console */
    @Override
    public String logFile() {
        return "drills.log";
    }

    @Override
    public void run(RunRecord record, Progress progress) throws Exception {
        progress.print("poolbench drill: run directory " + record.dir() + " (library logs: "
                + record.dir().resolve(logFile()) + ")");
        try {
            new DrillRunner(settings, line -> progress.print("[" + LocalTime.now().withNano(0) + "] " + line),
                    external).recordTo(record).run(drills);
        } finally {
            if (external != null) {
                external.close();
            }
        }
    }
}
