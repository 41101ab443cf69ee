package io.poolbench.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** Samples GET /pool every 500 ms into a CSV: elapsed ms, active, idle, waiting, total, max. */
final class PoolSampler {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final URI uri;
    private final Path csv;
    private volatile boolean running = true;
    private Thread thread;

    PoolSampler(int port, Path csv) {
        this.uri = URI.create("http://127.0.0.1:" + port + "/pool");
        this.csv = csv;
    }

    void start() {
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

    void stop() throws InterruptedException {
        running = false;
        if (thread != null) {
            thread.join(3_000);
        }
    }
}
