package io.poolbench.suite.process;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * A Java Flight Recorder recording of the webapp: where its request threads waited. The webapp JVM records parks,
 * monitor waits and socket reads of at least 1 ms with their stacks ({@code webapp.jfc}, copied beside the recording;
 * the initial environment, system properties and JVM information are off, since the password travels in the
 * environment), and writes {@code webapp.jfr} when it exits. Each wait is attributed by its stack to the part of a
 * request it happened in: inside the pool's {@code getConnection()} (the servlet's {@code Borrows.borrow}), inside
 * the pool's taking the connection back ({@code Borrows$Lease.close}), in the request's own work (any other frame
 * of the webapp's servlets), or on a thread that serves no request (the pool's own threads). Idle executor threads
 * waiting for work (Tomcat's workers between requests, a pool's housekeeper between runs) are left out.
 */
public final class WebappRecording {
    /** The recording's file name in the run directory. */
    public static final String FILE = "webapp.jfr";
    private static final String SETTINGS = "webapp.jfc";
    private static final String SERVLETS = "io.poolbench.webapp.";

    private WebappRecording() {
    }

    /** Where in a request a wait happened. */
    public enum Part {
        /** Inside the pool's {@code getConnection()}. */
        BORROW,
        /** Inside the pool's taking the connection back ({@code close()} of the borrowed connection). */
        RETURN,
        /** The request's own statements. */
        WORK,
        /** A thread outside any request that is not idle (the pool's own threads at work: connecting, validating). */
        POOL_THREADS
    }

    /** The waits JFR records. */
    public enum Kind {
        /** {@code jdk.ThreadPark}: a park, e.g. a borrower queued for a connection. */
        PARK("jdk.ThreadPark"),
        /** {@code jdk.JavaMonitorEnter}: blocked on a {@code synchronized} monitor. */
        MONITOR("jdk.JavaMonitorEnter"),
        /**
         * {@code jdk.JavaMonitorWait}: in {@code Object.wait()}, e.g. a borrower queued in commons-pool 1.x's
         * {@code GenericObjectPool.borrowObject} (DBCP 1.4), which waits on a latch rather than parking.
         */
        WAIT("jdk.JavaMonitorWait"),
        /** {@code jdk.SocketRead}: waiting for the database's answer. */
        SOCKET_READ("jdk.SocketRead");

        final String event;

        Kind(String event) {
            this.event = event;
        }
    }

    /**
     * The waits of one kind in one part of the requests, within one period.
     *
     * @param count waits of at least 1 ms
     * @param totalMs their total, ms
     * @param maxMs the longest, ms
     */
    public record Waits(long count, double totalMs, double maxMs) {
        static final Waits NONE = new Waits(0, 0, 0);

        Waits plus(double ms) {
            return new Waits(count + 1, totalMs + ms, Math.max(maxMs, ms));
        }
    }

    /**
     * The waits of a recording in two periods, split at an instant (e.g. a failover's injection).
     *
     * @param before waits that began from {@code fromEpochMs} up to the split, by kind and part
     * @param after waits that began from the split up to {@code toEpochMs}, by kind and part
     */
    public record Summary(Map<Kind, Map<Part, Waits>> before, Map<Kind, Map<Part, Waits>> after) {
        /**
         * @param k the kind
         * @param p the part
         * @param afterSplit the period
         * @return the waits, {@link Waits#NONE} where there were none
         */
        public Waits of(Kind k, Part p, boolean afterSplit) {
            return (afterSplit ? after : before).getOrDefault(k, Map.of()).getOrDefault(p, Waits.NONE);
        }
    }

    /**
     * The webapp JVM's options that make the recording; writes the settings file into the directory.
     *
     * @param dir the run's directory: {@code webapp.jfc} and, when the webapp exits, {@code webapp.jfr}
     * @return the JVM options
     * @throws IOException when the settings cannot be written
     */
    public static List<String> jvmArgs(Path dir) throws IOException {
        Path jfc = dir.resolve(SETTINGS);
        try (InputStream in = WebappRecording.class.getResourceAsStream(SETTINGS)) {
            if (in == null) {
                throw new IOException(SETTINGS + " is missing from the poolbench jar");
            }
            Files.copy(in, jfc, StandardCopyOption.REPLACE_EXISTING);
        }
        return List.of("-XX:StartFlightRecording=filename=" + dir.resolve(FILE).toAbsolutePath() + ",settings="
                + jfc.toAbsolutePath() + ",dumponexit=true");
    }

    /**
     * Reads a recording's waits.
     *
     * @param jfr the recording
     * @param fromEpochMs the first period's start, ms since the epoch
     * @param splitEpochMs where the first period ends and the second begins
     * @param toEpochMs the second period's end
     * @return the waits by period, kind and part
     * @throws IOException when the recording cannot be read
     */
    public static Summary read(Path jfr, long fromEpochMs, long splitEpochMs, long toEpochMs) throws IOException {
        Map<Kind, Map<Part, Waits>> before = new EnumMap<>(Kind.class);
        Map<Kind, Map<Part, Waits>> after = new EnumMap<>(Kind.class);
        try (RecordingFile f = new RecordingFile(jfr)) {
            while (f.hasMoreEvents()) {
                RecordedEvent e = f.readEvent();
                Kind k = kind(e.getEventType().getName());
                long at = e.getStartTime().toEpochMilli();
                if (k == null || at < fromEpochMs || at >= toEpochMs) {
                    continue;
                }
                Part p = part(frames(e.getStackTrace()));
                if (p == null) {
                    continue;
                }
                double ms = e.getDuration().toNanos() / 1e6;
                (at < splitEpochMs ? before : after).computeIfAbsent(k, x -> new EnumMap<>(Part.class))
                        .merge(p, Waits.NONE.plus(ms), (a, b) -> a.plus(ms));
            }
        }
        return new Summary(before, after);
    }

    private static Kind kind(String event) {
        for (Kind k : Kind.values()) {
            if (k.event.equals(event)) {
                return k;
            }
        }
        return null;
    }

    /** @return the stack's frames as {@code class.method}, nearest the wait first; empty without a stack */
    static List<String> frames(RecordedStackTrace st) {
        List<String> out = new ArrayList<>();
        if (st != null) {
            for (RecordedFrame f : st.getFrames()) {
                if (f.getMethod() != null && f.getMethod().getType() != null) {
                    out.add(f.getMethod().getType().getName() + "." + f.getMethod().getName());
                }
            }
        }
        return out;
    }

    /**
     * Attributes a wait by its stack.
     *
     * @param frames {@code class.method}, nearest the wait first
     * @return the part of a request, or null for an idle Tomcat worker (parked in its task queue) or no stack
     */
    static Part part(List<String> frames) {
        if (frames.isEmpty()) {
            return null;
        }
        boolean servlet = false;
        for (String f : frames) {
            if (f.equals(SERVLETS + "Borrows.borrow")) {
                return Part.BORROW;
            }
            if (f.equals(SERVLETS + "Borrows$Lease.close")) {
                return Part.RETURN;
            }
            if (f.endsWith("ThreadPoolExecutor.getTask")) {
                return null; // an idle executor thread (Tomcat's workers, a pool's housekeeper) waiting for work
            }
            servlet |= f.startsWith(SERVLETS);
        }
        return servlet ? Part.WORK : Part.POOL_THREADS;
    }
}
