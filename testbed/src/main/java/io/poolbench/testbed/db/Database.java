package io.poolbench.testbed.db;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A running database the suite talks to: embedded PostgreSQL, MySQL in a Testcontainers container, or an external
 * server. Closing it stops what this process started (nothing for an external database).
 */
public interface Database extends AutoCloseable {

    /** @return the backend kind: {@code embedded}, {@code mysql} or {@code external} */
    String kind();

    /** @return the JDBC URL clients use (may contain no password; see {@link #password()}) */
    String jdbcUrl();

    /** @return the user name */
    String user();

    /** @return the password; never log it */
    String password();

    /**
     * @return the server's main process id on this machine, when this process started the server (the embedded
     *     PostgreSQL's postmaster), for CPU and memory readings; empty otherwise
     */
    default OptionalLong serverPid() {
        return OptionalLong.empty();
    }

    /**
     * @return name → host pid of the server processes this process started and this machine sees (the embedded
     *     PostgreSQL's postmaster, a container's main process), for {@link DatabaseWatch}; empty for an external
     *     server. The default is the {@link #serverPid()}, named by {@link #kind()}.
     */
    default Map<String, Long> serverProcesses() {
        OptionalLong pid = serverPid();
        return pid.isPresent() ? Map.of(kind(), pid.getAsLong()) : Map.of();
    }

    /** @return the SQL dialect */
    default Dialect dialect() {
        return Dialect.fromJdbcUrl(jdbcUrl());
    }

    /** @return a one-line description for logs and reports, without the password */
    default String describe() {
        return kind() + " " + Redact.url(jdbcUrl()) + " (user " + user() + ")";
    }

    /**
     * Opens a plain, unpooled connection (for loading data and checks, never for measurements).
     *
     * @return a new connection; the caller closes it
     * @throws SQLException when the server refuses or cannot be reached
     */
    default Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(), user(), password());
    }

    /**
     * Prepares what the shipped profiles of this database's kind expect beyond the data set (for MySQL: the writer
     * check {@code concheck.validation()}); nothing by default.
     *
     * @throws TestbedException one line when the server refuses
     */
    default void prepareForProfiles() {
    }

    /** Stops what this object started; idempotent, never throws. */
    @Override
    void close();
}
