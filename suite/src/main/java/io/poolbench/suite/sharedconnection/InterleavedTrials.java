package io.poolbench.suite.sharedconnection;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.tools.PgBouncer;
import io.poolbench.testbed.Figures;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.load.ErrorBudget;
import io.poolbench.testbed.process.ProcessCpu;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.run.Progress;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Every variant under one load condition, interleaved: per thread count one warm-up trial of each variant, then
 * {@code --trials} rounds in which every variant runs one trial, the order rotating each round, so a load that
 * drifts (the background JVM warms up, the server's caches fill) falls on every variant alike. Each variant's trials
 * are written as they finish ({@code <load>-<variant>.json}), the CPU over the period ({@code <load>-period.json}),
 * and each variant's phase ends ok or failed against the error budget.
 */
final class InterleavedTrials {
    private static final ObjectMapper JSON = ResultJson.MAPPER;
    private final SharedConnectionSettings settings;
    private final List<PoolProfile> pools;
    private final List<String> variants;
    private final Map<String, Phase> phases;
    private final Database database;
    private final PgBouncer bouncer;
    private final Path data;
    private final Progress progress;

    /**
     * @param settings the checked settings
     * @param pools the pool profiles
     * @param variants the variants in a round's first order
     * @param phases each variant's phase under each load, keyed {@code load/variant}
     * @param database the database
     * @param bouncer PgBouncer, or null when it does not run
     * @param data the scenario's directory
     * @param progress where progress lines go
     */
    InterleavedTrials(SharedConnectionSettings settings, List<PoolProfile> pools, List<String> variants,
            Map<String, Phase> phases, Database database, PgBouncer bouncer, Path data, Progress progress) {
        this.settings = settings;
        this.pools = pools;
        this.variants = variants;
        this.phases = phases;
        this.database = database;
        this.bouncer = bouncer;
        this.data = data;
        this.progress = progress;
    }

    /**
     * @param loadName the load condition, e.g. {@code none} or {@code cross-join}
     * @param counts the thread counts under it
     * @param loadProcess the background load's JVM, or null for none
     * @param counter the background load's counts of queries and errors
     * @return false when the run was interrupted
     * @throws Exception when a trial cannot be carried out (its phases are failed first)
     */
    boolean run(String loadName, List<Integer> counts, Process loadProcess, BackgroundLoadProcess.LoadCounter counter)
            throws Exception {
        Map<String, SharedConnectionTrial.Client> clients = new LinkedHashMap<>();
        Map<String, DataSource> pooled = new LinkedHashMap<>();
        Map<String, SharedConnectionData.Trials> results = new LinkedHashMap<>();
        try {
            if (!open(loadName, clients, pooled, results)) {
                return false;
            }
            ProcessCpu cpu = new ProcessCpu().watch("client", ProcessHandle.current().pid());
            database.serverPid().ifPresent(p -> cpu.watch("server", p));
            if (loadProcess != null) {
                cpu.watch("load", loadProcess.pid());
            }
            if (bouncer != null && clients.containsKey("pgbouncer")) {
                cpu.watch("pgbouncer", bouncer.pid());
            }
            long q0 = counter.queries();
            cpu.start();
            List<String> live = new ArrayList<>(clients.keySet());
            for (int c : counts) {
                trials(loadName, c, live, clients, results, loadProcess);
            }
            double wall = 0;
            Map<String, Double> cores = new LinkedHashMap<>();
            for (ProcessCpu.Usage u : cpu.stop()) {
                cores.put(u.name(), u.cores());
                wall = u.wallSeconds();
            }
            // the load reports its totals once a second: over a shorter period its rate is not measured (null, left
            // out of the report), never a measured 0
            SharedConnectionData.Period period = new SharedConnectionData.Period(cores, wall,
                    loadProcess != null && wall >= 2 ? (counter.queries() - q0) / wall : null,
                    loadProcess != null ? counter.errors() : null);
            JSON.writeValue(data.resolve(loadName + "-period.json").toFile(), period);
            judge(loadName, live, results, counts);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            for (String v : clients.keySet()) {
                phases.get(loadName + "/" + v).failed(Redact.rootMessage(e));
            }
            return true;
        } finally {
            clients.values().forEach(SharedConnectionTrial.Client::close);
            pooled.values().forEach(PoolProfile::close);
        }
    }

    /**
     * Starts each variant's phase and opens its client (a variant whose set-up fails is failed and left out).
     *
     * @return false when the run was interrupted
     */
    private boolean open(String loadName, Map<String, SharedConnectionTrial.Client> clients,
            Map<String, DataSource> pooled, Map<String, SharedConnectionData.Trials> results) {
    for (String v : variants) {
        Phase ph = phases.get(loadName + "/" + v);
        if (!ph.start()) {
            return false;
        }
        long t0 = System.nanoTime();
        try {
            clients.put(v, ClientVariants.open(v, pools, settings.poolSize(), database, bouncer, pooled));
        } catch (Exception e) {
            ph.failed("setup: " + Redact.rootMessage(e));
            continue;
        }
        results.put(v, new SharedConnectionData.Trials(v, ClientVariants.label(v, pools), loadName,
                (System.nanoTime() - t0) / 1e6,
                new LinkedHashMap<>()));
    }
        return true;
    }

    /** One thread count: a warm-up trial of each variant, then the rounds; each variant's trials written. */
    private void trials(String loadName, int c, List<String> live, Map<String, SharedConnectionTrial.Client> clients,
            Map<String, SharedConnectionData.Trials> results, Process loadProcess) throws Exception {
        int n = settings.trials();
        Map<String, List<Double>> ms = new LinkedHashMap<>();
        Map<String, List<Double>> withConnecting = new LinkedHashMap<>();
        Map<String, Integer> errors = new LinkedHashMap<>();
        Map<String, String> firstError = new LinkedHashMap<>();
        for (int round = -1; round < n; round++) {
            for (int k = 0; k < live.size(); k++) {
                String v = live.get(Math.floorMod(k + round, live.size()));
                if (loadProcess != null && !loadProcess.isAlive()) {
                    throw new TestbedException("the background load exited with code "
                            + loadProcess.exitValue() + " (log: " + data.resolve("load.log") + ")");
                }
                SharedConnectionTrial.Trial tr = SharedConnectionTrial.trial(clients.get(v), c);
                if (round < 0) {
                    continue;
                }
                ms.computeIfAbsent(v, x -> new ArrayList<>()).add(tr.elapsedMs());
                if (settings.withConnecting()) {
                    SharedConnectionTrial.Trial cold = ClientVariants.withConnecting(v, pools, settings.poolSize(),
                            database, bouncer, c);
                    withConnecting.computeIfAbsent(v, x -> new ArrayList<>()).add(cold.elapsedMs());
                    errors.merge(v, cold.errors(), Integer::sum);
                }
                errors.merge(v, tr.errors(), Integer::sum);
                if (tr.firstError() != null) {
                    firstError.putIfAbsent(v, tr.firstError());
                }
            }
        }
        for (String v : live) {
            results.get(v).trials().put(Integer.toString(c), new SharedConnectionData.Trial(ms.get(v), errors.get(v),
                    firstError.get(v), withConnecting.get(v)));
            JSON.writeValue(data.resolve(loadName + "-" + v + ".json").toFile(), results.get(v));
            progress.detail(v, String.format(Locale.ROOT, "%d threads: mean %.1f ms over %d trials%s", c,
                    Figures.mean(ms.get(v)), n, errors.get(v) > 0 ? ", " + errors.get(v)
                            + " failed queries" : ""));
        }
    
    }

    /** Ends each variant's phase: failed when its failed queries pass the error budget, else ok. */
    private void judge(String loadName, List<String> live, Map<String, SharedConnectionData.Trials> results,
            List<Integer> counts) throws IOException {
        int n = settings.trials();
        for (String v : live) {
            // the budget: every trial of a thread count c sends c queries
            long queries = 0;
            long failed = 0;
            String first = null;
            for (int c : counts) {
                SharedConnectionData.Trial t = results.get(v).trials().get(Integer.toString(c));
                queries += (long) c * n * (settings.withConnecting() ? 2 : 1);
                failed += t.errors();
                first = first != null ? first : t.firstError();
            }
            String over = ErrorBudget.exceeded(failed, queries, "queries", settings.maxErrorPercent());
            if (over != null) {
                phases.get(loadName + "/" + v).failed(over + "; the first error: " + first);
            } else {
                phases.get(loadName + "/" + v).ok(counts.size() + " thread counts × " + n + " trials,"
                        + " interleaved", data.resolve(loadName + "-" + v + ".json"));
            }
        }
    }
}
