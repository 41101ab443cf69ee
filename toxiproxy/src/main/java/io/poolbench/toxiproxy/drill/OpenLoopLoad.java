package io.poolbench.toxiproxy.drill;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.testbed.load.PoolErrors;
import io.poolbench.testbed.load.WriteOutcome;
import io.poolbench.toxiproxy.Ledger;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * An open-loop load generator: requests are scheduled at a fixed rate whatever the answers do, and each request's
 * response time is measured from its <em>intended</em> start, so a stall shows as the queue it causes, not as a few
 * slow samples (no coordinated omission; Gil Tene, "How NOT to measure latency"). A fraction of the requests are
 * writes with a unique id; their outcome goes to a {@link Ledger}.
 */
public final class OpenLoopLoad {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One request.
     *
     * @param intendedMs intended start, ms since the load started
     * @param startMs actual start, ms since the load started
     * @param endMs end, ms since the load started (-1 when unfinished at the end of the run)
     * @param endpoint {@code short} or {@code write}
     * @param status HTTP status, or -1 without a response
     * @param outcome {@code ok}, {@code pool-timeout}, {@code connect-failed}, {@code read-only},
     *     {@code connection-lost}, {@code sql-<state>}, {@code client-timeout}, {@code http-io}, {@code unfinished}
     * @param borrowUs time the webapp spent in getConnection, µs (-1 when unknown)
     */
    public record Sample(long intendedMs, long startMs, long endMs, String endpoint, int status, String outcome,
            long borrowUs) {
        /** @return response time from the intended start, ms */
        public long responseMs() {
            return endMs < 0 ? -1 : endMs - intendedMs;
        }
    }

    private final HttpClient http;
    private final String baseUrl;
    private final double ratePerSecond;
    private final double writeFraction;
    private final Duration requestTimeout;
    private final Ledger ledger;
    private final String runId;
    private final ConcurrentLinkedQueue<Sample> samples = new ConcurrentLinkedQueue<>();
    private final ExecutorService workers;
    private final Thread scheduler;
    private volatile boolean running = true;
    private volatile long t0;
    private final AtomicLong issued = new AtomicLong();

    /**
     * @param baseUrl webapp base URL, e.g. {@code http://127.0.0.1:8080}
     * @param ratePerSecond requests per second
     * @param writeFraction share of writes, 0..1
     * @param requestTimeout client-side timeout per request
     * @param concurrency most requests in flight (beyond that, requests queue with their intended start kept)
     * @param ledger where writes are recorded
     * @param runId prefix of write ids, unique per run
     */
    public OpenLoopLoad(String baseUrl, double ratePerSecond, double writeFraction, Duration requestTimeout,
            int concurrency, Ledger ledger, String runId) {
        this.baseUrl = baseUrl;
        this.ratePerSecond = ratePerSecond;
        this.writeFraction = writeFraction;
        this.requestTimeout = requestTimeout;
        this.ledger = ledger;
        this.runId = runId;
        this.workers = Executors.newFixedThreadPool(concurrency, r -> {
            Thread t = new Thread(r, "load-worker");
            t.setDaemon(true);
            return t;
        });
        // the client gets its own executor: sharing the senders' pool deadlocks once every sender is blocked
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        this.scheduler = new Thread(this::schedule, "load-scheduler");
        this.scheduler.setDaemon(true);
    }

    /**
     * Warms the webapp up (JIT, connection set-up) with closed-loop reads that are not recorded.
     *
     * @param requests number of warm-up requests
     */
    public void warmUp(int requests) {
        for (int i = 0; i < requests; i++) {
            try {
                http.send(HttpRequest.newBuilder(URI.create(baseUrl + "/short")).timeout(requestTimeout).build(),
                        HttpResponse.BodyHandlers.discarding());
            } catch (IOException e) {
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Starts issuing requests; time 0 of the samples is now. */
    public void start() {
        t0 = System.nanoTime();
        scheduler.start();
    }

    /** @return ms since the load started */
    public long nowMs() {
        return (System.nanoTime() - t0) / 1_000_000;
    }

    private void schedule() {
        long periodNs = (long) (1e9 / ratePerSecond);
        int writeEvery = writeFraction <= 0 ? Integer.MAX_VALUE : (int) Math.round(1 / writeFraction);
        for (long i = 0; running; i++) {
            long intended = t0 + i * periodNs;
            long wait;
            while ((wait = intended - System.nanoTime()) > 0 && running) {
                LockSupport.parkNanos(wait);
            }
            if (!running) {
                break;
            }
            boolean write = i % writeEvery == writeEvery - 1;
            long n = i;
            issued.incrementAndGet();
            workers.execute(() -> send(intended, write, n));
        }
    }

    private void send(long intendedNs, boolean write, long n) {
        long start = System.nanoTime();
        String id = write ? runId + "-" + n : null;
        String path = write ? "/write?writeId=" + id : "/short";
        int status = -1;
        String outcome;
        long borrowUs = -1;
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(baseUrl + path))
                    .timeout(requestTimeout).build(), HttpResponse.BodyHandlers.ofString());
            status = r.statusCode();
            Answer body = parse(r.body());
            borrowUs = body.borrowUs() == null ? -1 : body.borrowUs();
            outcome = classify(status, body);
        } catch (HttpTimeoutException e) {
            outcome = "client-timeout";
        } catch (IOException e) {
            outcome = "http-io";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            outcome = "unfinished";
        }
        long end = System.nanoTime();
        if (write) {
            // no connection, or the server refused the write: surely not committed; an SQL error, a timeout or no
            // answer: it may have committed
            ledger.record(id, "ok".equals(outcome) ? WriteOutcome.ACKNOWLEDGED
                    : status == 503 || PoolErrors.READ_ONLY.equals(outcome) ? WriteOutcome.FAILED : WriteOutcome.UNKNOWN);
        }
        samples.add(new Sample(ms(intendedNs), ms(start), ms(end), write ? "write" : "short", status, outcome,
                borrowUs));
    }

    private long ms(long ns) {
        return (ns - t0) / 1_000_000;
    }

    /**
     * What the webapp's servlets answer in JSON: the borrow time, and for a failure its class and the SQLState.
     * Other fields are ignored; an answer that is no JSON has none of them.
     *
     * @param borrowUs time in getConnection, µs, or null
     * @param error the failure's class (e.g. {@code pool-timeout}), or null
     * @param sqlState the SQLState, or null
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Answer(Long borrowUs, String error, String sqlState) {
    }

    private static Answer parse(String body) {
        try {
            Answer a = JSON.readValue(body, Answer.class);
            return a == null ? new Answer(null, null, null) : a;
        } catch (IOException e) {
            return new Answer(null, null, null);
        }
    }

    /**
     * Outcome of a response.
     *
     * @param status HTTP status
     * @param body JSON body of the webapp
     * @return the outcome name (see {@link Sample#outcome()})
     */
    static String classify(int status, Answer body) {
        if (status == 200) {
            return "ok";
        }
        String error = body.error() == null ? "" : body.error();
        if (status == 503 && !error.isEmpty()) {
            return error;
        }
        if (status == 500) {
            // the webapp's own class (PoolErrors.classify), with the SQLSTATE where it says only "sql"
            String state = body.sqlState() == null ? "" : body.sqlState();
            return error.isEmpty() || error.equals(PoolErrors.SQL) ? "sql-" + (state.isEmpty() ? "unknown" : state)
                    : error;
        }
        return "http-" + status;
    }

    /**
     * Stops issuing, waits for requests in flight up to {@code drain}, and returns every sample; requests still
     * running are reported as {@code unfinished}.
     *
     * @param drain longest wait for requests in flight
     * @return the samples in order of intended start
     * @throws InterruptedException when interrupted
     */
    public List<Sample> stop(Duration drain) throws InterruptedException {
        running = false;
        scheduler.join(5_000); // it issues without blocking: it ends at its next tick
        workers.shutdown();
        workers.awaitTermination(drain.toMillis(), TimeUnit.MILLISECONDS);
        workers.shutdownNow();
        List<Sample> out = new ArrayList<>(samples);
        // requests still in flight have no sample: they count as unfinished
        long missing = issued.get() - out.size();
        for (long i = 0; i < missing; i++) {
            out.add(new Sample(-1, -1, -1, "?", -1, "unfinished", -1));
        }
        out.sort((x, y) -> Long.compare(x.intendedMs(), y.intendedMs()));
        return out;
    }
}
