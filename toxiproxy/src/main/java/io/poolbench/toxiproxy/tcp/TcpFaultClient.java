package io.poolbench.toxiproxy.tcp;

import io.poolbench.testbed.load.CsvLog;
import io.poolbench.testbed.load.PoolErrors;
import io.poolbench.testbed.profile.PoolProfile;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/**
 * The client under a TCP-level fault: a JVM of its own, started in the client's network namespace ({@link
 * ClientNamespace}), so that its sockets live under that namespace's TCP timers. It builds the pool from the profile
 * (the user's own context.xml, its placeholders from the environment: {@value #VAR_PREFIX}NAME), runs an open-loop
 * load of borrow, one query, return at a fixed arrival rate, each request on a thread of its own (so that a request
 * that hangs never delays the next arrival), and appends every request to {@code requests.csv} as it ends. Prints
 * {@value #READY} once a request has succeeded. On SIGTERM it writes the requests still waiting as {@link
 * TcpFaultSample#UNFINISHED}, so that a wait longer than the run is counted as at least that long, never left out.
 *
 * <p>Arguments: the context.xml, the rate (requests/s), the query's length (ms; 0 for {@code SELECT 1}), the CSV.
 */
public final class TcpFaultClient {
    /** The environment prefix of the profile's placeholders (never on the command line: the password is one). */
    static final String VAR_PREFIX = "POOLBENCH_VAR_";
    /** The line printed once the pool serves. */
    static final String READY = "ready";

    private TcpFaultClient() {
    }

    /**
     * @param args context.xml, requests/s, query ms, requests.csv
     * @throws Exception when the pool cannot be built
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> vars = new HashMap<>();
        System.getenv().forEach((k, v) -> {
            if (k.startsWith(VAR_PREFIX)) {
                vars.put(k.substring(VAR_PREFIX.length()), v);
            }
        });
        DataSource ds = PoolProfile.load(Path.of(args[0])).createDataSource(vars);
        double rate = Double.parseDouble(args[1]);
        int queryMs = Integer.parseInt(args[2]);
        String sql = queryMs > 0 ? "SELECT SLEEP(" + queryMs / 1000.0 + ")" : "SELECT 1";
        CsvLog<TcpFaultSample> log = TcpFaultSample.log(Path.of(args[3]));
        Map<Long, Long> waiting = new ConcurrentHashMap<>();
        AtomicLong ids = new AtomicLong();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            long now = System.currentTimeMillis();
            waiting.values().forEach(start -> log.add(new TcpFaultSample(start, now, TcpFaultSample.UNFINISHED)));
            log.flush();
        }, "tcp-fault-client-stop"));
        ExecutorService requests = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "request");
            t.setDaemon(true);
            return t;
        });
        ScheduledExecutorService arrivals = Executors.newSingleThreadScheduledExecutor();
        long periodUs = Math.max(1, Math.round(1_000_000 / rate));
        boolean[] said = {false};
        arrivals.scheduleAtFixedRate(() -> requests.execute(() -> {
            long id = ids.incrementAndGet();
            long start = System.currentTimeMillis();
            waiting.put(id, start);
            String outcome = request(ds, sql);
            if (waiting.remove(id) != null) {
                log.add(new TcpFaultSample(start, System.currentTimeMillis(), outcome));
                log.flush();
            }
            if ("ok".equals(outcome)) {
                synchronized (said) {
                    if (!said[0]) {
                        said[0] = true;
                        System.out.println(READY);
                        System.out.flush();
                    }
                }
            }
        }), 0, periodUs, TimeUnit.MICROSECONDS);
        Thread.currentThread().join();
    }

    private static String request(DataSource ds, String sql) {
        Connection c;
        try {
            c = ds.getConnection();
        } catch (SQLException e) {
            return PoolErrors.classify(e, true);
        }
        try (c; Statement s = c.createStatement()) {
            s.executeQuery(sql).close();
            return "ok";
        } catch (SQLException e) {
            return PoolErrors.classify(e, false);
        }
    }
}
