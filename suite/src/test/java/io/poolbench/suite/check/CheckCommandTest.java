package io.poolbench.suite.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.poolbench.suite.Console;
import io.poolbench.testbed.report.ResultJson;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code poolbench check} on shipped profiles and a Spring Boot file: its JSON, its exit codes, its secrets. */
class CheckCommandTest {
    @TempDir
    Path tmp;

    @Test
    void theMeasurementRunsAtTheServicesRateUnlessToldOtherwise() {
        CheckCommand atRate = new CheckCommand();
        new picocli.CommandLine(atRate).parseArgs("hikari", "--rate", "400", "--measure");
        assertEquals(400, atRate.measureRate());
        CheckCommand told = new CheckCommand();
        new picocli.CommandLine(told).parseArgs("hikari", "--rate", "400", "--measure", "--measure-rate", "120");
        assertEquals(120, told.measureRate());
        CheckCommand none = new CheckCommand();
        new picocli.CommandLine(none).parseArgs("hikari", "--measure");
        assertEquals(CheckCommand.DEFAULT_MEASURE_RATE, none.measureRate());
    }

    @Test
    void aFormerOptionNameStillWorksAndSaysTheNewOne() throws Exception {
        Path old = tmp.resolve("old");
        Path now = tmp.resolve("now");
        Console r = Console.run("check", "hikari", "--rate", "100", "--hold-ms", "20", "--out", old.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("--hold-ms is now --request-hold-ms (per request"), r.err());
        assertEquals(0, Console.run("check", "hikari", "--rate", "100", "--request-hold-ms", "20", "--out",
                now.toString()).code());
        assertEquals(Files.readString(now.resolve("check.json")).replace(now.toString(), ""),
                Files.readString(old.resolve("check.json")).replace(old.toString(), ""));
    }

    @Test
    void theArticlesTwoPoolsGetTheirChainsFromTheirOwnSettings() throws Exception {
        Path out = tmp.resolve("out");
        Console r = Console.run("check", "aurora-article-dbcp-verbatim", "aurora-article-hikari-verbatim", "--stall", "20", "--out",
                out.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode json = ResultJson.MAPPER.readTree(out.resolve("check.json").toFile());
        JsonNode dbcp = json.get(0);
        assertEquals("DBCP 1.4", dbcp.at("/pool/pool").asText());
        assertEquals(10, dbcp.at("/pool/timeouts/maxSize").asInt(), "DBCP 1.4 as printed lends 10");
        assertEquals(180_000, dbcp.at("/pool/driver/socketTimeoutMs").asLong(), "Connector/J read the URL");
        // unplanned failover: maxWait 10 s, then, in series, a validation query only the socketTimeout (3 min) ends
        assertEquals(190_000, dbcp.at("/predictions/2/longestWaitMs").asLong());
        JsonNode hikari = json.get(1);
        // a connection lent within the 500-ms window runs into the silent writer until socketTimeout (3 min)
        assertEquals(180_000, hikari.at("/predictions/2/longestWaitMs").asLong());
        assertTrue(Files.readString(out.resolve("check.md")).contains("| unplanned failover |"));
    }

    @Test
    void aSpringBootFileShowsHikariCpsOwnResetsAndNeverItsPassword() throws Exception {
        Path yml = Files.writeString(tmp.resolve("application.yml"), """
                spring:
                  datasource:
                    url: ${DB_URL}
                    username: orders
                    password: canary-7f3a
                    hikari:
                      max-lifetime: 20000
                      keepalive-time: 10000
                """);
        Path out = tmp.resolve("spring");
        Console r = Console.run("check", yml.toString(), "--set", "DB_URL=jdbc:mysql://orders:canary-7f3a@db:3306/o",
                "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("maxLifetime is less than 30000ms, setting to default 1800000ms"), r.out());
        assertTrue(r.out().contains("keepaliveTime is less than 30000ms, disabling it"), r.out());
        assertTrue(r.out().contains("was built with HikariCP ") && r.out().contains("-Dincludes=com.zaxxer:HikariCP")
                && r.out().contains("--pool-version "), "which version the check built, and how to give yours: "
                + r.out());
        for (String text : new String[] {r.out(), r.err(), Files.readString(out.resolve("check.md")),
            Files.readString(out.resolve("check.json"))}) {
            assertFalse(text.contains("canary-7f3a"), text);
        }
    }

    @Test
    void withARateThePageAlsoSaysWhereThePoolBreaksWithoutAFault() throws Exception {
        Path out = tmp.resolve("rate");
        Console r = Console.run("check", "aurora-article-dbcp-verbatim", "--rate", "100", "--request-hold-ms", "20", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Where it breaks under your load"), r.out());
        JsonNode json = ResultJson.MAPPER.readTree(out.resolve("check.json").toFile());
        assertTrue(json.get(0).get("plan").asText().contains("breaks (p99 response"), json.toString());
        // each request holds its connection 20 ms + a round trip of 1 ms + a validation round trip on every borrow
        // (testOnBorrow), as the load section counts it: 100 requests/s × 22 ms = 2.2 connections busy of 10, ρ =
        // 0.22; a 5-s stall drains in 5 × 0.22 / 0.78 = 1.41 s
        assertEquals(6_410, json.at("/0/predictions/0/longestWaitMs").asLong());
        assertTrue(r.out().contains("holding a connection 22 ms each (--request-hold-ms and the round trip, as the load section"
                + " counts it: 22 % of the pool busy)"), r.out());
    }

    @Test
    void badInputIsOneLineAndExitTwoAndAHangAboveTheLimitExitsThree() throws Exception {
        assertEquals(2, Console.run("check", "hikari", "--stall", "0").code());
        assertEquals(2, Console.run("check", "hikari", "--stall", "601").code());
        assertEquals(2, Console.run("check", "no-such-profile").code());
        assertEquals(2, Console.run("check", "hikari", "--rtt-ms", "-1").code());
        assertEquals(2, Console.run("check", "hikari", "--promote-s", "0").code());
        Path yml = Files.writeString(tmp.resolve("application.yml"), "spring:\n  datasource:\n    url: ${DB_URL}\n");
        Console r = Console.run("check", yml.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--set DB_URL="), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        // a client TCP timer out of the kernel's range, or a keepalive without its three numbers: one line each
        Console t = Console.run("check", "hikari", "--tcp-retries2", "16");
        assertEquals(2, t.code());
        assertEquals("poolbench: --tcp-retries2 / --tcp-keepalive: tcp_retries2 16 is out of range: give 1 to 15",
                t.err().strip());
        assertEquals(2, Console.run("check", "hikari", "--tcp-keepalive", "20,5").code());
        assertEquals(2, Console.run("check", "hikari", "--old-writer-back-s", "-1").code());
        Console noMeasure = Console.run("check", "hikari", "--tcp-faults", "all");
        assertEquals(2, noMeasure.code());
        assertEquals("poolbench: --tcp-faults measures: give --measure too", noMeasure.err().strip());
        Console unknown = Console.run("check", "hikari", "--measure", "--tcp-faults", "black-holes");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("give black-hole, silent-after-ack, reboot, crash, dns-flip or all"), unknown.err());
        Console failback = Console.run("check", "hikari", "--measure", "--failovers", "unplanned,failback");
        assertEquals(2, failback.code());
        assertEquals("poolbench: --failovers failback is not one of its faults: give planned, unplanned or stale",
                failback.err().strip(), "one line, before the page");
        assertEquals("", failback.out(), "nothing printed before the refusal");
        // the shipped hikari profile sets no socketTimeout: a query the writer acknowledged can hang 2.2 h
        // (keepalive)
        assertEquals(3, Console.run("check", "hikari", "--max-hang-s", "60", "--out", tmp.resolve("h").toString()).code());
        // rerun into the same --out with bad input: the earlier run's page does not stay as if it were this one's
        assertTrue(Files.isRegularFile(tmp.resolve("h/check.md")));
        assertEquals(2, Console.run("check", "hikari", "--stall", "0", "--out", tmp.resolve("h").toString()).code());
        assertFalse(Files.exists(tmp.resolve("h/check.md")) || Files.exists(tmp.resolve("h/check.json")));
    }
}
