package io.poolbench.suite.process;

import io.poolbench.testbed.load.CsvLog;
import io.poolbench.testbed.pool.PoolStats;
import io.poolbench.testbed.report.ResultJson;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Samples the webapp's {@code GET /pool} every 500 ms into {@code pool.csv}: elapsed ms, then the pool's active, idle,
 * waiting, total and max ({@link PoolStats}; -1 where the pool does not say).
 */
public final class PoolSampler {
    /** The columns of {@code pool.csv}. */
    static final String[] COLUMNS = {"elapsedMs", "active", "idle", "waiting", "total", "max"};
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final URI uri;
    private final Path csv;
    private volatile boolean running = true;
    private Thread thread;

    /** One sample: ms since sampling began, and the pool's state then. */
    private record Sample(long elapsedMs, PoolStats pool) {
    }

    /**
     * @param port the webapp's HTTP port on 127.0.0.1
     * @param csv the file to write ({@code pool.csv}; replaced)
     */
    public PoolSampler(int port, Path csv) {
        this.uri = URI.create("http://127.0.0.1:" + port + "/pool");
        this.csv = csv;
    }

    /** Starts sampling on a daemon thread; a sample the webapp does not answer within 2 s is missed, not retried. */
    public void start() {
        thread = new Thread(this::loop, "pool-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        long t0 = System.nanoTime();
        try (CsvLog<Sample> log = CsvLog.create(csv, COLUMNS, s -> List.of(s.elapsedMs(), s.pool().active(),
                s.pool().idle(), s.pool().waiting(), s.pool().total(), s.pool().max()))) {
            while (running) {
                try {
                    HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri)
                            .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
                    log.add(new Sample((System.nanoTime() - t0) / 1_000_000, ResultJson.MAPPER.readValue(r.body(),
                            PoolStats.class)));
                    log.flush();
                } catch (IOException e) {
                    // a missed sample; the webapp may be busy or stopping
                }
                Thread.sleep(500);
            }
        } catch (IOException | InterruptedException e) {
            // sampling ends with the run
        }
    }

    /**
     * Stops sampling and waits up to 3 s for the file to be closed.
     *
     * @throws InterruptedException when interrupted while waiting
     */
    public void stop() throws InterruptedException {
        running = false;
        if (thread != null) {
            thread.join(3_000);
        }
    }

    /** Pool-state statistics from pool.csv: n samples, max/mean waiting, max active. */
    public record PoolState(int samples, int maxWaiting, double meanWaiting, int maxActive, int max) {
    }

    /**
     * Reads a CSV this sampler wrote.
     *
     * @param csv {@code pool.csv}
     * @return the statistics; samples 0 and -1 everywhere when the file is missing
     * @throws IOException when the file cannot be read
     * @throws io.poolbench.testbed.TestbedException naming the file for a malformed row or other columns
     */
    public static PoolState poolState(Path csv) throws IOException {
        if (!Files.isRegularFile(csv)) {
            return new PoolState(0, -1, Double.NaN, -1, -1);
        }
        List<PoolStats> samples = CsvLog.read(csv, COLUMNS, c -> new PoolStats("", Integer.parseInt(c.get("active")),
                Integer.parseInt(c.get("idle")), Integer.parseInt(c.get("waiting")), Integer.parseInt(c.get("total")),
                Integer.parseInt(c.get("max"))), "a pool sample");
        int n = samples.size();
        int maxW = samples.stream().mapToInt(PoolStats::waiting).max().orElse(-1);
        long sumW = samples.stream().mapToLong(s -> Math.max(0, s.waiting())).sum();
        int maxA = samples.stream().mapToInt(PoolStats::active).max().orElse(0);
        int max = n == 0 ? -1 : samples.get(n - 1).max();
        // -1 in every sample: the pool does not expose its waiting borrowers (Vibur); shown as n/a, never as 0
        return new PoolState(n, maxW, n == 0 || maxW < 0 ? Double.NaN : (double) sumW / n, maxA, max);
    }
}
