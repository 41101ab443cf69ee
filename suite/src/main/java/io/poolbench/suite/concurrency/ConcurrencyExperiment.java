package io.poolbench.suite.concurrency;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.process.Artifacts;
import io.poolbench.suite.tools.PostgresBackend;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.AbstractScenario;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.testbed.stats.Rounds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The concurrency scenario's experiment: the database with the data set, then per index setting (with, then without the index on
 * {@code (customer_id, created_at)}) and per stack (a JDBC pool, or R2DBC blocking or through Servlet async) one
 * phase of {@link StackSteps}: one JMeter step per user count; all of it in rounds, the stacks in an order rotated
 * from round to round, so that R2DBC ÷ JDBC is taken within a round. The index is dropped only for the "without" phases
 * and recreated at the end, also on failure and on Ctrl-C (an external server keeps it).
 */
public final class ConcurrencyExperiment extends AbstractScenario {
    private static final ObjectMapper JSON = ResultJson.MAPPER;
    private final ConcurrencySettings settings;
    private final Artifacts art;
    private final Path plan;
    private final DatabaseOptions db;

    /**
     * @param settings the checked settings
     * @param art the built pieces (webapp jar, JMeter)
     * @param plan the JMeter plan {@code concurrency.jmx}
     * @param db where the database comes from
     */
    ConcurrencyExperiment(ConcurrencySettings settings, Artifacts art, Path plan, DatabaseOptions db) {
        super("sweep concurrency", settings, ConcurrencyReport::write);
        this.settings = settings;
        this.art = art;
        this.plan = plan;
        this.db = db;
    }

    @Override
    public void run(RunRecord record, Progress progress) throws Exception {
        Path dir = record.dir();
        List<Stack> stacks = settings.stacks();
        List<String> indexes = settings.indexes();
        List<Integer> u = settings.users();
        int step = settings.stepSeconds();
        int warm = settings.warmupSeconds();
        Phase dbPhase = record.plan("database", "start the database, load " + db.rows + " orders");
        Map<String, Phase> phases = plan(record);
        Path data = Files.createDirectories(dir.resolve("concurrency"));
        int totalSteps = settings.roundList().size() * indexes.size() * stacks.size() * u.size();
        progress.print(String.format(Locale.ROOT, "poolbench sweep concurrency: %d rounds × %d stacks × %d user"
                + " counts × %d index settings = %d steps of %d + %d s (warm-up excluded); run directory %s",
                settings.roundList().size(), stacks.size(), u.size(), indexes.size(), totalSteps, warm, step, dir));
        progress.phase(1, 1 + phases.size(), "database");
        if (!dbPhase.start()) {
            return;
        }
        try (Database database = db.settings().open()) {
            db.dataSet().ensureLoaded(database);
            dbPhase.ok(database.describe() + ", " + DataSet.indexNote(database));
            Map<String, String> vars = DatabaseOptions.vars(database);
            ConcurrencyData.Environment env = new ConcurrencyData.Environment(PostgresBackend.serverVersion(database),
                    Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name") + " "
                    + System.getProperty("java.runtime.version"));
            JSON.writeValue(data.resolve("environment.json").toFile(), env);
            StackSteps sweep = new StackSteps(art, plan, settings, database, vars, progress);
            // Ctrl-C: an external server outlives the run, so the index goes back; a database this run started
            // (embedded, container) is stopped by its own shutdown hook and dropped with the index
            record.onInterrupt(() -> restoreIndex(database, sweep));
            int phaseNo = 1;
            int stepNo = 0;
            long t0 = System.nanoTime();
            try {
                for (Integer round : settings.roundList()) {
                    for (String ix : indexes) {
                        sweep.setIndex(ix.equals("with"));
                        for (Stack s : Rounds.order(stacks, round)) {
                            Phase ph = phases.get(ConcurrencySettings.phaseId(round, ix, s.id()));
                            progress.phase(++phaseNo, 1 + phases.size(), s.label() + ", " + ix + " the index, round "
                                    + round + " of " + settings.roundList().size());
                            if (!ph.start()) {
                                return;
                            }
                            Path sdir = Files.createDirectories(ConcurrencySettings.dir(data, round, ix).resolve(s.id()));
                            try {
                                List<String> problems = sweep.runStack(s, ix, sdir, stepNo, totalSteps, t0);
                                if (problems.isEmpty()) {
                                    ph.ok(u.size() + " steps", sdir);
                                } else {
                                    ph.failed(String.join("; ", problems));
                                }
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                                return;
                            } catch (Exception e) {
                                ph.failed(Redact.rootMessage(e));
                            }
                            stepNo += u.size();
                        }
                    }
                }
            } finally {
                sweep.setIndex(true);
            }
        }
    }

    /** @return a planned phase per round, index setting and stack, keyed by {@link ConcurrencySettings#phaseId} */
    private Map<String, Phase> plan(RunRecord record) {
        Map<String, Phase> phases = new LinkedHashMap<>();
        for (Integer round : settings.roundList()) {
            for (String ix : settings.indexes()) {
                for (Stack s : Rounds.order(settings.stacks(), round)) {
                    String id = ConcurrencySettings.phaseId(round, ix, s.id());
                    phases.put(id, record.plan(id, s.label() + ", " + ix + " the index, round " + round + ": "
                            + settings.users().size() + " steps of " + settings.warmupSeconds() + " + "
                            + settings.stepSeconds() + " s"));
                }
            }
        }
        return phases;
    }

    /** Recreates the index on an external server, which outlives the run; says how when it cannot. */
    private static void restoreIndex(Database database, StackSteps sweep) {
        if (!"external".equals(database.kind())) {
            return;
        }
        try {
            sweep.setIndex(true);
        } catch (RuntimeException e) {
            System.out.println("poolbench sweep concurrency: could not recreate the index "
                    + StackSteps.INDEX + " (" + e.getMessage() + "): recreate it with "
                    + "CREATE INDEX " + StackSteps.INDEX + " ON orders (customer_id, created_at)");
        }
    }
}
