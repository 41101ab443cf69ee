package io.poolbench.bench;

import io.poolbench.testbed.load.BorrowerResult;
import io.poolbench.testbed.options.BorrowerLoadOptions;
import io.poolbench.testbed.pool.ArtifactOfClass;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.stub.Delay;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import javax.sql.DataSource;
import jdk.jfr.Recording;
import org.HdrHistogram.Histogram;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Many borrowers contending for few connections, one pool per process, on virtual or platform threads: what a pool
 * does under the load Spring Boot's {@code spring.threads.virtual.enabled} puts on it. Each of {@code --borrowers}
 * threads borrows a connection of the stub driver (no network), holds it {@code --hold-us} (parked, so a virtual
 * thread's carrier is free meanwhile; 0: returned at once) and returns it, in a loop, for a warm-up and then the
 * measured seconds. With a database ({@link BorrowerLoadOptions#URL_ENV} and its user and password in the
 * environment, never on the command line) each borrow also runs {@code SELECT 1} and reads its row: the driver's
 * own socket I/O, where a driver that blocks inside {@code synchronized} pins its carrier on JDK 21 (HikariCP
 * #2151: Connector/J 8.x). Reported over the measured period: borrows per ms; the process's CPU time per borrow (a
 * pool that spins shows as CPU without throughput: HikariCP's {@code Thread.yield()} loop in {@code ConcurrentBag},
 * reported in its tracker as #2329 and #2398 and changed for virtual threads in 7.1.0); JFR's
 * {@code jdk.VirtualThreadPinned}
 * events (threshold 0) by their first frame outside the JDK, which name the pool or driver code that held a carrier;
 * and the share of JFR's execution samples whose top frame is a yield or spin-wait. JFR samples only threads running
 * Java code, so a platform thread inside the native {@code Thread.yield} is undercounted: the CPU per borrow is the
 * figure that holds.
 *
 * <p>Virtual threads need JDK 21 or newer (pinning by {@code synchronized} ended in JDK 24, JEP 491: on JDK 25 what
 * still pins is a native frame or class initialisation on the stack); this class compiles for 17 and reaches them
 * by reflection. Writes one JSON {@link BorrowerResult}.
 */
@Command(name = "borrower-probe", mixinStandardHelpOptions = true,
        description = "Many borrowers on virtual or platform threads against one pool on the stub driver, or on a"
                + " database given in the environment (" + BorrowerLoadOptions.URL_ENV + ").")
public final class BorrowerProbe implements Callable<Integer> {
    /** Top frames of a thread that gives its time away instead of waiting: yields and spin-waits. */
    static final List<String> SPIN_FRAMES = List.of("java.lang.Thread.yield", "java.lang.Thread.yield0",
            "java.lang.VirtualThread.tryYield", "java.lang.VirtualThread.yieldContinuation",
            "java.lang.Thread.onSpinWait");

    /** Seconds the borrowers have, after the measured period, to leave the pool before they count as stuck. */
    static final int STOP_SECONDS = 10;

    @Option(names = "--profile", required = true, description = "Profile name or context.xml.")
    String profile;

    @Option(names = "--threads", defaultValue = "virtual", description = "virtual or platform.")
    String threads;

    @Option(names = "--hold-us", defaultValue = "0", description = "Time a borrower holds its connection, µs.")
    long holdUs;

    @Mixin
    BorrowerLoadOptions load;

    @Option(names = "--out", required = true, description = "The JSON result file.")
    Path out;

    @Option(names = "--artifact", paramLabel = "GROUP:ARTIFACT", description = "The pool's Maven artifact, whose"
            + " version (from the jar the pool's class came from) the result names.")
    String artifact;

    /**
     * @param args the options
     */
    public static void main(String[] args) {
        System.exit(new CommandLine(new BorrowerProbe()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        boolean virtual = switch (threads) {
            case "virtual" -> true;
            case "platform" -> false;
            default -> throw new CommandLine.ParameterException(new CommandLine(this), "--threads " + threads
                    + ": give virtual or platform");
        };
        if (virtual && Runtime.version().feature() < 21) {
            System.err.println("borrower-probe: virtual threads need JDK 21 or newer; this JVM is " + Runtime.version()
                    + " (Temurin 25 is under /usr/lib/jvm)");
            return 2;
        }
        BorrowerLoadOptions.Load l = load.load();
        String url = System.getenv(BorrowerLoadOptions.URL_ENV);
        DataSource ds = url == null ? BenchPools.stubPool(profile, "jdbc:stub:probe", l.poolSize())
                : databasePool(profile, url, l.poolSize());
        boolean close = true;
        try {
            String version = artifact == null ? null : ArtifactOfClass.versionOf(ds.getClass(), artifact);
            String driver = "stub";
            if (url != null) {
                try (Connection c = ds.getConnection()) {
                    driver = c.getMetaData().getDriverName() + " " + c.getMetaData().getDriverVersion();
                }
            }
            BorrowerResult r = probe(ds, profile, version, driver, url != null, virtual, l.borrowers(), holdUs,
                    l.warmupSeconds(), l.seconds(), out.resolveSibling(out.getFileName() + ".jfr"));
            ResultJson.MAPPER.writeValue(out.toFile(), r);
            // a pool with borrowers stuck inside may not close: the process's exit ends them
            close = r.stuckBorrowers() == 0;
            return 0;
        } finally {
            if (close) {
                PoolProfile.close(ds);
            }
        }
    }

    /**
     * @param profile profile name or path
     * @param url the database's JDBC URL
     * @param poolSize pool size, 0 = the profile's
     * @return the profile's pool against the database, its user and password from the environment
     */
    static DataSource databasePool(String profile, String url, int poolSize) {
        Map<String, String> vars = new HashMap<>();
        vars.put("poolbench.jdbc.url", url);
        vars.put("poolbench.jdbc.user", System.getenv().getOrDefault(BorrowerLoadOptions.USER_ENV, ""));
        vars.put("poolbench.jdbc.password", System.getenv().getOrDefault(BorrowerLoadOptions.PASSWORD_ENV, ""));
        return BenchPools.databasePool(profile, vars, poolSize);
    }

    /**
     * Runs the borrowers and measures them.
     *
     * @param ds the pool
     * @param profile its profile, for the result
     * @param version the pool's version, for the result (null: unknown)
     * @param driver the driver and its version, for the result
     * @param query whether each borrow runs {@code SELECT 1} (a database), or only borrows (the stub driver)
     * @param virtual virtual threads, else platform threads
     * @param borrowers how many
     * @param holdUs hold per borrow, µs
     * @param warmupSeconds seconds before the measured period
     * @param seconds measured seconds
     * @param jfr where the JFR recording goes (it runs from before the borrowers start; only the measured period's
     *     events are counted)
     * @return what was measured
     * @throws Exception when a thread cannot be started, or the recording not written
     */
    static BorrowerResult probe(DataSource ds, String profile, String version, String driver, boolean query,
            boolean virtual, int borrowers, long holdUs, int warmupSeconds, int seconds, Path jfr) throws Exception {
        LongAdder borrows = new LongAdder();
        AtomicBoolean stop = new AtomicBoolean();
        // set during the measured period only: a borrower records its borrows' waits while it is
        AtomicBoolean measuring = new AtomicBoolean();
        List<Thread> started = new ArrayList<>();
        // every borrower starts before any borrows: started while others already contend, the last platform threads
        // of a slow pool came up minutes late
        CountDownLatch go = new CountDownLatch(1);
        List<Borrower> all = new ArrayList<>();
        for (int i = 0; i < borrowers; i++) {
            Borrower me = new Borrower();
            all.add(me);
            me.task = () -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                while (!stop.get()) {
                    long asked = System.nanoTime();
                    me.asking(asked);
                    try (Connection c = ds.getConnection()) {
                        me.asking(0);
                        if (measuring.get()) {
                            me.waits.recordValue((System.nanoTime() - asked) / 1_000);
                        }
                        if (query) {
                            selectOne(c);
                        }
                        Delay.park(holdUs);
                    } catch (Exception e) {
                        me.asking(0);
                        continue;
                    }
                    borrows.increment();
                    me.borrowed();
                }
            };
        }
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                ManagementFactory.getOperatingSystemMXBean();
        try (Recording rec = new Recording()) {
            rec.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
            rec.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            // started before the borrowers: 2,000 runnable platform threads leave this thread about a 2,000th of the
            // cores, too little to start a recording in time; only the measured period's events are counted
            rec.start();
            for (int i = 0; i < borrowers; i++) {
                Runnable borrower = all.get(i).task;
                Thread t = virtual ? virtualThread(borrower) : new Thread(borrower, "borrower-" + i);
                t.setDaemon(true);
                started.add(t);
                t.start();
            }
            go.countDown();
            Thread.sleep(warmupSeconds * 1000L);
            Instant from = Instant.now();
            measuring.set(true);
            long[] before = all.stream().mapToLong(Borrower::borrows).toArray();
            long b0 = borrows.sum();
            long cpu0 = os.getProcessCpuTime();
            long t0 = System.nanoTime();
            Thread.sleep(seconds * 1000L);
            long b1 = borrows.sum();
            measuring.set(false);
            long at = System.nanoTime();
            // who completed no borrow in the measured period, and the longest wait still under way at its end: what
            // a percentile of the completed borrows leaves out
            int starved = 0;
            long waitingNs = 0;
            for (int i = 0; i < borrowers; i++) {
                Borrower b = all.get(i);
                starved += b.borrows() == before[i] ? 1 : 0;
                long asked = b.askedAt();
                waitingNs = Math.max(waitingNs, asked == 0 ? 0 : at - asked);
            }
            long cpu1 = os.getProcessCpuTime();
            long t1 = System.nanoTime();
            Instant to = Instant.now();
            stop.set(true);
            double wall = (t1 - t0) / 1e9;
            long n = b1 - b0;
            double cpu = (cpu1 - cpu0) / 1e9;
            // the borrowers return as their borrows end; one still in the pool after this is stuck there. They leave
            // before the recording is stopped and read, for the same reason it started before them
            long deadline = System.nanoTime() + STOP_SECONDS * 1_000_000_000L;
            for (Thread t : started) {
                t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            }
            long stuck = started.stream().filter(Thread::isAlive).count();
            // each borrower's own histogram, written by its thread alone: read once the borrowers have left (a stuck
            // one waits inside getConnection() and writes nothing more)
            Histogram waits = new Histogram(2);
            all.forEach(b -> waits.add(b.waits));
            rec.stop();
            rec.dump(jfr);
            Jfr j = Jfr.read(jfr, from, to);
            int carriers = Integer.getInteger("jdk.virtualThreadScheduler.parallelism",
                    Runtime.getRuntime().availableProcessors());
            return new BorrowerResult(profile, version, driver, virtual ? "virtual" : "platform", carriers, borrowers,
                    holdUs, wall, n, n / (wall * 1000), cpu, n == 0 ? Double.NaN : cpu * 1e6 / n,
                    waits.getTotalCount() == 0 ? null : (double) waits.getValueAtPercentile(99),
                    waits.getTotalCount() == 0 ? null : (double) waits.getMaxValue(), starved, waitingNs / 1e6,
                    j.pinned(),
                    j.pinnedTopFrames(), j.pinnedMs(), j.samples(), j.spinSamples(), stuck,
                    Runtime.version().toString());
        }
    }

    /** Runs {@code SELECT 1} on the connection and reads its row. */
    private static void selectOne(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 1")) {
            rs.next();
        }
    }

    /**
     * One borrower's own state, written by its thread alone and read by the measuring thread with opaque access
     * (no fence on the borrow path: a reading may be a moment old, never torn).
     */
    static final class Borrower {
        private static final VarHandle ASKED_AT;
        private static final VarHandle BORROWS;

        static {
            try {
                MethodHandles.Lookup l = MethodHandles.lookup();
                ASKED_AT = l.findVarHandle(Borrower.class, "askedAtNs", long.class);
                BORROWS = l.findVarHandle(Borrower.class, "borrowCount", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private long askedAtNs;
        private long borrowCount;
        Runnable task;
        /** Its borrows' waits in the measured period, µs, 2 significant digits (written by its thread alone). */
        final Histogram waits = new Histogram(2);

        /** @param nanoTime when the borrower called {@code getConnection()}; 0 once it returned */
        void asking(long nanoTime) {
            ASKED_AT.setOpaque(this, nanoTime);
        }

        void borrowed() {
            BORROWS.setOpaque(this, borrowCount + 1);
        }

        /** @return when the borrower's current {@code getConnection()} began ({@link System#nanoTime}); 0 for none */
        long askedAt() {
            return (long) ASKED_AT.getOpaque(this);
        }

        /** @return borrows completed so far */
        long borrows() {
            return (long) BORROWS.getOpaque(this);
        }
    }

    /**
     * What the recording holds (a pure reading of the file).
     *
     * @param pinned pinned events
     * @param pinnedTopFrames pinned events by their first frame outside the JDK, most first
     * @param pinnedMs the pinned events' total duration, ms
     * @param samples execution samples
     * @param spinSamples samples whose top frame is a yield or spin-wait
     */
    record Jfr(long pinned, Map<String, Long> pinnedTopFrames, double pinnedMs, long samples, long spinSamples) {
        static Jfr read(Path file, Instant from, Instant to) throws IOException {
            long pinned = 0;
            long pinnedNs = 0;
            long samples = 0;
            long spin = 0;
            Map<String, Long> frames = new LinkedHashMap<>();
            for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
                if (e.getStartTime().isBefore(from) || !e.getStartTime().isBefore(to)) {
                    continue;
                }
                String type = e.getEventType().getName();
                if (type.equals("jdk.VirtualThreadPinned")) {
                    pinned++;
                    pinnedNs += e.getDuration().toNanos();
                    frames.merge(firstOutsideJdk(e.getStackTrace()), 1L, Long::sum);
                } else if (type.equals("jdk.ExecutionSample")) {
                    samples++;
                    RecordedStackTrace st = e.getStackTrace();
                    if (st != null && !st.getFrames().isEmpty() && SPIN_FRAMES.contains(name(st.getFrames().get(0)))) {
                        spin++;
                    }
                }
            }
            Map<String, Long> sorted = new LinkedHashMap<>();
            frames.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                    .forEach(x -> sorted.put(x.getKey(), x.getValue()));
            return new Jfr(pinned, sorted, pinnedNs / 1e6, samples, spin);
        }
    }

    /** @return the first frame whose class is not the JDK's, {@code class.method}; "(the JDK only)" without one */
    static String firstOutsideJdk(RecordedStackTrace st) {
        if (st != null) {
            for (RecordedFrame f : st.getFrames()) {
                String n = name(f);
                if (!n.startsWith("java.") && !n.startsWith("jdk.") && !n.startsWith("sun.")) {
                    return n;
                }
            }
        }
        return "(the JDK only)";
    }

    private static String name(RecordedFrame f) {
        return f.getMethod().getType().getName() + "." + f.getMethod().getName();
    }

    /** @return a virtual thread for the task, not started (JDK 21's Thread.ofVirtual, reached by reflection) */
    private static Thread virtualThread(Runnable task) throws ReflectiveOperationException {
        Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
        Method unstarted = Class.forName("java.lang.Thread$Builder").getMethod("unstarted", Runnable.class);
        return (Thread) unstarted.invoke(builder, task);
    }
}
