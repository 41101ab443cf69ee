package io.poolbench.suite.sharedconnection;

import com.sun.management.ThreadMXBean;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.process.Workers;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;

/**
 * What a connection costs in memory, on both sides, for the shared-connection article's Table 1 and its claim of 2–3 MB per server
 * connection.
 *
 * <p>Client: bytes the JVM allocated ({@code com.sun.management.ThreadMXBean} per-thread allocation counters: the
 * worker threads' own, plus the growth of every other live thread's, so a pool's helper threads count) for the
 * article's task, "10 connections plus the simple query", per implementation; and bytes retained per open
 * connection (heap used after a full GC with N connections open, minus before, ÷ N). The article counted malloc
 * calls and bytes of a C program; Java has no malloc count, so only bytes are compared, and a JVM allocates more
 * for the same work (objects, not buffers), so the ratios matter, not the digits.
 *
 * <p>Server: for N open connections that each ran the simple query, each backend's memory from Linux's
 * {@code /proc/<pid>/smaps_rollup}: RSS (counts shared memory every backend maps, so it overstates), PSS (shared
 * pages divided among the processes sharing them) and private (Private_Clean + Private_Dirty: what the backend
 * alone holds, the honest per-connection cost). Only where the server runs on this machine (the embedded default).
 */
public final class ConnectionMemory {
    private ConnectionMemory() {
    }

    /** Work whose allocation is measured. */
    interface Work {
        /**
         * @param counter add the allocation of worker threads (that end before the work returns) here
         * @throws Exception when the work fails
         */
        void run(AtomicLong counter) throws Exception;
    }

    private static ThreadMXBean threads() {
        return (ThreadMXBean) ManagementFactory.getThreadMXBean();
    }

    /**
     * Bytes allocated by a piece of work: the worker threads' own (reported through the counter) plus the growth of
     * every thread alive at the end.
     *
     * @param w the work
     * @return bytes allocated
     * @throws Exception when the work fails
     */
    static long allocatedBytes(Work w) throws Exception {
        ThreadMXBean t = threads();
        Map<Long, Long> before = new HashMap<>();
        long[] ids = t.getAllThreadIds();
        long[] b = t.getThreadAllocatedBytes(ids);
        for (int i = 0; i < ids.length; i++) {
            before.put(ids[i], b[i]);
        }
        AtomicLong workers = new AtomicLong();
        w.run(workers);
        long[] ids2 = t.getAllThreadIds();
        long[] a = t.getThreadAllocatedBytes(ids2);
        long sum = workers.get();
        for (int i = 0; i < ids2.length; i++) {
            if (a[i] >= 0) {
                sum += a[i] - before.getOrDefault(ids2[i], 0L);
            }
        }
        return sum;
    }

    /**
     * Runs a task in a new thread and adds the thread's own allocation to the counter.
     *
     * @param counter the counter
     * @param task the task
     * @return the started thread
     */
    static Thread worker(AtomicLong counter, AtomicReference<Exception> failure, Callable task) {
        Thread th = new Thread(() -> {
            long a0 = threads().getCurrentThreadAllocatedBytes();
            try {
                task.call();
            } catch (Exception e) {
                failure.compareAndSet(null, e);
            }
            counter.addAndGet(threads().getCurrentThreadAllocatedBytes() - a0);
        }, "seed002-memory");
        th.start();
        return th;
    }

    /** A task that may fail. */
    interface Callable {
        /** @throws Exception when it fails */
        void call() throws Exception;
    }

    /**
     * The article's four implementations of "10 connections plus the simple query".
     *
     * @param db the database (new connections through {@link Database#connect()})
     * @param pool a pool of {@code connections} connections, filled, or null to leave the pool row out
     * @param connections connections (the article: 10)
     * @return implementation → bytes allocated (median of 5 after 2 unrecorded warm-ups, which load the classes)
     * @throws Exception when a query fails
     */
    static Map<String, Long> clientAllocations(Database db, DataSource pool, int connections) throws Exception {
        Map<String, Work> impl = new LinkedHashMap<>();
        impl.put("single-threaded", counter -> {
            for (int i = 0; i < connections; i++) {
                try (Connection c = db.connect()) {
                    SharedConnectionTrial.readAll(c);
                }
            }
        });
        impl.put("multi-threaded", counter -> parallel(counter, connections, () -> {
            try (Connection c = db.connect()) {
                SharedConnectionTrial.readAll(c);
            }
        }));
        if (pool != null) {
            impl.put("pool", counter -> parallel(counter, connections, () -> {
                try (Connection c = pool.getConnection()) {
                    SharedConnectionTrial.readAll(c);
                }
            }));
        }
        impl.put("shared connection", counter -> {
            try (SharedConnectionTrial.Client shared = SharedConnectionTrial.shared(db.connect())) {
                parallel(counter, connections, shared::query);
            }
        });
        Map<String, Long> out = new LinkedHashMap<>();
        for (Map.Entry<String, Work> e : impl.entrySet()) {
            List<Long> v = new ArrayList<>();
            for (int r = 0; r < 7; r++) {
                long bytes = allocatedBytes(e.getValue());
                if (r >= 2) {
                    v.add(bytes);
                }
            }
            v.sort(null);
            out.put(e.getKey(), v.get(v.size() / 2));
        }
        return out;
    }

    private static void parallel(AtomicLong counter, int n, Callable task) throws Exception {
        AtomicReference<Exception> failure = new AtomicReference<>();
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ts.add(worker(counter, failure, task));
        }
        Workers.joinAll(ts, "connections");
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    /**
     * Heap retained per open connection: heap used after a full GC with {@code n} connections open (each ran the
     * simple query), minus before, ÷ n. {@code System.gc()} is a request; three are made, with pauses.
     *
     * @param db the database
     * @param n connections
     * @return bytes per connection
     * @throws Exception when a connection fails
     */
    static double retainedBytesPerConnection(Database db, int n) throws Exception {
        long before = usedAfterGc();
        List<Connection> open = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                Connection c = db.connect();
                open.add(c);
                SharedConnectionTrial.readAll(c);
            }
            long after = usedAfterGc();
            return (after - before) / (double) n;
        } finally {
            for (Connection c : open) {
                c.close();
            }
        }
    }

    private static long usedAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /**
     * One backend's memory, kB.
     *
     * @param rssKb resident set
     * @param pssKb proportional set
     * @param privateKb Private_Clean + Private_Dirty
     */
    record Backend(long rssKb, long pssKb, long privateKb) {
    }

    /**
     * Opens {@code n} connections, runs the simple query on each, reads each backend's memory.
     *
     * @param db the database (must run on this machine)
     * @param n connections
     * @return one entry per backend that could be read
     * @throws SQLException when a connection fails
     */
    static List<Backend> serverBackends(Database db, int n) throws SQLException {
        List<Connection> open = new ArrayList<>();
        List<Backend> out = new ArrayList<>();
        try {
            List<Long> pids = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Connection c = db.connect();
                open.add(c);
                SharedConnectionTrial.readAll(c);
                try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT pg_backend_pid()")) {
                    r.next();
                    pids.add(r.getLong(1));
                }
            }
            for (long pid : pids) {
                Backend b = smapsRollup(pid);
                if (b != null) {
                    out.add(b);
                }
            }
            return out;
        } finally {
            for (Connection c : open) {
                c.close();
            }
        }
    }

    private static Backend smapsRollup(long pid) {
        try {
            return parseSmapsRollup(Files.readString(Path.of("/proc", Long.toString(pid), "smaps_rollup")));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * @param text the content of {@code /proc/<pid>/smaps_rollup}
     * @return its Rss, Pss and Private_Clean + Private_Dirty, kB
     * @throws IllegalArgumentException when Rss or Pss is missing
     */
    static Backend parseSmapsRollup(String text) {
        Map<String, Long> kb = new HashMap<>();
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 2 && f[0].endsWith(":")) {
                try {
                    kb.put(f[0].substring(0, f[0].length() - 1), Long.parseLong(f[1]));
                } catch (NumberFormatException ignored) {
                    // the header line
                }
            }
        }
        if (!kb.containsKey("Rss") || !kb.containsKey("Pss")) {
            throw new IllegalArgumentException("no Rss/Pss in smaps_rollup");
        }
        return new Backend(kb.get("Rss"), kb.get("Pss"), kb.getOrDefault("Private_Clean", 0L)
                + kb.getOrDefault("Private_Dirty", 0L));
    }
}
