package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.run.RunDirectory;
import io.poolbench.testbed.run.RunRecord;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a hostile user typed into {@code check}, {@code plan}, {@code borrowers} and {@code report}: each ends in one
 * line naming what is wrong and what to do, exit 2, with nothing printed before it; or, where the input is valid,
 * with the answer it asked for.
 */
class HostileInputTest {
    @TempDir
    Path tmp;

    private Path yml(String text) throws Exception {
        return Files.writeString(tmp.resolve("application.yml"), text);
    }

    /** Exit 2, one line on stderr, nothing on stdout; returns the line. */
    private static String refused(String... args) {
        Console r = Console.run(args);
        assertEquals(2, r.code(), r.out() + r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertFalse(r.out().contains("#"), "nothing printed before the refusal: " + r.out());
        return r.err().strip();
    }

    @Test
    void placeholdersThatReferToThemselvesOrHaveNoValueAreOneLine() throws Exception {
        Path f = yml("spring:\n  datasource:\n    url: ${DB_URL}\n    hikari:\n      maximum-pool-size: ${POOL}\n");
        String circular = refused("check", f.toString(), "--set", "DB_URL=${DB_URL}", "--set", "POOL=5", "--out",
                tmp.resolve("o").toString());
        assertTrue(circular.contains("${DB_URL} refers to itself"), circular);
        assertTrue(refused("plan", "--profile", f.toString(), "--rate", "50", "--set", "DB_URL=${DB_URL}", "--set",
                "POOL=5").contains("${DB_URL} refers to itself"));
        String number = refused("check", f.toString(), "--set", "DB_URL=jdbc:mysql://db/app", "--out",
                tmp.resolve("o").toString());
        assertTrue(number.contains("spring.datasource.hikari.maximum-pool-size") && number.contains("--set POOL="),
                number);
        String empty = refused("check", f.toString(), "--set", "=foo", "--set", "DB_URL=jdbc:mysql://db/app",
                "--set", "POOL=5", "--out", tmp.resolve("o").toString());
        assertTrue(empty.contains("--set with no property name"), empty);
    }

    @Test
    void aValueTheDriverRefusesIsOneLineNamingTheProperty() throws Exception {
        Path f = yml("spring:\n  datasource:\n    url: jdbc:mysql://db:3306/app?socketTimeout=abc\n");
        String line = refused("check", f.toString(), "--out", tmp.resolve("o").toString());
        assertTrue(line.contains("Connector/J refuses it") && line.contains("socketTimeout"), line);
    }

    @Test
    void aNumberPastTheIntRangeNamesTheAttributeNotTheDatabase() throws Exception {
        String xml = Files.readString(Path.of("../webapp/conf/dbcp2.xml")).replaceFirst("maxTotal=\"\\d+\"",
                "maxTotal=\"99999999999\"");
        Path f = Files.writeString(tmp.resolve("big.xml"), xml);
        String line = refused("check", f.toString(), "--out", tmp.resolve("o").toString());
        assertTrue(line.contains("maxTotal=\"99999999999\" is no number") && !line.contains("reachable"), line);
    }

    @Test
    void aLoopAPipeAndAnUnknownPoolTypeSayWhatTheyAre() throws Exception {
        Path a = tmp.resolve("a.yml");
        Path b = tmp.resolve("b.yml");
        Files.createSymbolicLink(a, b);
        Files.createSymbolicLink(b, a);
        assertTrue(refused("check", a.toString()).contains("leads to itself"));
        Path xmlLoop = tmp.resolve("loop.xml");
        Files.createSymbolicLink(xmlLoop, xmlLoop);
        assertTrue(refused("check", xmlLoop.toString()).contains("leads to itself"));
        Path fifo = tmp.resolve("fifo.yml");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        assertTrue(refused("check", fifo.toString()).contains("is not a regular file (a device, pipe or socket)"));
        Path type = Files.writeString(tmp.resolve("application.properties"),
                "spring.datasource.url=jdbc:mysql://db/app\nspring.datasource.type=com.example.NoSuchPool\n");
        String line = refused("check", type.toString(), "--out", tmp.resolve("o").toString());
        assertTrue(line.contains("com.example.NoSuchPool is not on poolbench's class path"), line);
    }

    @Test
    void refusalsOfAMeasurementComeBeforeThePageAndNameTheirOwnOption() throws Exception {
        Console rounds = Console.run("check", "hikari", "--measure", "--rounds", "0", "--out",
                tmp.resolve("o").toString());
        assertEquals(2, rounds.code());
        assertEquals("", rounds.out(), "the page is not printed before the refusal");
        String knee = refused("plan", "--profile", "hikari", "--rate", "50", "--query-p50-ms", "3", "--query-p90-ms", "40",
                "--measure-knee");
        assertTrue(knee.startsWith("poolbench: --measure-knee serves every query"), knee);
        Path pg = yml("spring:\n  datasource:\n    url: jdbc:postgresql://db/app\n");
        String postgres = refused("plan", "--profile", pg.toString(), "--rate", "50", "--measure", "30");
        assertTrue(postgres.contains("the URL is postgresql") && !postgres.contains("predicted above"), postgres);
    }

    @Test
    void planReadsASpringFileWithMoreDriverPropertiesThanTheJdksAttributeLimit() throws Exception {
        String props = IntStream.range(0, 10_050).mapToObj(i -> "      p" + i + ": v").collect(Collectors.joining("\n"));
        Path f = yml("spring:\n  datasource:\n    url: jdbc:mysql://db/app\n    hikari:\n"
                + "      data-source-properties:\n" + props.replace("      p", "        p") + "\n");
        Console r = Console.run("plan", "--profile", f.toString(), "--rate", "50");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("pool size 10"), r.out());
    }

    @Test
    void aLongestQueryAtTheSocketTimeoutIsSaidToBeCutOff() throws Exception {
        Path f = yml("spring:\n  datasource:\n    url: jdbc:mysql://db/app?socketTimeout=10000\n");
        Console r = Console.run("check", f.toString(), "--longest-query-ms", "20000", "--out", tmp.resolve("o").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("--longest-query-ms 20000: your longest query (20 s) is not shorter than the driver's"
                + " socketTimeout (10 s)"), r.out());
    }

    @Test
    void reportRebuildsABorrowersRunRatherThanRefusingIt() throws Exception {
        Path dir = RunDirectory.prepare(tmp.resolve("borrowers"), tmp, false);
        RunRecord.start(dir, "borrowers", List.of("borrowers"), Map.of(), new PrintStream(
                OutputStream.nullOutputStream())).finish();
        Console r = Console.run("report", dir.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("written: " + dir.resolve("borrowers/summary.md")), r.out());
    }

    @Test
    void oneParserOfVersionListsForEveryCommand() {
        String borrowers = refused("borrowers", "--profiles", "hikari", "--pool-version", "hikari=7.0.2,jar:7.0.2",
                "--threads", "platform", "--out", tmp.resolve("b").toString());
        assertTrue(borrowers.contains("jar:7.0.2 is no version"), borrowers);
        String same = refused("borrowers", "--profiles", "hikari", "--pool-version", "hikari=7.0.2,7.0.2.0",
                "--threads", "platform", "--out", tmp.resolve("b").toString());
        assertTrue(same.contains("are one version"), same);
        String check = refused("check", "hikari", "--pool-version", "7.0.2,jar:7.0.2", "--out",
                tmp.resolve("c").toString());
        assertTrue(check.contains("jar:7.0.2 is no version"), check);
    }
}
