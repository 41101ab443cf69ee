package io.poolbench.toxiproxy;

import eu.rekawek.toxiproxy.Proxy;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.db.ProxyToxics;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.profile.ProfileVariables;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What the drills need from a cluster: writer A, replica B, a proxy in front of each, and a writer endpoint name
 * that can be moved between them. {@link FailoverTopology} builds one with Testcontainers; {@link ExternalCluster}
 * drives one the user runs (their Toxiproxy, their servers).
 */
public interface DrillCluster extends AutoCloseable {
    /**
     * Placeholders a drill sets for the profiles: the JDBC ones, the MySQL endpoint and database, and each
     * instance's own host:port ({@link DatabaseOptions#CLUSTER_VARS}).
     */
    Set<String> PROFILE_VARS = Stream.concat(ProfileVariables.ALL_VARS.stream(), ProfileVariables.CLUSTER_VARS.stream())
            .collect(Collectors.toUnmodifiableSet());

    /** The two database instances. */
    enum Instance { A, B }

    /**
     * Gets the cluster ready for a run: A the writer, B replicating from it, the endpoint on A, no toxics.
     *
     * @throws Exception when the cluster cannot be brought into that state
     */
    void prepareRun() throws Exception;

    /** @return JDBC URL of the writer endpoint for the profiles that use {@code ${poolbench.jdbc.url}} */
    String writerJdbcUrl();

    /** @return host:port of the writer endpoint (the name, not an address) */
    String writerEndpoint();

    /**
     * @param i instance
     * @return host:port that reaches the instance itself through its proxy (not the endpoint that moves), for a
     *     driver's multi-host URL
     */
    String instanceEndpoint(Instance i);

    /**
     * Which part of the cluster has died, for the one line of a run that failed: checked after a failure, so that
     * "Communications link failure" comes with the node that caused it.
     *
     * @return e.g. {@code mysql-b (pid 4711) is gone}; null when every part this cluster can see is alive (or it
     *     cannot see them: a cluster the user runs)
     */
    default String gone() {
        return null;
    }

    /** @return the database name */
    String databaseName();

    /** @return the application user */
    String user();

    /** @return the application password; never log it */
    String password();

    /**
     * @return the values of {@link #PROFILE_VARS} for this cluster's writer endpoint: JDBC URL, user, password (never
     *     log it), MySQL endpoint and database; and each instance's host:port
     */
    default Map<String, String> profileVars() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("poolbench.jdbc.url", writerJdbcUrl());
        v.put("poolbench.jdbc.user", user());
        v.put("poolbench.jdbc.password", password());
        v.put("poolbench.mysql.endpoint", writerEndpoint());
        v.put("poolbench.mysql.database", databaseName());
        v.put("poolbench.mysql.host.a", instanceEndpoint(Instance.A));
        v.put("poolbench.mysql.host.b", instanceEndpoint(Instance.B));
        return v;
    }

    /** @return A reached directly, as the application user, for loading the data set */
    Database directA();

    /**
     * @param i instance
     * @return an administrative connection straight to the instance
     * @throws SQLException when it does not answer
     */
    Connection rootConnection(Instance i) throws SQLException;

    /**
     * Installs the writer check {@code concheck.validation()} on A.
     *
     * @throws SQLException when A refuses
     */
    default void installWriterCheck() throws SQLException {
        replication().installWriterCheck(() -> rootConnection(Instance.A), user());
    }

    /**
     * Waits until B has applied everything A wrote. The same in every cluster: it returns when caught up and throws
     * otherwise, so no caller can ignore a replica that lags.
     *
     * @param timeoutSeconds how long to wait
     * @throws io.poolbench.testbed.TestbedException when B has not caught up within the timeout, naming B's
     *     replication state
     * @throws SQLException when a server does not answer
     */
    default void awaitReplicaCaughtUp(int timeoutSeconds) throws SQLException {
        replication().awaitCaughtUp(() -> rootConnection(Instance.A), () -> rootConnection(Instance.B), timeoutSeconds);
    }

    /**
     * @param i instance to make read-only
     * @throws SQLException when it refuses
     */
    default void setReadOnly(Instance i) throws SQLException {
        replication().setReadOnly(() -> rootConnection(i));
    }

    /**
     * @param i instance
     * @return whether the instance is read-only
     * @throws SQLException when it does not answer
     */
    default boolean isReadOnly(Instance i) throws SQLException {
        return replication().isReadOnly(() -> rootConnection(i));
    }

    /**
     * @return true when B's replication I/O and SQL threads both run
     * @throws SQLException when B does not answer
     */
    default boolean replicationRunning() throws SQLException {
        return replication().replicationRunning(() -> rootConnection(Instance.B));
    }

    /**
     * Promotes B: replication stopped and forgotten, writable.
     *
     * @throws SQLException when B refuses
     */
    default void promoteB() throws SQLException {
        replication().promote(() -> rootConnection(Instance.B));
    }

    /** @return the replication statements for this cluster's servers (MySQL's or MariaDB's) */
    ReplicationControl replication();

    /**
     * @param i instance
     * @return the Toxiproxy proxy in front of the instance
     */
    Proxy proxy(Instance i);

    /**
     * Moves the writer endpoint name (new connections only).
     *
     * @param target instance
     * @throws IOException when the name cannot be moved
     */
    void pointWriterEndpointAt(Instance target) throws IOException;

    /**
     * Resets every connection through an instance's proxy (its reboot).
     *
     * @param i instance
     * @throws IOException when Toxiproxy does not answer
     */
    default void cutConnections(Instance i) throws IOException {
        ProxyToxics.cutConnections(proxy(i));
    }

    /**
     * Makes an instance hang silently: open connections stay open, nothing answers.
     *
     * @param i instance
     * @throws IOException when Toxiproxy does not answer
     */
    void freeze(Instance i) throws IOException;

    /**
     * Ends {@link #freeze(Instance)}.
     *
     * @param i instance
     * @throws IOException when Toxiproxy does not answer
     */
    void unfreeze(Instance i) throws IOException;

    /**
     * @param i instance
     * @param latencyMs added round-trip latency, ms (0 removes it)
     * @param jitterMs jitter, ms
     * @throws IOException when Toxiproxy does not answer
     */
    default void setLatency(Instance i, long latencyMs, long jitterMs) throws IOException {
        ProxyToxics.setLatency(proxy(i), latencyMs, jitterMs);
    }

    @Override
    void close();
}
