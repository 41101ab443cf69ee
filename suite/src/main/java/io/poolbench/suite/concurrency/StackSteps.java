package io.poolbench.suite.concurrency;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.process.Artifacts;
import io.poolbench.suite.process.ChildWait;
import io.poolbench.suite.process.Children;
import io.poolbench.suite.process.JMeterCommand;
import io.poolbench.suite.process.JtlSummary;
import io.poolbench.suite.process.PoolSampler;
import io.poolbench.suite.process.WebappProcess;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.db.DatabaseWatch;
import io.poolbench.testbed.db.SchemaJournal;
import io.poolbench.testbed.load.ErrorBudget;
import io.poolbench.testbed.process.FreePort;
import io.poolbench.testbed.process.ProcessCpu;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.R2dbcProfile;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.Progress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The concurrency scenario's steps for one stack: the webapp started once with the stack's profile (its pool resized to the
 * sweep's pool size in a copy under the run directory), then one JMeter run per user count
 * ({@code concurrency.jmx}: N users at once, closed loop). A step's figures are the requests that completed in its
 * measured window, its rate their count ÷ the window's length (see {@link StepWindow}: every user running, after a warm-up); CPU per process (webapp, JMeter,
 * PostgreSQL with its backends) is measured over the same window. Each stack's steps are written to {@code concurrency/<index>/<stack>.json} as they
 * finish, so an interrupted run keeps them.
 */
public final class StackSteps {
    private static final ObjectMapper JSON = ResultJson.MAPPER;
    /** Longest JMeter may take to start every user thread, s (300 threads took 16 s with the CPU saturated). */
    static final int START_ALLOWANCE_S = 120;
    /** The index of the concurrency article's query, as {@code src/sql/schema.sql} creates it. */
    static final String INDEX = DataSet.ORDERS_INDEX;

    private final Artifacts art;
    private final Path plan;
    private final ConcurrencySettings settings;
    private final Database database;
    private final DatabaseWatch watch;
    private final Map<String, String> vars;
    private final Progress progress;

    StackSteps(Artifacts art, Path plan, ConcurrencySettings settings, Database database,
            Map<String, String> vars, Progress progress) {
        this.art = art;
        this.plan = plan;
        this.settings = settings;
        this.database = database;
        this.watch = DatabaseWatch.of(database);
        this.vars = vars;
        this.progress = progress;
    }

    /**
     * Creates or drops the concurrency article's index, then refreshes the planner's statistics.
     *
     * @param present true to create it (if missing), false to drop it (if there)
     * @throws TestbedException naming the statement when it fails
     */
    void setIndex(boolean present) {
        // dropping it is journalled in the database first (SchemaJournal): a run killed without its index gives it
        // back at the next run against the database
        String create = "CREATE INDEX IF NOT EXISTS " + INDEX + " ON orders (customer_id, created_at)";
        if (present) {
            SchemaJournal.undo(database, INDEX, create);
        } else {
            SchemaJournal.change(database, INDEX, "DROP INDEX IF EXISTS " + INDEX, create);
        }
        try (Connection c = database.connect(); Statement s = c.createStatement()) {
            s.execute("ANALYZE orders");
        } catch (SQLException e) {
            throw new TestbedException("\"ANALYZE orders\" failed: " + e.getMessage(), e);
        }
    }

    /**
     * Runs every user count against one stack.
     *
     * @param s the stack
     * @param index {@code with} or {@code without}
     * @param dir the stack's directory ({@code concurrency/<index>/<stack>/})
     * @param stepsBefore steps of the whole sweep already done (for the progress line)
     * @param totalSteps steps of the whole sweep
     * @param sweepStartNanos when the first step began
     * @return one line per step that failed (empty when all are ok)
     * @throws IOException when the webapp cannot start or files cannot be written
     * @throws InterruptedException when interrupted
     */
    List<String> runStack(Stack s, String index, Path dir, int stepsBefore, int totalSteps,
            long sweepStartNanos) throws IOException, InterruptedException {
        Path profile = resized(s, dir);
        List<ConcurrencyData.Step> steps = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        WebappProcess web = WebappProcess.start(art.webappJar(), List.of("-Xms512m", "-Xmx512m"),
                List.of("--context-xml", profile.toAbsolutePath().toString(),
                        "--max-threads", Integer.toString(settings.maxThreads()),
                        "--db", "external", "--jdbc-url", vars.get("poolbench.jdbc.url"), "--no-load-data",
                        "--rows", Integer.toString(settings.rows())),
                Map.of("POOLBENCH_JDBC_USER", vars.get("poolbench.jdbc.user"),
                        "POOLBENCH_JDBC_PASSWORD", vars.get("poolbench.jdbc.password")), dir, null);
        try {
            int i = stepsBefore;
            for (int users : settings.users()) {
                progress.step("concurrency", ++i, totalSteps, s.label() + ", " + index + " the index, " + users
                        + " users", sweepStartNanos);
                ConcurrencyData.Step r = step(s, web, users, Files.createDirectories(dir.resolve(users + "-users")));
                steps.add(r);
                write(dir, s, index, steps);
                if (r.failed() != null) {
                    problems.add(users + " users: " + r.failed());
                    if (!web.process().isAlive() || watch.get() != null) {
                        break; // the next steps would fail the same way
                    }
                } else {
                    progress.detail(s.id(), String.format(Locale.ROOT, "%d users: %.1f req/s, avg %.1f ms, P95 %d ms,"
                            + " p99 %d ms, max %d ms, %d errors of %d", users, r.reqPerSecond(), r.avgMs(), r.p95Ms(),
                            r.p99Ms(), r.maxMs(), r.errors(), r.requests()));
                }
            }
        } finally {
            web.close();
        }
        return problems;
    }

    /** A copy of the stack's profile with its pool sized to the sweep's pool size (fixed: initial = maximum). */
    private Path resized(Stack s, Path dir) {
        Path src = Path.of(s.file());
        Path target = dir.resolve(src.getFileName());
        String size = Integer.toString(settings.poolSize());
        if (s.r2dbc()) {
            R2dbcProfile p = R2dbcProfile.load(src);
            for (String a : R2dbcProfile.sizeAttributes()) {
                p = p.withAttribute(a, size, target);
            }
        } else {
            PoolProfile p = PoolProfile.load(src);
            for (String a : p.kind().adapter().sizeAttributes()) {
                p = p.withAttribute(a, size, target);
            }
        }
        return target;
    }

    private ConcurrencyData.Step step(Stack s, WebappProcess web, int users, Path dir)
            throws IOException, InterruptedException {
        Path results = dir.resolve("results.csv");
        int port = web.port();
        int shutdownPort = FreePort.pick();
        Path jmeterLog = dir.resolve("jmeter.log");
        List<String> cmd = jmeterCommand(s, port, users, results, jmeterLog, shutdownPort);
        ProcessCpu cpu = new ProcessCpu();
        cpu.watch("webapp", web.process().pid());
        database.serverPid().ifPresent(pid -> cpu.watch("database", pid));
        PoolSampler sampler = new PoolSampler(port, dir.resolve("pool.csv"));
        Map<String, Double> cores = new LinkedHashMap<>();
        Process jm = null;
        StepWindow w = new StepWindow(settings.warmupSeconds(), settings.stepSeconds());
        Thread control = null;
        try {
            Process p = Children.start(cmd, Map.of(), dir.resolve("jmeter.out"), null);
            jm = p;
            cpu.watch("jmeter", p.pid());
            Process webapp = web.process();
            control = new Thread(() -> w.run(p, jmeterLog, users, cpu, sampler, shutdownPort), "poolbench-step");
            control.setDaemon(true);
            control.start();
            // every wait has a deadline, and a dead webapp or database ends the step within seconds
            String gone = ChildWait.await(p, settings.warmupSeconds() + settings.stepSeconds() + 120L, "JMeter did not"
                    + " end within 120 s after the step's planned end and was stopped (log: " + jmeterLog + ")",
                    List.of(ChildWait.process("the webapp", webapp, dir.getParent().resolve("webapp.log")), watch));
            int rc = p.exitValue();
            Children.awaitOutput(p);
            control.interrupt();
            control.join(5_000);
            w.usage().forEach(x -> cores.put(x.name(), x.cores()));
            if (gone == null && !webapp.isAlive()) {
                gone = "the webapp exited with code " + webapp.exitValue() + " at the end of the step (log: "
                        + dir.getParent().resolve("webapp.log") + ")";
            }
            if (gone != null) {
                return unmeasured(users, cores, w, gone + "; JMeter was stopped");
            }
            if (rc != 0) {
                return unmeasured(users, cores, w, "JMeter exited with code " + rc + " (log: " + jmeterLog + ")");
            }
        } finally {
            if (control != null) {
                control.interrupt();
            }
            sampler.stop();
            Children.stop(jm, 5);
        }
        if (w.from() < 0 || w.to() < 0) {
            return unmeasured(users, cores, w, w.started() < users ? "only " + w.started() + " of " + users
                    + " JMeter users started within " + START_ALLOWANCE_S + " s" : "JMeter ended before the measured"
                    + " window closed (log: " + jmeterLog + ")");
        }
        if (!Files.isRegularFile(results)) {
            return unmeasured(users, cores, w, "JMeter recorded no samples (" + results + ")");
        }
        long from = w.from();
        JtlSummary.LabelStats all = JtlSummary.readCompletedIn(results, from, w.to()).get("all");
        JtlSummary.LabelStats warm = JtlSummary.readCompletedIn(results, 0, from).get("all");
        if (all == null || all.requests() == 0) {
            return unmeasured(users, cores, w, "no request completed in the measured window");
        }
        PoolSampler.PoolState ps = PoolSampler.poolState(dir.resolve("pool.csv"));
        ConcurrencyData.Step r = new ConcurrencyData.Step(users, cores, w.startedSeconds(), w.started(), null, all.requests(),
                all.errors(), all.throughput(), all.avgMs(), all.medianMs(), all.p95Ms(), all.p99Ms(), all.maxMs(),
                all.spanSeconds(), warm == null ? 0 : warm.requests(), all.errorsByCode(), ps.samples(),
                ps.maxWaiting(), ps.meanWaiting(), ps.maxActive());
        String over = ErrorBudget.exceeded(all.errors(), all.requests(), "requests", settings.maxErrorPercent());
        if (over != null) {
            return r.failed(over + ": " + all.errorsByCode());
        }
        return r;
    }

    /** @return the JMeter command of one step: its users in a closed loop against the stack's path */
    private List<String> jmeterCommand(Stack s, int port, int users, Path results, Path jmeterLog, int shutdownPort) {
        return JMeterCommand.of(art.jmeterJar(), plan, results, jmeterLog, 512)
                .property("host", "127.0.0.1").property("port", port).property("users", users)
                // a cap only: the step ends when poolbench sends Shutdown (see StepWindow)
                .property("duration", settings.warmupSeconds() + settings.stepSeconds() + START_ALLOWANCE_S)
                .property("rampup", 0).property("thinkMs", settings.thinkMs()).property("path", s.path())
                .property("customers", DataSet.ofOrders(settings.rows()).customers())
                .property("jmeterengine.nongui.port", shutdownPort)
                .property("jmeterengine.nongui.maxport", shutdownPort).build();
    }

    /** A step that ended without figures: why, and what was measured before it broke. */
    private static ConcurrencyData.Step unmeasured(int users, Map<String, Double> cores, StepWindow w, String why) {
        return new ConcurrencyData.Step(users, cores, w.startedSeconds(), w.started(), why, null, null, null, null, null,
                null, null, null, null, null, null, null, null, null, null);
    }

    private static void write(Path dir, Stack s, String index, List<ConcurrencyData.Step> steps)
            throws IOException {
        JSON.writeValue(dir.getParent().resolve(s.id() + ".json").toFile(), new ConcurrencyData.StackRun(s.id(),
                s.label(), s.r2dbc(), s.path(), index, steps));
    }

}
