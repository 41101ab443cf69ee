package io.poolbench.toxiproxy;

import io.poolbench.toxiproxy.DrillCluster.Instance;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The databases' own count of the connections opened to them, sampled during a run: MySQL's and MariaDB's
 * {@code Connections} status variable (connection attempts since the server started, failed ones included) read on
 * each instance every {@code periodMs} over an administrative connection of its own, straight to the instance. An
 * instance that does not answer (rebooting) is skipped until it does; its counter starts again from 0 after a
 * reboot. The sampler's own reconnect to a rebooted instance is one of the attempts it then counts. Each instance
 * is read on a thread of its own: an instance that hangs (an unplanned failover pauses the old writer) holds up
 * only its own readings, not the new writer's.
 */
public final class ConnectionCounts implements AutoCloseable {
    private final DrillCluster cluster;
    private final ScheduledExecutorService timer = Executors.newScheduledThreadPool(Instance.values().length, r -> {
        Thread t = new Thread(r, "poolbench-connection-counts");
        t.setDaemon(true);
        return t;
    });
    private final Map<Instance, Connection> open = new ConcurrentHashMap<>();
    private final List<Sample> samples = new CopyOnWriteArrayList<>();

    /**
     * One reading.
     *
     * @param epochMs when it was read, ms since the epoch
     * @param instance the instance
     * @param connections its {@code Connections} status variable
     */
    public record Sample(long epochMs, Instance instance, long connections) {
    }

    /**
     * Connections opened to one instance over a period, from its samples.
     *
     * @param opened connection attempts in the period (a fall of the counter is a reboot: what it reads after it
     *     counts from 0)
     * @param peakPerSecond the most opened within one second of the period (from its start), attempts/s
     */
    public record Storm(long opened, long peakPerSecond) {
    }

    private ConnectionCounts(DrillCluster cluster) {
        this.cluster = cluster;
    }

    /**
     * Starts sampling both instances.
     *
     * @param cluster the cluster
     * @param periodMs the sampling period, ms (1 to 60,000)
     * @return the running sampler; {@link #close()} stops it
     */
    public static ConnectionCounts start(DrillCluster cluster, long periodMs) {
        ConnectionCounts c = new ConnectionCounts(cluster);
        for (Instance i : Instance.values()) {
            // a task per instance: one that hangs delays only its own next readings
            c.timer.scheduleAtFixedRate(() -> c.sample(i), 0, periodMs, TimeUnit.MILLISECONDS);
        }
        return c;
    }

    private void sample(Instance i) {
        try {
            Connection c = open.get(i);
            if (c == null) {
                c = cluster.rootConnection(i);
                open.put(i, c);
            }
            try (Statement st = c.createStatement();
                 ResultSet r = st.executeQuery("SHOW GLOBAL STATUS LIKE 'Connections'")) {
                if (r.next()) {
                    samples.add(new Sample(System.currentTimeMillis(), i, r.getLong(2)));
                }
            }
        } catch (SQLException | RuntimeException e) {
            closeQuietly(open.remove(i)); // down or rebooting: the next sample connects again
        }
    }

    /** @return the samples so far, in the order read */
    public List<Sample> samples() {
        return List.copyOf(samples);
    }

    /** Stops sampling and closes its connections; the samples stay. */
    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        open.values().forEach(ConnectionCounts::closeQuietly);
        open.clear();
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // it is gone already
            }
        }
    }

    /**
     * The connections opened to one instance from {@code fromEpochMs} to {@code toEpochMs}: the rise of its counter
     * between the last sample before the period (or its first in it) and its last sample in it.
     *
     * @param samples the samples, in the order read
     * @param i the instance
     * @param fromEpochMs the period's start
     * @param toEpochMs its end
     * @return the attempts and the peak per second; null when fewer than two samples of the instance bound the period
     */
    public static Storm storm(List<Sample> samples, Instance i, long fromEpochMs, long toEpochMs) {
        List<Sample> mine = new ArrayList<>();
        Sample before = null;
        for (Sample s : samples) {
            if (s.instance() != i || s.epochMs() > toEpochMs) {
                continue;
            }
            if (s.epochMs() < fromEpochMs) {
                before = s;
            } else {
                mine.add(s);
            }
        }
        if (before != null) {
            mine.add(0, before);
        }
        if (mine.size() < 2) {
            return null;
        }
        long opened = 0;
        Map<Long, Long> perSecond = new TreeMap<>();
        for (int k = 1; k < mine.size(); k++) {
            long prev = mine.get(k - 1).connections();
            long now = mine.get(k).connections();
            long rise = now >= prev ? now - prev : now; // a reboot starts the counter again
            opened += rise;
            long second = Math.max(0, mine.get(k).epochMs() - fromEpochMs) / 1000;
            perSecond.merge(second, rise, Long::sum);
        }
        return new Storm(opened, perSecond.values().stream().mapToLong(Long::longValue).max().orElse(0));
    }
}
