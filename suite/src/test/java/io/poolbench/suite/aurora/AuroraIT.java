package io.poolbench.suite.aurora;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.aurora.run.RunOutcome;
import io.poolbench.suite.aurora.run.Screens;
import io.poolbench.suite.process.JtlSample;
import io.poolbench.suite.process.WebappRecording;
import io.poolbench.testbed.load.ScreenLog;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.toxiproxy.Ledger;
import io.poolbench.toxiproxy.RequiresDocker;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import jdk.jfr.consumer.RecordingFile;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny Aurora run (Docker): the article's HikariCP resource (DBCP 1.4's runs in {@link AuroraMapIT}, DBCP2's in
 * {@link AuroraStallIT}, which keeps this test within the build's time) and the two driver-failover profiles, two
 * JMeter engines, 14 s measured with a planned failover (the quick suite's Aurora settings). Checks the mechanics and the bookkeeping, never a timing: the table has every run
 * and screen beside the article's columns, the failover chart exists, every request JMeter sent is in the webapp's
 * own record and the other way round (none lost between the two), each run has its JFR recording, and the driver
 * profiles are linted against the cluster and have their failover row.
 */
@ExtendWith(RequiresDocker.class)
class AuroraIT {
    /** Connector/J's multi-host failover and the AWS Advanced JDBC Wrapper, each under HikariCP. */
    static final List<String> DRIVER_PROFILES = List.of("aurora-article-hikari-connectorj-failover",
            "aurora-article-hikari-aws-wrapper");

    /** The article's HikariCP resource (DBCP 1.4's runs in {@link AuroraMapIT}, DBCP2's in {@link AuroraStallIT}). */
    static final List<String> ARTICLE_PROFILES = List.of("aurora-article-hikari-verbatim");

    @TempDir
    Path tmp;

    @Test
    void tinyAuroraRunWithFailoverAccountsForEveryRequest() throws Exception {
        Path out = tmp.resolve("run");
        // the article's HikariCP resource, then the drivers' own failover under HikariCP: each is linted
        // against the cluster and fails over once
        List<String> profiles = new ArrayList<>(ARTICLE_PROFILES);
        profiles.addAll(DRIVER_PROFILES);
        Process p = AuroraProcess.start(tmp, "--out", out.toString(), "--duration", "14", "--warmup", "6", "--rampup",
                "2", "--failover", "--rows", "2000", "--long-screen-max-ms", "2000", "--profiles",
                String.join(",", profiles));
        String console = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(15, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), console);
        Manifest m = Manifest.read(out);
        assertEquals("ok", m.status(), m.phases().toString());
        String md = Files.readString(out.resolve("screens/summary.md"));
        JsonNode summary = new ObjectMapper().readTree(out.resolve("screens/summary.json").toFile());
        for (String id : ARTICLE_PROFILES) {
            assertTrue(md.contains("| " + id + " | "), id + " in\n" + md);
            JsonNode run = null;
            for (JsonNode r : summary.get("runs")) {
                if (r.get("id").asText().equals(id)) {
                    run = r;
                }
            }
            assertNotNull(run, "our figures for " + id + " in summary.json: " + summary);
            for (String screen : Screens.NAMES) {
                JsonNode st = null;
                for (JsonNode x : run.get("screens")) {
                    if (x.get("screen").asText().equals(screen)) {
                        st = x;
                    }
                }
                assertNotNull(st, id + " has no " + screen + " screen: " + run);
                // measured cells: present, positive, and percentiles in their order
                long n = st.get("n").asLong();
                long median = st.get("medianMs").asLong();
                long p90 = st.get("p90Ms").asLong();
                long p99 = st.get("p99Ms").asLong();
                long max = st.get("maxMs").asLong();
                assertTrue(n > 0 && median > 0, id + " " + screen + ": " + st);
                assertTrue(median <= p90 && p90 <= p99 && p99 <= max, id + " " + screen + ": " + st);
            }
            assertTrue(Files.isRegularFile(out.resolve("screens/" + id + "/timeline.png")), id);
            // every sample carries its place in the plan's schedule, and its latency from there includes JMeter's
            List<JtlSample> samples = JtlSample.read(out.resolve("screens/" + id + "/results.csv"));
            assertTrue(!samples.isEmpty() && samples.stream().allMatch(x -> x.intendedStartEpochMs() > 0
                    && x.fromIntendedStartMs() >= x.elapsedMs()), id + ": samples without an intended start");
            accountedFor(out.resolve("screens/" + id), true);
            // --failover records the webapp with JFR: the environment (the password's way in) is not recorded, and
            // the screens' statements are found as socket reads in the requests' work
            Path jfr = out.resolve("screens/" + id + "/" + WebappRecording.FILE);
            assertTrue(Files.isRegularFile(jfr), id + ": no JFR recording");
            assertTrue(RecordingFile.readAllEvents(jfr).stream().noneMatch(e -> e.getEventType().getName()
                    .startsWith("jdk.Initial")), id + ": the recording holds the environment or system properties");
            assertTrue(WebappRecording.read(jfr, 0, Long.MAX_VALUE, Long.MAX_VALUE)
                    .of(WebappRecording.Kind.SOCKET_READ, WebappRecording.Part.WORK, false).count() > 0, id);
        }
        assertTrue(md.contains("## Where request threads waited"), md);
        assertTrue(md.contains("## Latency from each request's intended start"), md);
        for (String id : ARTICLE_PROFILES) {
            // every profile's short-screen requests matched between JMeter and the webapp's record
            assertTrue(md.lines().anyMatch(l -> l.matches("\\| " + id + " \\| short \\| [1-9][0-9,]* \\| .*")),
                    id + ": its time outside the servlet\n" + md);
        }
        for (String id : DRIVER_PROFILES) {
            String lint = Files.readString(out.resolve("screens/" + id + "/lint.txt"));
            assertTrue(lint.contains("HikariCP"), id + " linted against the cluster: " + lint);
            assertTrue(md.lines().anyMatch(l -> l.startsWith("| " + id + " | ") && l.replace("\\>", ">").contains("(> ")),
                    id + ": its failover row\n" + md);
            assertTrue(md.lines().noneMatch(l -> l.startsWith("| " + id + " | **no failover recorded**")), md);
        }
        assertTrue(md.contains("| HikariCP | 46 | 45 | 57 | 22 | 347 |"), "the article's HikariCP short row:\n" + md);
        assertTrue(md.contains("## Failover") && md.contains("## Load achieved and where the CPU went"), md);
        assertTrue(md.contains("jmeter engine 1") && md.contains("jmeter engine 2") && md.contains("mysql-a"), md);
    }

    /**
     * Every request JMeter recorded reached the webapp's record and vice versa (matched by count per screen).
     *
     * @param run the run's directory
     * @param failover whether the run failed over (its outcome then names the moved endpoint and the ledger)
     */
    static void accountedFor(Path run, boolean failover) throws Exception {
        List<ScreenLog.Entry> log = ScreenLog.read(run.resolve("screens.csv"));
        int jmeter = 0;
        int noAnswer = 0;
        Set<String> users = new HashSet<>();
        try (Reader r = Files.newBufferedReader(run.resolve("results.csv"), StandardCharsets.UTF_8)) {
            for (CSVRecord rec : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(r)) {
                jmeter++;
                if (rec.get("responseCode").startsWith("Non HTTP")) {
                    noAnswer++;
                }
                String url = rec.get("URL");
                users.add(url.substring(url.indexOf("user=") + 5).replaceAll("&.*", ""));
            }
        }
        assertTrue(jmeter > 0, run.toString());
        assertEquals(jmeter - noAnswer, log.size(), run + ": JMeter samples with an HTTP answer vs webapp records");
        assertTrue(users.stream().anyMatch(u -> u.startsWith("1")) && users.stream().anyMatch(u -> u.startsWith("2")),
                "both engines sent requests: " + users);
        if (!failover) {
            return;
        }
        RunOutcome o = ResultJson.MAPPER.readValue(run.resolve("outcome.json").toFile(), RunOutcome.class);
        assertTrue(o.writer().events().containsKey("endpoint-moved"), o.toString());
        Ledger.Reconciliation ledger = o.writer().ledger();
        assertNotNull(ledger, "a failover run reconciles its writes: " + o);
        assertTrue(ledger.acknowledged() > 0, "writes were acknowledged: " + ledger);
        assertEquals(0, ledger.lost(), "no acknowledged write is missing on the new writer: " + ledger);
    }
}
