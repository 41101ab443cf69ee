package io.poolbench.toxiproxy.tcp;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Docker;
import io.poolbench.testbed.fault.FaultKind;
import io.poolbench.testbed.process.ParentWatch;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.run.RunEnd;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.testbed.stats.Rounds;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.ToLongBiFunction;

/**
 * Runs the TCP-level faults: a writer (MySQL, or MariaDB where no registry is reachable) and a client namespace on
 * one Docker network of the project's own, the client's TCP timers set in its namespace ({@code docker run
 * --sysctl}, never on the host), and per profile, fault and round a client JVM of its own ({@link TcpFaultClient})
 * started in that namespace with the profile's pool pointed straight at the writer's address: no proxy in between.
 * Per run: the client's load until it serves, {@code steadyMs} more, the drop in the writer's firewall ({@link
 * WriterFirewall}), for the reboot the resets after {@code rebootAfterMs}, then the wait the caller sets (from its
 * prediction, capped), the client stopped (the requests still waiting written as unfinished), the rules removed and
 * the writer's leftover sessions killed. Every run is a phase of the run record: a run without a result is failed,
 * never left out. The containers go at the end, also on failure; the leftover sweep removes them after a kill -9.
 */
public final class TcpFaultRunner {
    /** Each run's result, in its directory ({@code <out>/<fault>/<profile>/run-<round>/}). */
    public static final String RESULT = "result.json";

    private final TcpFaultSettings s;
    private final Consumer<String> log;
    private final RunRecord record;
    private final String phasePrefix;
    private final Map<String, String> names = new HashMap<>();

    /**
     * @param settings what to run
     * @param log progress lines
     * @param record the run record its phases go into, or null (tests)
     * @param phasePrefix the prefix of its phase ids, e.g. {@code tcp/}
     */
    public TcpFaultRunner(TcpFaultSettings settings, Consumer<String> log, RunRecord record, String phasePrefix) {
        this.s = settings;
        this.log = log;
        this.record = record;
        this.phasePrefix = phasePrefix;
    }

    /**
     * Checks, before anything starts, that this host can make the faults.
     *
     * @throws TestbedException one line naming what is missing: Linux, root, nsenter, iptables, Docker
     */
    public static void requireHost() {
        Netns.requireHost();
        if (!Docker.available()) {
            throw new TestbedException("the TCP-level faults need Docker (the writer and the client's namespace are"
                    + " containers) and no Docker engine answers: start dockerd (see .ci/run)");
        }
    }

    /** @return a run's directory under the settings' {@code out} */
    private Path dir(String profileName, FaultKind f, int round) {
        return s.out().resolve(f.id()).resolve(profileName).resolve("run-" + round);
    }

    /**
     * @param out a measurement's {@code out} directory
     * @param profileName a profile's name
     * @param f a fault
     * @return every run of that profile and fault that wrote a result, by round
     * @throws IOException when a result cannot be read
     */
    public static List<TcpFaultRun> results(Path out, String profileName, FaultKind f) throws IOException {
        Path runs = out.resolve(f.id()).resolve(profileName);
        List<TcpFaultRun> list = new ArrayList<>();
        if (!Files.isDirectory(runs)) {
            return list;
        }
        try (var dirs = Files.list(runs)) {
            for (Path d : dirs.sorted().toList()) {
                if (Files.isRegularFile(d.resolve(RESULT))) {
                    list.add(ResultJson.MAPPER.readValue(d.resolve(RESULT).toFile(), TcpFaultRun.class));
                }
            }
        }
        return list;
    }

    /**
     * Runs every fault for every profile, in rounds.
     *
     * @param windowMs how long to wait after the drop for a profile's file and a fault, ms (the caller's prediction
     *     with a margin); capped at {@link TcpFaultSettings#CAP_MS}
     * @return every run that produced a result
     * @throws InterruptedException when interrupted (what finished is kept)
     * @throws TestbedException when the containers cannot start
     */
    public List<TcpFaultRun> run(ToLongBiFunction<String, FaultKind> windowMs) throws InterruptedException {
        Map<String, Phase> phases = new TreeMap<>();
        if (record != null) {
            for (FaultKind f : s.faults()) {
                for (int r = 1; r <= s.rounds(); r++) {
                    for (String p : s.profiles()) {
                        String id = phaseId(f, p, r);
                        phases.put(id, record.plan(id, f.label() + " at the TCP level, profile " + name(p)
                                + ", round " + r));
                    }
                }
            }
        }
        List<TcpFaultRun> all = new ArrayList<>();
        TcpStandIn started;
        try {
            started = TcpStandIn.start(s.mysqlImage(), s.timers(), log);
        } catch (TestbedException e) {
            // no run can have a result: each is failed with the reason, not left out
            log.accept("FAILED, no TCP-level run: " + Redact.oneLine(e.getMessage()));
            phases.values().forEach(ph -> {
                if (ph.start()) {
                    ph.failed(Redact.oneLine(e.getMessage()));
                }
            });
            return all;
        }
        try (TcpStandIn standIn = started) {
            for (FaultKind f : s.faults()) {
                for (int r = 1; r <= s.rounds(); r++) {
                    for (String p : Rounds.order(s.profiles(), r)) {
                        Phase ph = phases.get(phaseId(f, p, r));
                        if (ph != null && !ph.start()) {
                            return all;
                        }
                        long window = Math.min(TcpFaultSettings.CAP_MS, Math.max(10_000, windowMs.applyAsLong(p, f)));
                        log.accept(f.label() + ", " + name(p) + ", round " + r + ": waiting up to " + window / 1000
                                + " s after the drop");
                        try {
                            TcpFaultRun run = runOne(p, f, r, window, standIn);
                            all.add(run);
                            log.accept("  " + run.line());
                            if (ph != null) {
                                ph.ok(run.line());
                            }
                        } catch (InterruptedException e) {
                            throw e;
                        } catch (Exception e) {
                            String why = e instanceof TestbedException ? e.getMessage() : e.toString();
                            log.accept(RunEnd.shuttingDown() ? "  run stopped by the interruption, no result"
                                    : "  run FAILED, no result: " + Redact.oneLine(why));
                            if (ph != null) {
                                ph.failed(Redact.oneLine(why));
                            }
                        } finally {
                            quietly(standIn.firewall());
                        }
                        if (record != null && record.interrupted()) {
                            return all;
                        }
                    }
                }
            }
            return all;
        }
    }

    private String phaseId(FaultKind f, String profile, int round) {
        return phasePrefix + f.id() + ":" + name(profile) + ":" + round;
    }

    /** @return the profile's name, its file read once */
    private String name(String profile) {
        return names.computeIfAbsent(profile, p -> PoolProfile.load(Path.of(p)).name());
    }


    private TcpFaultRun runOne(String profile, FaultKind f, int round, long windowMs, TcpStandIn standIn)
            throws Exception {
        WriterFirewall firewall = standIn.firewall();
        Path dir = dir(name(profile), f, round);
        Files.createDirectories(dir);
        Path csv = dir.resolve("requests.csv");
        Files.deleteIfExists(csv);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m"));
        String window = System.getProperty("com.zaxxer.hikari.aliveBypassWindowMs");
        if (window != null) {
            cmd.add("-Dcom.zaxxer.hikari.aliveBypassWindowMs=" + window);
        }
        Path hosts = dir.resolve("hosts");
        boolean byName = f == FaultKind.DNS_FLIP;
        if (byName) {
            standIn.startPromoted(s.mysqlImage(), log);
            standIn.resolve(hosts, false);
            // the JVM's own cache in front of the hosts file, as in front of DNS; no cache of failed lookups
            cmd.addAll(List.of("-Djdk.net.hosts.file=" + hosts, "-Dsun.net.inetaddr.ttl=" + s.jvmDnsTtlMs() / 1000,
                    "-Dsun.net.inetaddr.negative.ttl=0"));
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), TcpFaultClient.class.getName(), profile,
                Double.toString(s.ratePerSecond()), Integer.toString(KernelFaults.queryMs(f)), csv.toString()));
        ProcessBuilder pb = new ProcessBuilder(standIn.client().enter(cmd)).redirectErrorStream(true);
        (byName ? standIn.profileVars(TcpStandIn.WRITER_NAME) : standIn.profileVars()).forEach((k, v) ->
                pb.environment().put(TcpFaultClient.VAR_PREFIX + k, v));
        Path clientLog = dir.resolve("client.log");
        Process child = pb.redirectOutput(clientLog.toFile()).start();
        ParentWatch.guard(child.pid(), "TERM", null);
        long dropMs;
        try {
            awaitReady(child, clientLog);
            Thread.sleep(s.steadyMs());
            if (f == FaultKind.CRASH) {
                firewall.crash();
            } else {
                firewall.drop();
            }
            dropMs = System.currentTimeMillis();
            if (f == FaultKind.REBOOT) {
                Thread.sleep(s.rebootAfterMs());
                firewall.reset();
            }
            if (byName) {
                Thread.sleep(TcpFaultSettings.PROMOTE_MS + TcpFaultSettings.RECORD_TTL_MS);
                standIn.resolve(hosts, true);
            }
            long left = dropMs + windowMs - System.currentTimeMillis();
            if (left > 0) {
                Thread.sleep(left);
            }
            if (!child.isAlive()) {
                // a client that died during the run wrote neither its late requests nor the ones still waiting
                throw new TestbedException("the client exited with code " + child.exitValue() + " during the run,"
                        + " before its end: no result (" + clientLog + ")");
            }
        } finally {
            child.destroy();
            if (!child.waitFor(15, TimeUnit.SECONDS)) {
                child.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
        firewall.heal();
        standIn.killSessions();
        if (!Files.isRegularFile(csv)) {
            throw new TestbedException("the client wrote no requests (" + clientLog + ")");
        }
        List<TcpFaultSample> counted = TcpFaultSample.read(csv).stream().filter(x -> KernelFaults.counts(f, x, dropMs)).toList();
        TcpFaultRun run = TcpFaultRun.of(name(profile), f, round, windowMs, dropMs, counted, dir.toString());
        ResultJson.MAPPER.writeValue(dir.resolve(RESULT).toFile(), run);
        return run;
    }

    /** Waits until the client has served a request; fails with its last lines when it ends or takes over 60 s. */
    private static void awaitReady(Process child, Path clientLog) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            if (Files.isRegularFile(clientLog) && Files.readAllLines(clientLog, StandardCharsets.UTF_8).stream()
                    .anyMatch(TcpFaultClient.READY::equals)) {
                return;
            }
            if (!child.isAlive()) {
                throw new TestbedException("the client ended before it served (exit " + child.exitValue() + "): "
                        + tail(clientLog));
            }
            Thread.sleep(100);
        }
        throw new TestbedException("the client served no request within 60 s: " + tail(clientLog));
    }

    private static String tail(Path log) throws IOException {
        if (!Files.isRegularFile(log)) {
            return "no output";
        }
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return Redact.oneLine(String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size())));
    }

    private static void quietly(WriterFirewall firewall) {
        try {
            firewall.heal();
        } catch (IOException | InterruptedException e) {
            // the container goes at the end, and its rules with it
        }
    }
}
