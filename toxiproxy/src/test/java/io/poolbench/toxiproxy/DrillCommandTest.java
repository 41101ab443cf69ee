package io.poolbench.toxiproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Bad input of the drills and the GTID comparison; no Docker needed. */
class DrillCommandTest {

    static String[] run(String dockerHost, String... args) throws Exception {
        Path hosts = Files.createTempFile("hosts", "");
        Files.writeString(hosts, "127.0.0.1 localhost\n");
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djdk.net.hosts.file=" + hosts, "-cp", System.getProperty("java.class.path"),
                "io.poolbench.toxiproxy.drill.DrillCommand"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("DOCKER_HOST", dockerHost);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes());
        int rc = p.waitFor();
        return new String[] {Integer.toString(rc), err.strip()};
    }

    @Test
    void withoutDockerTheDrillsSayHowToUseExternalMode() throws Exception {
        String[] r = run("unix:///nonexistent/docker.sock", "planned", "--conf-dir", "../webapp/conf");
        assertEquals("2", r[0], r[1]);
        assertEquals(1, r[1].lines().count(), r[1]);
        assertTrue(r[1].contains("need Docker") && r[1].contains("--external"), r[1]);
    }

    @Test
    void unknownDrillAndIncompleteExternalModeAreOneLine() throws Exception {
        String[] r = run("unix:///nonexistent/docker.sock", "failback", "--conf-dir", "../webapp/conf");
        assertEquals("2", r[0], r[1]);
        assertTrue(r[1].contains("drill failback is not one of its faults: give latency, planned, unplanned, stale, stall or all"), r[1]);
        r = run("unix:///nonexistent/docker.sock", "--external", "--conf-dir", "../webapp/conf");
        assertEquals("2", r[0], r[1]);
        assertTrue(r[1].contains("--external needs --endpoint-a"), r[1]);
    }

    @Test
    void numericOptionsOutOfRangeAreOneLineBeforeAnythingStarts() throws Exception {
        // --rate 0 hung forever; --repeats (now --rounds) 0 and --duration 0 were accepted with exit 0
        for (String[] bad : new String[][] {{"--rate", "0"}, {"--rounds", "0"}, {"--steady", "0"},
                {"--after", "-1"}, {"--latency-step", "0"}, {"--request-timeout", "0"}, {"--write-fraction", "2"}}) {
            String[] r = run("unix:///nonexistent/docker.sock", "planned", "--conf-dir", "../webapp/conf", bad[0], bad[1]);
            assertEquals("2", r[0], String.join(" ", bad) + ": " + r[1]);
            assertEquals(1, r[1].lines().count(), r[1]);
            assertTrue(r[1].contains(bad[0] + " " + bad[1] + " is out of range: allowed"), r[1]);
        }
    }

    @Test
    void mariaDbPositionsCoverPerDomain() {
        assertTrue(ReplicationControl.covers("0-2-120", "0-1-118"));
        assertTrue(ReplicationControl.covers("0-2-120,1-1-5", "0-1-120,1-3-5"));
        assertFalse(ReplicationControl.covers("0-2-117", "0-1-118"));
        assertFalse(ReplicationControl.covers("0-2-120", "1-1-1"));
        assertTrue(ReplicationControl.covers("", ""));
    }
}
