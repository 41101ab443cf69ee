package io.poolbench.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.poolbench.testbed.Database;
import io.poolbench.testbed.DataSet;
import io.poolbench.testbed.PoolProfile;
import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The main job: for the database given, (1) the JMH ConnectionCycle run for every profile, (2) for each profile the
 * webapp (its own JVM) under the JMeter plan (another JVM), sampling the pool's state twice a second, (3) the
 * report. Each phase writes its raw results as soon as it ends and the report is regenerated after each, so an
 * interrupted run keeps what finished. All children are stopped at the end, on failure and on Ctrl-C.
 */
final class MainJob {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private final Artifacts art;
    private final RunSettings settings;
    private final Path out;
    private final Progress progress;

    MainJob(Artifacts art, RunSettings settings, Path out, Progress progress) {
        this.art = art;
        this.settings = settings;
        this.out = out;
        this.progress = progress;
    }

    /**
     * Runs every phase against an open database.
     *
     * @param db the database (data set already loaded)
     * @param vars placeholder values for the profiles
     * @throws IOException when results cannot be written
     * @throws InterruptedException when interrupted
     */
    void run(Database db, Map<String, String> vars) throws IOException, InterruptedException {
        Files.createDirectories(out);
        JSON.writeValue(out.resolve("run.json").toFile(), settings);
        int phases = (settings.skipJmh() ? 0 : 1) + (settings.skipLoad() ? 0 : settings.profiles().size()) + 1;
        int phase = 0;
        if (!settings.skipJmh()) {
            progress.phase(++phase, phases, "JMH ConnectionCycle (stub driver) for " + settings.profiles());
            runJmh();
            Report.write(out, progress);
        }
        if (!settings.skipLoad()) {
            for (String profile : settings.profiles()) {
                progress.phase(++phase, phases, "webapp + JMeter, profile " + profile);
                runLoad(profile, db, vars);
                Report.write(out, progress);
            }
        }
        progress.phase(++phase, phases, "report");
        Report.write(out, progress);
    }

    private void runJmh() throws IOException, InterruptedException {
        Path dir = out.resolve("jmh");
        Files.createDirectories(dir);
        List<String> cmd = new ArrayList<>(List.of(Children.java(), "-jar", art.benchmarksJar().toString()));
        cmd.addAll(settings.jmhArgs());
        cmd.addAll(List.of("-p", "profile=" + String.join(",", absolute(settings.profiles())),
                "-jvmArgsAppend", "-Xms1g -Xmx1g -Dpoolbench.conf=" + art.confDir().toAbsolutePath(),
                "-rf", "json", "-rff", dir.resolve("jmh.json").toAbsolutePath().toString()));
        Process p = Children.start(cmd, Map.of(), dir.resolve("jmh.log"), line -> {
            if (line.startsWith("# Run progress") || line.startsWith("# Benchmark:")
                    || line.startsWith("# Parameters:") || line.startsWith("WARNING profile")) {
                progress.detail("jmh", line.replace("# ", ""));
            }
        });
        int rc = p.waitFor();
        if (rc != 0) {
            throw new TestbedException("JMH exited with " + rc + "; see " + dir.resolve("jmh.log"));
        }
    }

    /** Profile names stay names (JMH shows them); paths become absolute. */
    private List<String> absolute(List<String> profiles) {
        List<String> r = new ArrayList<>();
        for (String p : profiles) {
            r.add(p.contains("/") ? Path.of(p).toAbsolutePath().toString() : p);
        }
        return r;
    }

    private void runLoad(String profile, Database db, Map<String, String> vars)
            throws IOException, InterruptedException {
        PoolProfile pp = PoolProfile.load(PoolProfile.locate(profile, art.confDir()));
        Path dir = out.resolve("load").resolve(pp.name());
        Files.createDirectories(dir);
        JSON.writeValue(dir.resolve("profile.json").toFile(), Map.of("name", pp.name(), "file",
                pp.file().toString(), "pool", pp.kind().name(), "settings", pp.settingsForReport(),
                "warnings", pp.warnings()));
        int shutdownPort = freePort();
        Path ready = dir.resolve("webapp.port");
        Files.deleteIfExists(ready);
        List<String> web = List.of(Children.java(), "-Xms512m", "-Xmx512m", "-jar", art.webappJar().toString(),
                "--context-xml", pp.file().toAbsolutePath().toString(), "--port", "0",
                "--shutdown-port", Integer.toString(shutdownPort), "--ready-file", ready.toString(),
                "--max-threads", Integer.toString(settings.webappMaxThreads()),
                "--db", "external", "--jdbc-url", vars.get("poolbench.jdbc.url"), "--no-load-data",
                "--rows", Integer.toString(settings.rows()));
        Process webapp = Children.start(web, Map.of("POOLBENCH_JDBC_USER", vars.get("poolbench.jdbc.user"),
                "POOLBENCH_JDBC_PASSWORD", vars.get("poolbench.jdbc.password")), dir.resolve("webapp.log"),
                line -> {
                    if (line.startsWith("poolbench-webapp:") || line.startsWith("WARNING profile")) {
                        progress.detail("webapp", line);
                    }
                });
        Process jmeter = null;
        PoolSampler sampler = null;
        try {
            int port = awaitReady(webapp, ready, dir.resolve("webapp.log"));
            progress.detail("webapp", pp.name() + " (" + pp.kind() + ") serving on 127.0.0.1:" + port);
            sampler = new PoolSampler(port, dir.resolve("pool.csv"));
            sampler.start();
            Path results = dir.resolve("results.csv");
            Path dashboard = dir.resolve("dashboard");
            io.poolbench.testbed.Cli.deleteTree(dashboard);
            Files.deleteIfExists(results);
            DataSet data = DataSet.ofOrders(settings.rows());
            List<String> jm = List.of(Children.java(), "-Xms512m", "-Xmx512m", "-jar", art.jmeterJar().toString(),
                    "-n", "-t", art.plan().toAbsolutePath().toString(),
                    "-l", results.toAbsolutePath().toString(), "-e", "-o", dashboard.toAbsolutePath().toString(),
                    "-j", dir.resolve("jmeter.log").toAbsolutePath().toString(),
                    "-Jhost=127.0.0.1", "-Jport=" + port,
                    "-Jduration=" + settings.durationSeconds(), "-Jrampup=" + settings.rampupSeconds(),
                    "-Jshort.threads=" + settings.shortThreads(), "-Jmedium.threads=" + settings.mediumThreads(),
                    "-Jlong.threads=" + settings.longThreads(), "-JthinkMs=" + settings.thinkMs(),
                    "-Jrows=" + data.orders(), "-Jcustomers=" + data.customers(),
                    "-Jsummariser.interval=10", "-Jjmeter.save.saveservice.output_format=csv");
            long t0 = System.nanoTime();
            jmeter = Children.start(jm, Map.of(), dir.resolve("jmeter.out"), line -> {
                if (line.startsWith("summary +")) {
                    long s = (System.nanoTime() - t0) / 1_000_000_000L;
                    progress.detail("jmeter " + pp.name(), s + "/" + settings.durationSeconds() + " s, "
                            + line.substring("summary +".length()).trim().replaceAll("\\s+", " "));
                }
            });
            int rc = jmeter.waitFor();
            if (rc != 0 || !Files.isRegularFile(results)) {
                throw new TestbedException("JMeter exited with " + rc + "; see " + dir.resolve("jmeter.log"));
            }
        } finally {
            if (sampler != null) {
                sampler.stop();
            }
            Children.stop(jmeter, 5);
            shutdown(shutdownPort);
            if (!webapp.waitFor(20, TimeUnit.SECONDS)) {
                Children.stop(webapp, 5);
            }
        }
    }

    private static int awaitReady(Process webapp, Path ready, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (Files.isRegularFile(ready)) {
                String s = Files.readString(ready).trim();
                if (!s.isEmpty()) {
                    return Integer.parseInt(s);
                }
            }
            if (!webapp.isAlive()) {
                String last = Files.readAllLines(log).stream().filter(l -> l.startsWith("poolbench-webapp:"))
                        .reduce((a, b) -> b).orElse("exit code " + webapp.exitValue());
                throw new TestbedException("the webapp did not start: " + last + " (log: " + log + ")");
            }
            Thread.sleep(200);
        }
        throw new TestbedException("the webapp did not start within 120 s; see " + log);
    }

    private static void shutdown(int port) {
        try (Socket s = new Socket("127.0.0.1", port); OutputStream o = s.getOutputStream()) {
            o.write("SHUTDOWN".getBytes(StandardCharsets.US_ASCII));
        } catch (IOException alreadyGone) {
            // not listening: the process is gone or going
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Samples GET /pool every 500 ms into a CSV: elapsed ms, active, idle, waiting, total, max. */
    static final class PoolSampler {
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
            thread.join(3_000);
        }
    }
}
