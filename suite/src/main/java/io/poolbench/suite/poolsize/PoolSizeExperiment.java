package io.poolbench.suite.poolsize;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.load.PoolFill;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.process.Workers;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.AbstractScenario;
import io.poolbench.testbed.run.Phase;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.testbed.stats.Rounds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;

/**
 * The pool-size scenario reproduced: how long {@code tasks} tasks take when each borrows a connection, holds it {@code holdMs}
 * and runs one query, against the pool size.
 *
 * <p>The article (Rust's bb8 on SQL Server) ran 20 tasks holding a connection 200 ms each, five runs per
 * {@code max_size} from 1 to 10 and 20, and got a staircase: with N connections the tasks go in
 * {@code ceil(20 / N)} waves of 200 ms, so sizes 5 and 6 take the same time (4 waves), as do 7, 8 and 9 (3 waves),
 * plus a constant of 140–175 ms (connecting, the query, the program's start).
 *
 * <p>Here, per pool profile, thread kind (platform; virtual on JDK 21+) and size: the profile's pool with every size attribute set to N (so a full pool of N,
 * from the adapter), filled before the clock starts (the article's constant included connecting; ours does not,
 * which is stated in the report); then {@code tasks} threads (platform or virtual: virtual ones show whether the pool parks them or
 * pins their carrier threads) released together, each
 * {@code getConnection()} (its wait is recorded), sleep {@code holdMs} holding it, {@code SELECT 1}, close; elapsed
 * from the release to the last task's end. {@link #idealMs} is the staircase a perfect pool would give; the
 * excess over it is the pool's (and the machine's) overhead, and the per-task waits show whether it hands
 * connections out fairly (a FIFO pool's longest wait is {@code (waves - 1) × holdMs}).
 */
public final class PoolSizeExperiment extends AbstractScenario {
    /** {@link Result#order()} of sizes run in rounds. */
    static final String ROUNDS = "rounds";
    private static final ObjectMapper JSON = ResultJson.MAPPER;
    private final PoolSizeSettings settings;
    private final List<PoolProfile> profiles;
    private final DatabaseOptions db;
    private final boolean platformOnlyNote;

    /**
     * @param settings the checked settings
     * @param profiles the loaded profiles, each a pool, names unique
     * @param db where the database comes from
     * @param platformOnlyNote say that only platform threads run (a JDK without virtual threads, none asked for)
     */
    PoolSizeExperiment(PoolSizeSettings settings, List<PoolProfile> profiles, DatabaseOptions db,
            boolean platformOnlyNote) {
        super("sweep pool-size", settings, PoolSizeReport::write);
        this.settings = settings;
        this.profiles = profiles;
        this.db = db;
        this.platformOnlyNote = platformOnlyNote;
    }

    /**
     * One pool and thread kind's results, as {@code pool-size/<key>.json} holds them.
     *
     * @param profile profile name
     * @param pool the pool's display name
     * @param threads platform or virtual
     * @param runs per pool size (as a string key), the runs in order: the i-th of every size ran in round i
     * @param order {@value #ROUNDS} when the sizes ran in rounds of rotating order (the i-th runs pair); null in a
     *     run of a version that ran each size's runs one after another
     */
    public record Result(String profile, String pool, String threads, Map<String, List<Run>> runs, String order) {
    }

    @Override
    public void run(RunRecord record, Progress progress) throws Exception {
        int n = settings.runs();
        int tasks = settings.tasks();
        long holdMs = settings.holdMs();
        List<Integer> sizes = settings.sizes();
        Map<String, Phase> phases = new LinkedHashMap<>();
        Phase dbPhase = record.plan("database", "start the database");
        if (platformOnlyNote) {
            progress.print("poolbench sweep pool-size: platform threads only: virtual threads need JDK 21 or"
                    + " later (this is JDK " + Runtime.version().feature() + "; e.g."
                    + " POOLBENCH_JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java ./poolbench sweep pool-size)");
        }
        List<String[]> runsPlan = new ArrayList<>();
        for (String kind : settings.threads()) {
            for (PoolProfile p : profiles) {
                String key = key(p.name(), kind);
                runsPlan.add(new String[] {p.name(), kind});
                phases.put(key, record.plan("pool-size:" + key, sizes.size() + " sizes × " + n + " runs of "
                        + tasks + " " + kind + " threads holding " + holdMs + " ms"));
            }
        }
        Path data = Files.createDirectories(record.dir().resolve("pool-size"));
        progress.phase(1, runsPlan.size() + 1, "database");
        if (!dbPhase.start()) {
            return;
        }
        try (Database database = db.settings().open()) {
            dbPhase.ok(database.describe());
            int no = 1;
            for (String[] plan : runsPlan) {
                PoolProfile p = profiles.stream().filter(x -> x.name().equals(plan[0])).findFirst().orElseThrow();
                boolean virtual = plan[1].equals("virtual");
                String key = key(p.name(), plan[1]);
                progress.phase(++no, runsPlan.size() + 1, "pool size sweep, " + p.name() + ", " + plan[1]
                        + " threads");
                Phase ph = phases.get(key);
                if (!ph.start()) {
                    return;
                }
                try {
                    // rounds: each runs every size once, the order rotated from round to round, so that the drift
                    // of the machine falls on every size alike and sizes compare within a round
                    Map<String, List<Run>> bySize = new LinkedHashMap<>();
                    sizes.forEach(size -> bySize.put(Integer.toString(size), new ArrayList<>()));
                    for (int round = 1; round <= n; round++) {
                        List<String> line = new ArrayList<>();
                        for (int size : Rounds.order(sizes, round)) {
                            Run run = runOnce(p, database, size, tasks, holdMs, virtual);
                            bySize.get(Integer.toString(size)).add(run);
                            line.add(String.format(Locale.ROOT, "size %d %.0f ms", size, run.elapsedMs()));
                        }
                        progress.detail(key, "round " + round + " of " + n + ": " + String.join(", ", line));
                    }
                    JSON.writeValue(data.resolve(key + ".json").toFile(), new Result(p.name(),
                            p.kind().adapter().displayName(), plan[1], bySize, ROUNDS));
                    ph.ok(sizes.size() + " sizes × " + n + " runs", data.resolve(key + ".json"));
                } catch (Exception e) {
                    ph.failed(Redact.rootMessage(e));
                }
            }
        }
    }

    /**
     * @param profile profile name
     * @param kind platform or virtual
     * @return the results' key: the profile name, with {@code -virtual} for virtual threads
     */
    static String key(String profile, String kind) {
        return kind.equals("virtual") ? profile + "-virtual" : profile;
    }

    /**
     * The ideal: waves of tasks, each as long as the hold.
     *
     * @param tasks number of tasks
     * @param size pool size (≥ 1)
     * @param holdMs hold time per task, ms
     * @return {@code ceil(tasks / size) × holdMs}, ms
     */
    public static long idealMs(int tasks, int size, long holdMs) {
        return ((tasks + size - 1) / size) * holdMs;
    }

    /**
     * One run's result.
     *
     * @param elapsedMs from the release of the tasks to the end of the last, ms
     * @param waitsMs each task's time in getConnection, ms, in task order
     */
    public record Run(double elapsedMs, List<Double> waitsMs) {
    }

    /**
     * Builds the pool at the given size against the database, waits until it holds {@code size} connections
     * (at most 10 s), runs the tasks once, closes the pool.
     *
     * @param profile the pool profile
     * @param db the database
     * @param size pool size
     * @param tasks tasks
     * @param holdMs hold time, ms
     * @param virtual run the tasks on virtual threads (JDK 21+) instead of platform threads
     * @return the run
     * @throws Exception when a task fails (the first failure, with its cause)
     */
    static Run runOnce(PoolProfile profile, Database db, int size, int tasks, long holdMs, boolean virtual)
            throws Exception {
        Map<String, String> overrides = new HashMap<>();
        for (String a : profile.kind().adapter().sizeAttributes()) {
            overrides.put(a, Integer.toString(size));
        }
        DataSource ds = profile.createDataSource(DatabaseOptions.vars(db), overrides);
        try {
            PoolFill.fill(ds, size);
            List<Double> waits = Collections.synchronizedList(new ArrayList<>(Collections.nCopies(tasks, 0.0)));
            AtomicReference<Exception> failure = new AtomicReference<>();
            double elapsed = Workers.releaseTogether("seed000-task", tasks, (r, name) -> newThread(virtual, name, r),
                    task -> {
                        try {
                            long t0 = System.nanoTime();
                            try (Connection c = ds.getConnection()) {
                                waits.set(task, (System.nanoTime() - t0) / 1e6);
                                Thread.sleep(holdMs);
                                try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT 1")) {
                                    r.next();
                                }
                            }
                        } catch (Exception e) {
                            failure.compareAndSet(null, e);
                        }
                    }) / 1e6;
            if (failure.get() != null) {
                throw failure.get();
            }
            return new Run(elapsed, List.copyOf(waits));
        } finally {
            PoolProfile.close(ds);
        }
    }

    /**
     * A new, unstarted thread: a platform thread, or a virtual one through {@code Thread.ofVirtual()} (JDK 21+,
     * called reflectively because poolbench compiles for JDK 17).
     *
     * @param virtual whether the thread is virtual
     * @param name its name
     * @param task what it runs
     * @return the thread
     * @throws IllegalStateException when virtual threads are asked for on a JDK without them
     */
    static Thread newThread(boolean virtual, String name, Runnable task) {
        if (!virtual) {
            return new Thread(task, name);
        }
        try {
            Class<?> builder = Class.forName("java.lang.Thread$Builder");
            Object b = Thread.class.getMethod("ofVirtual").invoke(null);
            b = builder.getMethod("name", String.class).invoke(b, name);
            return (Thread) builder.getMethod("unstarted", Runnable.class).invoke(b, task);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("virtual threads need JDK 21 or later (this is JDK "
                    + Runtime.version().feature() + ")", e);
        }
    }
}
