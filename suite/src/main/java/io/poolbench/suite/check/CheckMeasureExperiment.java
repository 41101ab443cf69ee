package io.poolbench.suite.check;

import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.AbstractScenario;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.toxiproxy.drill.DrillRunner;
import io.poolbench.toxiproxy.tcp.TcpFaultRunner;
import io.poolbench.toxiproxy.tcp.TcpFaultSettings;
import java.time.LocalTime;
import java.util.List;

/**
 * {@code check --measure}: the faults {@code check} predicts, carried out on the stand-in cluster, so that each
 * prediction prints beside what happened.
 *
 * <p>Per fault (each stall of {@code --stall}, then an unplanned failover) and round, every configuration runs once,
 * in an order that rotates from round to round, on a fresh cluster: MariaDB writer and replica behind Toxiproxy,
 * the webapp in this JVM with the configuration's own pool pointed at the writer endpoint, and an open-loop load at
 * {@code --rate} (a quarter of it writes; requests are counted from after a 300-request warm-up). A stall holds the
 * writer's network in both directions ({@link FaultKind#STALL}); the unplanned failover
 * silences the writer, promotes the replica after {@code --promote-s} and moves the endpoint, and reboots the old
 * writer {@value MeasureSettings#REBOOT_AFTER_PROMOTION_SECONDS} s later, which cuts what still hangs on it
 * ({@link FaultKind#UNPLANNED_FAILOVER}). Each run is a phase
 * ({@code stall-5s/stall:<profile>:<round>}); a run that produced no result is failed, never left out.
 *
 * <p>With {@code --tcp-faults}, then the faults at the TCP level ({@link io.poolbench.toxiproxy.tcp.FaultKind}),
 * where no proxy stands between the pool and the writer and the client's own kernel, at scaled timers, ends the
 * waits: each predicted at the same timers ({@link TcpFaultPrediction}) and at Linux's defaults beside.
 *
 * <p>Easy to overlook: the stand-in is not production. Its endpoint name resolves without a DNS cache, and the old
 * writer's reboot bounds a hanging query; so the predictions beside the measurements are recomputed for the
 * stand-in ({@link CheckMeasureReport#standIn}), and the page says where they differ from the production ones.
 */
final class CheckMeasureExperiment extends AbstractScenario {
    private final MeasureSettings settings;
    private final List<CheckResult> predicted;

    /**
     * @param settings the checked settings
     * @param predicted the production predictions, written beside the runs
     */
    CheckMeasureExperiment(MeasureSettings settings, List<CheckResult> predicted) {
        super("check --measure", settings, CheckMeasureReport::write);
        this.settings = settings;
        this.predicted = predicted;
    }

    @Override
    public String logFile() {
        return "check.log";
    }

    @Override
    public void run(RunRecord record, Progress progress) throws Exception {
        ResultJson.MAPPER.writeValue(record.dir().resolve(CheckMeasureReport.PREDICTED).toFile(), predicted);
        ResultJson.MAPPER.writeValue(record.dir().resolve(CheckMeasureReport.SETTINGS).toFile(), settings);
        // the stand-in's predictions, with the model's commit, before the first fault
        FrozenPredictions.of(predicted, settings, Manifest.commit()).writeTo(record.dir());
        if (!settings.tcpOnly()) {
            standIn(record, progress);
        }
        if (settings.tcpFaults().isEmpty() || record.interrupted()) {
            return;
        }
        TcpFaultSettings tcp = settings.tcp();
        new TcpFaultRunner(tcp, line -> progress.print("[" + LocalTime.now().withNano(0) + "] "
                + MeasureSettings.TCP + ": " + line), record, MeasureSettings.TCP + "/").run((profile, fault) -> {
                    // the run waits for the predicted longest wait and half again, plus 5 s
                    long ms = TcpFaultPrediction.runMs(predicted.get(settings.profiles().indexOf(profile)), fault,
                            tcp);
                    return ms < 0 ? Long.MAX_VALUE : ms + ms / 2 + 5_000;
                });
    }

    /** The stand-in's faults: every stall, then each failover. */
    private void standIn(RunRecord record, Progress progress) throws Exception {
        for (int stall : settings.stallSeconds()) {
            String id = CheckMeasureReport.stallId(stall);
            runner(id, stall, progress).recordTo(record, id + "/").run(List.of(FaultKind.STALL));
            if (record.interrupted()) {
                return;
            }
        }
        for (FaultKind f : settings.failovers()) {
            runner(f.id(), 1, progress).recordTo(record, f.id() + "/").run(List.of(f));
            if (record.interrupted()) {
                return;
            }
        }
    }

    private DrillRunner runner(String id, int stall, Progress progress) {
        return new DrillRunner(settings.drills(stall, settings.out().resolve(id)), line -> progress.print("["
                + LocalTime.now().withNano(0) + "] " + id + ": " + line));
    }
}
