package io.poolbench.suite.process;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/** Samples GET /pool every 500 ms into a CSV: elapsed ms, active, idle, waiting, total, max. */
public final class PoolSampler {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final URI uri;
    private final Path csv;
    private volatile boolean running = true;
    private Thread thread;

    public PoolSampler(int port, Path csv) {
        this.uri = URI.create("http://127.0.0.1:" + port + "/pool");
        this.csv = csv;
    }

    public void start() {
        thread = new Thread(this::loop, "pool-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        long t0 = System.nanoTime();
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(csv, StandardCharsets.UTF_8), true)) {
            w.println("elapsedMs,active,idle,waiting,total,max");
            while (running) {
                try {
                    HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri)
                            .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
                    JsonNode n = JSON.readTree(r.body());
                    w.println((System.nanoTime() - t0) / 1_000_000 + "," + n.path("active").asInt() + ","
                            + n.path("idle").asInt() + "," + n.path("waiting").asInt() + ","
                            + n.path("total").asInt() + "," + n.path("max").asInt());
                } catch (IOException e) {
                    // a missed sample; the webapp may be busy or stopping
                }
                Thread.sleep(500);
            }
        } catch (IOException | InterruptedException e) {
            // sampling ends with the run
        }
    }

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
     */
    public static PoolState poolState(Path csv) throws IOException {
        if (!Files.isRegularFile(csv)) {
            return new PoolState(0, -1, Double.NaN, -1, -1);
        }
        int n = 0;
        int maxW = -1;
        long sumW = 0;
        int maxA = 0;
        int max = -1;
        try (Reader r = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            for (CSVRecord rec : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(r)) {
                if (!rec.isConsistent()) {
                    continue;
                }
                int w = Integer.parseInt(rec.get("waiting"));
                int a = Integer.parseInt(rec.get("active"));
                n++;
                maxW = Math.max(maxW, w);
                sumW += Math.max(0, w);
                maxA = Math.max(maxA, a);
                max = Integer.parseInt(rec.get("max"));
            }
        }
        // -1 in every sample: the pool does not expose its waiting borrowers (Vibur); shown as n/a, never as 0
        return new PoolState(n, maxW, n == 0 || maxW < 0 ? Double.NaN : (double) sumW / n, maxA, max);
    }
}
