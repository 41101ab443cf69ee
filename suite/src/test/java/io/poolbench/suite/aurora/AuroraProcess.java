package io.poolbench.suite.aurora;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts {@code target/poolbench.jar aurora} in its own JVM the way the Aurora ITs run it: with a hosts file of its
 * own (the drills rewrite it), no DNS caching, the project root as {@code --root}, Testcontainers without Ryuk, and
 * stderr merged into stdout.
 */
public final class AuroraProcess {
    private AuroraProcess() {
    }

    /**
     * @param tmp the test's temporary directory; the hosts file goes there
     * @param args the Aurora scenario's arguments after {@code --root ..}
     * @return the started process
     * @throws IOException when the hosts file cannot be written or the JVM cannot start
     */
    static Process start(Path tmp, String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of("aurora", "--root", ".."));
        all.addAll(List.of(args));
        return command(tmp, all);
    }

    /**
     * @param tmp the test's temporary directory; the hosts file goes there
     * @param args the whole command line after the jar, e.g. {@code check hikari --measure}
     * @return the started process, as {@link #start} starts the Aurora scenario
     * @throws IOException when the hosts file cannot be written or the JVM cannot start
     */
    public static Process command(Path tmp, List<String> args) throws IOException {
        Path hosts = tmp.resolve("hosts");
        Files.writeString(hosts, "127.0.0.1 localhost\n::1 localhost\n");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djdk.net.hosts.file=" + hosts, "-Dsun.net.inetaddr.ttl=0", "-Dsun.net.inetaddr.negative.ttl=0",
                "-jar", Path.of("target/poolbench.jar").toAbsolutePath().toString()));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putIfAbsent("TESTCONTAINERS_RYUK_DISABLED", "true");
        pb.environment().putIfAbsent("TESTCONTAINERS_HOST_OVERRIDE", "localhost");
        return pb.start();
    }
}
