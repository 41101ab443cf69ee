package io.poolbench.suite.check;

import io.poolbench.testbed.AtomicFile;
import io.poolbench.testbed.fault.Fault;
import io.poolbench.testbed.fault.FaultChain;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.fault.Load;
import io.poolbench.testbed.fault.Network;
import io.poolbench.testbed.fault.Prediction;
import io.poolbench.testbed.fault.TcpTimers;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.toxiproxy.tcp.KernelFaults;
import io.poolbench.toxiproxy.tcp.TcpWait;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code check --measure}'s predictions for the stand-in, written into the run directory with poolbench's commit
 * before the first fault runs ({@value #FILE}), and read back by the report, so that what is set beside a measurement
 * is what the model said before it, not a model revised after it (a report rebuilt by a later version still shows
 * them). Each is the model's pure function of the checked configuration and the run's settings: a stall or failover
 * of the stand-in ({@link CheckMeasureReport#standIn}: no DNS cache, the old writer's reboot), and each TCP-level
 * fault's wait at the run's scaled timers and at Linux's defaults ({@link TcpFaultPrediction}).
 *
 * @param commit the poolbench commit that computed them
 * @param writtenAt when, ISO-8601: before the first fault ran
 * @param standIn per configuration and fault of the stand-in
 * @param tcp per configuration, TCP-level fault and wait
 */
public record FrozenPredictions(String commit, String writtenAt, List<StandIn> standIn, List<Tcp> tcp) {
    /** The file, in the run directory. */
    static final String FILE = "predictions-stand-in.json";

    /**
     * @param profile the configuration's name
     * @param fault the fault's label ({@link Fault#label})
     * @param prediction the model's prediction on the stand-in
     */
    public record StandIn(String profile, String fault, Prediction prediction) {
    }

    /**
     * @param profile the configuration's name
     * @param fault the TCP-level fault
     * @param what the wait it ends
     * @param predicted at the run's scaled timers
     * @param production at Linux's defaults
     */
    public record Tcp(String profile, FaultKind fault, TcpWait what, PredictedTcpWait predicted,
            PredictedTcpWait production) {
    }

    /**
     * @param predicted the production predictions of the configurations measured
     * @param s the run's settings
     * @param commit the poolbench commit
     * @return every prediction the run's page will set beside a measurement
     */
    static FrozenPredictions of(List<CheckResult> predicted, MeasureSettings s, String commit) {
        List<StandIn> standIn = new ArrayList<>();
        List<Tcp> tcp = new ArrayList<>();
        for (CheckResult r : predicted) {
            CheckedPool p = r.pool();
            Load load = new Load(s.ratePerSecond(), r.load().holdMs(), r.load().longestQueryMs());
            List<Fault> faults = new ArrayList<>();
            if (!s.tcpOnly()) {
                s.stallSeconds().forEach(stall -> faults.add(Fault.stall(stall * 1000L)));
                s.failovers().forEach(f -> faults.add(Fault.of(f)));
            }
            for (Fault f : faults) {
                Network network = CheckMeasureReport.standIn(f, s);
                standIn.add(new StandIn(p.name(), f.label(), new FaultChain(p.timeouts(), p.driver(), network, load)
                        .predict(f)));
            }
            for (FaultKind f : s.tcpFaults()) {
                for (TcpWait w : KernelFaults.waits(f)) {
                    tcp.add(new Tcp(p.name(), f, w, TcpFaultPrediction.predict(r, f, w, s.tcp().timers(), s.tcp(),
                            s.tcp().jvmDnsTtlMs()), TcpFaultPrediction.predict(r, f, w, TcpTimers.LINUX, s.tcp(),
                            Network.JVM_DNS_TTL_MS)));
                }
            }
        }
        return new FrozenPredictions(commit, Instant.now().toString(), standIn, tcp);
    }

    /**
     * @param dir the run directory
     * @throws IOException when the file cannot be written
     */
    void writeTo(Path dir) throws IOException {
        AtomicFile.write(dir.resolve(FILE), out -> ResultJson.MAPPER.writeValue(out, this));
    }

    /**
     * @param dir the run directory
     * @param predicted the production predictions it holds
     * @param s its settings
     * @return what the run wrote before its first fault; for a run directory older than the file, the predictions
     *     computed now, their commit saying so
     * @throws IOException when the file exists and cannot be read (never replaced by predictions made now)
     */
    static FrozenPredictions read(Path dir, List<CheckResult> predicted, MeasureSettings s) throws IOException {
        Path f = dir.resolve(FILE);
        if (!Files.exists(f)) {
            return of(predicted, s, "computed by this version at report time: the run wrote no " + FILE);
        }
        return ResultJson.MAPPER.readValue(f.toFile(), FrozenPredictions.class);
    }

    /**
     * @param profile a configuration's name
     * @param fault a fault's label
     * @return its prediction on the stand-in
     * @throws IllegalStateException when the run predicted none for it
     */
    Prediction standIn(String profile, String fault) {
        return standIn.stream().filter(x -> x.profile().equals(profile) && x.fault().equals(fault)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no prediction for " + profile + ", " + fault))
                .prediction();
    }

    /**
     * @param profile a configuration's name
     * @param fault a TCP-level fault
     * @param wait the wait
     * @return its predictions at the run's timers and at Linux's
     * @throws IllegalStateException when the run predicted none for it
     */
    Tcp tcp(String profile, FaultKind fault, TcpWait wait) {
        return tcp.stream().filter(x -> x.profile().equals(profile) && x.fault() == fault && x.what() == wait)
                .findFirst().orElseThrow(() -> new IllegalStateException("no prediction for " + profile + ", "
                        + fault + ", " + wait));
    }
}
