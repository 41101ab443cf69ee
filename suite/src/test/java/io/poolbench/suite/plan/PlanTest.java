package io.poolbench.suite.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.Console;
import io.poolbench.suite.PoolbenchMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code poolbench plan} on the two verbatim Aurora files at the article's per-server rate, and bad input. */
class PlanTest {
    private static String plan(String... args) {
        PrintStream out = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, PoolbenchMain.run(args), () -> buf.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aSpreadNeedsBothPercentilesAndReplacesTheFixedHold() {
        Console former = Console.run("plan", "--profile", "hikari", "--rate", "10", "--hold-ms", "5");
        assertEquals(0, former.code(), former.err());
        assertTrue(former.err().contains("--hold-ms is now --query-ms (per query"), former.err());
        assertTrue(former.out().contains("1 query of 5 ms") || former.out().contains("queries of 5 ms"), former.out());
        Console p50 = Console.run("plan", "--profile", "hikari", "--rate", "10", "--query-p50-ms", "5");
        assertEquals(2, p50.code());
        assertTrue(p50.err().contains("--query-p50-ms needs --query-p90-ms"), p50.err());
        Console both = Console.run("plan", "--profile", "hikari", "--rate", "10", "--query-ms", "5", "--query-p90-ms", "9");
        assertEquals(2, both.code());
        assertTrue(both.err().contains("give --query-ms, or --query-p50-ms with --query-p90-ms, not both"), both.err());
    }

    private static double kneeRate(String text) {
        Matcher m = Pattern.compile("at ([0-9,.]+) requests/s at this round trip").matcher(text);
        assertTrue(m.find(), text);
        return Double.parseDouble(m.group(1).replace(",", ""));
    }

    @Test
    void aSpringBootFileIsReadAsSpringBootBindsItOfAnyDatabase(@TempDir Path tmp) throws Exception {
        Path yml = Files.writeString(tmp.resolve("application.yml"), """
                spring:
                  datasource:
                    url: ${DB_URL}
                    username: orders
                    password: canary-7f3a
                    hikari:
                      maximum-pool-size: 20
                      connection-timeout: 3000
                """);
        String text = plan("plan", "--profile", yml.toString(), "--set", "DB_URL=jdbc:postgresql://db:5432/o",
                "--rate", "100", "--run-minutes", "1");
        assertTrue(text.contains("(HikariCP): pool size 20, borrow timeout 3,000 ms"), text);
        assertTrue(text.lines().skip(1).findFirst().orElseThrow().startsWith("read: " + yml), "under the title: "
                + text);
        assertTrue(!text.contains("canary-7f3a"), text);
        assertEquals(2, PoolbenchMain.run("plan", "--profile", tmp.resolve("missing.yml").toString(), "--rate", "10"));
    }

    @Test
    void theVerbatimDbcpResourceIsAPoolOfTenThatValidatesEveryBorrowAndBreaksFarBeforeHikariCp() {
        String dbcp = plan("plan", "--profile", "aurora-article-dbcp-verbatim", "--rate", "12.5", "--run-minutes", "5");
        assertTrue(dbcp.contains("(DBCP 1.4): pool size 10, borrow timeout 10,000 ms, a validation round trip on every"
                + " borrow"), dbcp);
        assertTrue(dbcp.contains("connections busy on average of 10"), dbcp);
        String hikari = plan("plan", "--profile", "aurora-article-hikari-verbatim", "--rate", "12.5", "--run-minutes", "5");
        assertTrue(hikari.contains("(HikariCP): pool size 300"), hikari);
        double d = kneeRate(dbcp);
        double h = kneeRate(hikari);
        assertTrue(d > 12.5 && d < 10 * 1000 / 45.0, "DBCP 1.4's knee between the article's rate and saturation: " + d);
        assertTrue(h > 10 * d, "300 connections break far later than 10: " + h + " against " + d);
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        assertEquals(2, PoolbenchMain.run("plan", "--profile", "aurora-article-dbcp-verbatim", "--rate", "0"));
        assertEquals(2, PoolbenchMain.run("plan", "--profile", "aurora-article-dbcp-verbatim", "--rate", "10", "--rtt-ms",
                "20000"));
        assertEquals(2, PoolbenchMain.run("plan", "--profile", "unpooled", "--rate", "10"));
        assertEquals(2, PoolbenchMain.run("plan", "--profile", "no-such-profile", "--rate", "10"));
    }

    /**
     * The inputs that once ran out of memory after a minute: a rate no pool can mean is refused, a pool of two billion
     * is refused before it is built, a long hold or a day simulated is answered with the simulation's bound said.
     * The timeout only guards against a hang; it measures nothing.
     */
    @Test
    @Timeout(120)
    void extremeInputsEndWithAnAnswerOrOneLine(@TempDir Path tmp) throws Exception {
        assertEquals(2, PoolbenchMain.run("plan", "--profile", "hikari", "--rate", "1e12"));
        assertEquals(2, PoolbenchMain.run("plan", "--profile", "hikari", "--rate", "Infinity"));
        Path huge = tmp.resolve("huge.xml");
        Files.writeString(huge, Files.readString(Path.of("../webapp/conf/hikari.xml"))
                .replaceFirst("maximumPoolSize=\"\\d+\"", "maximumPoolSize=\"2000000000\""));
        assertTrue(Files.readString(huge).contains("2000000000"));
        assertEquals(2, PoolbenchMain.run("plan", "--profile", huge.toString(), "--rate", "10"));
        assertTrue(plan("plan", "--profile", "hikari", "--rate", "100000", "--query-ms", "600000")
                .contains("simulation"));
        assertTrue(plan("plan", "--profile", "hikari", "--rate", "5000", "--run-minutes", "1440")
                .contains("simulation"));
    }
}
