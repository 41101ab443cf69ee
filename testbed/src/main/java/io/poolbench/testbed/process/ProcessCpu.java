package io.poolbench.testbed.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * CPU time used by named processes over a period, read from Linux's {@code /proc/<pid>/stat} (user + system time
 * of every thread, fields 14 and 15, plus that of ended children the process has waited for, fields 16 and 17; in
 * clock ticks of 1/100 s) for a process and all its live descendants, so a server that forks a short-lived process
 * per connection (PostgreSQL's backends under connect-per-request) is counted whole. A
 * container's processes are host processes, so a database container is measured through its main process id.
 * Where a process cannot be read (another OS, a process that ended), its figure is absent rather than zero.
 */
public final class ProcessCpu {
    /** Linux's USER_HZ: clock ticks per second in {@code /proc/<pid>/stat} (100 on every common architecture). */
    static final double TICKS_PER_SECOND = 100.0;

    private final Map<String, Long> pids = new LinkedHashMap<>();
    private final Map<String, Double> startSeconds = new LinkedHashMap<>();
    private long startNanos;

    /**
     * @param name a process's name in the report (e.g. {@code webapp}, {@code jmeter engine 1}, {@code mysql-a})
     * @param pid its process id
     * @return this
     */
    public ProcessCpu watch(String name, long pid) {
        pids.put(name, pid);
        return this;
    }

    /** Starts the period: remembers each process's CPU time so far. */
    public void start() {
        startSeconds.clear();
        pids.forEach((n, p) -> {
            Double s = cpuSeconds(p);
            if (s != null) {
                startSeconds.put(n, s);
            }
        });
        startNanos = System.nanoTime();
    }

    /**
     * CPU used by one process during a period.
     *
     * @param name its name
     * @param cpuSeconds CPU time used in the period, s
     * @param wallSeconds length of the period, s
     */
    public record Usage(String name, double cpuSeconds, double wallSeconds) {
        /** @return average cores busy: 1.0 = one core all the time */
        public double cores() {
            return wallSeconds <= 0 ? 0 : cpuSeconds / wallSeconds;
        }
    }

    /**
     * Ends the period.
     *
     * @return per process, in the order watched, the CPU used since {@link #start()}; processes that could not be
     *     read at both ends are left out
     */
    public List<Usage> stop() {
        double wall = (System.nanoTime() - startNanos) / 1e9;
        List<Usage> out = new ArrayList<>();
        pids.forEach((n, p) -> {
            Double s0 = startSeconds.get(n);
            Double s1 = cpuSeconds(p);
            if (s0 != null && s1 != null) {
                out.add(new Usage(n, Math.max(0, s1 - s0), wall));
            }
        });
        return out;
    }

    /**
     * @param pid a process id
     * @return user + system CPU seconds of the process and its live descendants, with their ended children that
     *     were waited for, or null when unreadable
     */
    public static Double cpuSeconds(long pid) {
        Long own = ticks(pid);
        if (own == null) {
            return null;
        }
        long total = own;
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        if (h.isPresent()) {
            for (ProcessHandle d : (Iterable<ProcessHandle>) h.get().descendants()::iterator) {
                Long t = ticks(d.pid());
                if (t != null) {
                    total += t;
                }
            }
        }
        return total / TICKS_PER_SECOND;
    }

    /**
     * @param statLine the content of {@code /proc/<pid>/stat}
     * @return utime + stime + cutime + cstime in clock ticks
     * @throws IllegalArgumentException when the line is not a stat line
     */
    static long ticksOf(String statLine) {
        // the command name (field 2) is in parentheses and may contain spaces: count fields after the last ')'
        int close = statLine.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("not a /proc stat line: " + statLine);
        }
        String[] f = statLine.substring(close + 2).trim().split("\\s+");
        // f[0] is field 3 (state); utime is field 14, stime 15, cutime 16, cstime 17
        return Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
    }

    private static Long ticks(long pid) {
        try {
            return ticksOf(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
