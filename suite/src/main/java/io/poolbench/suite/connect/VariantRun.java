package io.poolbench.suite.connect;

import io.poolbench.suite.tools.Pgbench;
import io.poolbench.suite.tools.PostgresBackend;
import io.poolbench.suite.tools.ServerPooler;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.load.ErrorBudget;
import io.poolbench.testbed.load.PoolFill;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.process.ProcessCpu;
import io.poolbench.testbed.profile.PoolProfile;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.sql.DataSource;

/** One run of one variant of the connect sweep, as a round runs it. */
final class VariantRun {
    private final ConnectSettings settings;

    /** @param settings the checked settings */
    VariantRun(ConnectSettings settings) {
        this.settings = settings;
    }

    /**
     * Runs one variant once: the Java client through the profile's pool (filled before the clock) or a new
     * connection per transaction, or pgbench directly or through its pooler; CPU per process over the run.
     *
     * @param v the variant
     * @param tx transactions per client
     * @param database the database
     * @param backend how clients reach it
     * @param pgbench pgbench's executable, or null when it is not installed
     * @param pooler the pooler pgbench goes through, or null
     * @param dir the run directory
     * @return the run's figures
     * @throws TestbedException when no transaction succeeded or the failed ones pass the error budget
     * @throws Exception when the client or pgbench cannot run
     */
    ConnectData.Run once(ConnectExperiment.Variant v, int tx, Database database, PostgresBackend backend, Path pgbench,
            ServerPooler pooler, Path dir) throws Exception {
        ProcessCpu cpu = new ProcessCpu();
        database.serverPid().ifPresent(p -> cpu.watch("server", p));
        if (pooler != null && v.client().equals("pgbench") && !v.route().equals("direct")) {
            cpu.watch("pooler", pooler.pid());
        }
        if (v.client().equals("java")) {
            cpu.watch("client", ProcessHandle.current().pid());
        }
        cpu.start();
        if (v.client().equals("java")) {
            Map<String, String> overrides = new HashMap<>();
            int size = settings.poolSize();
            for (String a : v.profile().kind().adapter().sizeAttributes()) {
                overrides.put(a, Integer.toString(size));
            }
            DataSource ds = v.profile().createDataSource(DatabaseOptions.vars(database), overrides);
            ConnectPerTransaction.JavaRun jr;
            try {
                if (v.profile().kind().adapter().pooled()) {
                    // a service's pool is warm, as a pooler is after its first run: filled before the clock starts
                    PoolFill.fill(ds, size);
                }
                cpu.start();
                jr = ConnectPerTransaction.run(ds, settings.clients(), tx, settings.scale());
            } finally {
                PoolProfile.close(ds);
            }
            if (jr.processed() == 0) {
                throw new TestbedException("no transaction succeeded: " + jr.firstError());
            }
            String over = ErrorBudget.exceeded(jr.failed(), jr.processed() + jr.failed(), "transactions",
                    settings.maxErrorPercent());
            if (over != null) {
                throw new TestbedException(over + "; the first error: " + jr.firstError());
            }
            return new ConnectData.Run(jr.processed(), jr.failed(), jr.elapsedS(), jr.tpsIncluding(),
                    jr.tpsExcluding(settings.clients()), jr.avgConnectMs(), "", jr.firstError(), null, null, null, null,
                    cores(cpu, null));
        } else {
            int port = v.route().equals("direct") ? backend.port() : pooler.port();
            Pgbench.Run pr = Pgbench.run(pgbench, backend.host(), port, backend.user(), backend.password(),
                    backend.database(), v.reconnect(), settings.clients(), settings.pgbenchThreads(), tx,
                    dir.resolve("connect").resolve("pgbench.log"));
            Pgbench.Result res = pr.result();
            if (res.processed() == 0) {
                throw new TestbedException("pgbench processed no transaction");
            }
            String over = ErrorBudget.exceeded(res.failed(), res.processed() + res.failed(), "transactions",
                    settings.maxErrorPercent());
            if (over != null) {
                throw new TestbedException("pgbench: " + over + " (log: " + dir.resolve("connect").resolve("pgbench.log")
                        + ")");
            }
            // pgbench's own CPU over its wall time: the client's cores
            return new ConnectData.Run(res.processed(), res.failed(), res.processed() / res.tpsIncluding(),
                    res.tpsIncluding(), res.tpsExcluding(), res.avgConnectMs(), res.derived(), null, res.threads(),
                    res.latencyAvgMs(), pr.cpuSeconds(), pr.wallSeconds(), cores(cpu, pr.cpuSeconds()
                            / pr.wallSeconds()));
        }
    }

    /**
     * @param cpu the run's CPU sampler, stopped here
     * @param clientCores the client's cores when measured apart (pgbench), or null
     * @return cores busy per process
     */
    private static Map<String, Double> cores(ProcessCpu cpu, Double clientCores) {
        Map<String, Double> cores = new LinkedHashMap<>();
        for (ProcessCpu.Usage u : cpu.stop()) {
            cores.put(u.name(), u.cores());
        }
        if (clientCores != null) {
            cores.put("client", clientCores);
        }
        return cores;
    }
}
