package io.poolbench.testbed.db;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.process.StopOnExit;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.MySQLContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.utility.DockerImageName;

/**
 * MySQL in a Testcontainers {@link MySQLContainer}. The image is a setting ({@code --mysql-image},
 * {@code POOLBENCH_MYSQL_IMAGE}); by default {@code mysql:8.4} when present locally, else the locally built
 * MariaDB-based {@code poolbench/mysql:local}. The container is removed by {@link #close()} or a shutdown hook.
 */
public final class MySqlDatabase implements Database {
    /** Registry image users get by default. */
    public static final String DEFAULT_IMAGE = "mysql:8.4";
    /** Image built by {@link Docker#IMAGE_SCRIPT} on machines without registry access. */
    public static final String LOCAL_IMAGE = "poolbench/mysql:local";
    private static final Logger LOG = LoggerFactory.getLogger(MySqlDatabase.class);

    private final MySQLContainer<?> container;
    private final StopOnExit stopper;

    private MySqlDatabase(MySQLContainer<?> container) {
        this.container = container;
        this.stopper = new StopOnExit("mysql-container-stop", this::stopQuietly);
    }

    /**
     * Resolves the image to use: the explicit setting, else {@code POOLBENCH_MYSQL_IMAGE}, else the first of
     * {@link #DEFAULT_IMAGE} and {@link #LOCAL_IMAGE} present locally.
     *
     * @param setting explicit image or null
     * @return image name
     * @throws TestbedException when Docker or the image is missing
     */
    public static String resolveImage(String setting) {
        Docker.require("a MySQL database");
        String s = setting != null && !setting.isBlank() ? setting : System.getenv("POOLBENCH_MYSQL_IMAGE");
        String image = Docker.pickImage(s, "MySQL", DEFAULT_IMAGE, LOCAL_IMAGE);
        Docker.requireExposedPort(image, 3306, "MySQL");
        return image;
    }

    /**
     * Creates (does not start) a container for the image, optionally on a network under an alias.
     *
     * @param image image name from {@link #resolveImage(String)}
     * @param network network or null
     * @param alias network alias or null
     * @return the configured container
     */
    public static MySQLContainer<?> container(String image, Network network, String alias) {
        MySQLContainer<?> c = Leftovers.label(new MySQLContainer<>(DockerImageName.parse(image)
                .asCompatibleSubstituteFor("mysql")))
                .withDatabaseName("poolbench")
                .withUsername("poolbench")
                .withPassword("poolbench-pw")
                .withUrlParam("useSSL", "false")
                .withUrlParam("allowPublicKeyRetrieval", "true")
                // one attempt (Testcontainers' MySQL default is 3 x 120 s): a server that does not come up in
                // 120 s is reported, not retried for six minutes
                .withStartupAttempts(1);
        if (network != null) {
            c.withNetwork(network);
            if (alias != null) {
                c.withNetworkAliases(alias);
            }
        }
        return c;
    }

    /**
     * Starts a MySQL container.
     *
     * @param imageSetting image name or null for the default (see {@link #resolveImage(String)})
     * @return the running database
     * @throws TestbedException when Docker or the image is missing, or the container does not start
     */
    public static MySqlDatabase start(String imageSetting) {
        return start(container(resolveImage(imageSetting), null, null));
    }

    /**
     * Starts a configured container and takes ownership of it.
     *
     * @param c container from {@link #container(String, Network, String)}
     * @return the running database
     * @throws TestbedException when the container does not start
     */
    public static MySqlDatabase start(MySQLContainer<?> c) {
        try {
            c.start();
        } catch (RuntimeException e) {
            Docker.stopQuietly(c);
            throw new TestbedException("MySQL container (" + c.getDockerImageName() + ") did not start: "
                    + Redact.oneLine(e.getMessage()) + "; see the Docker engine's log", e);
        }
        return new MySqlDatabase(c);
    }

    /** @return the container, for network wiring (Toxiproxy) */
    public MySQLContainer<?> container() {
        return container;
    }

    @Override
    public String kind() {
        return "mysql";
    }

    @Override
    public String jdbcUrl() {
        return container.getJdbcUrl();
    }

    @Override
    public String user() {
        return container.getUsername();
    }

    @Override
    public String password() {
        return container.getPassword();
    }

    /** @return {@code mysql} → the container's main process, when Docker reports it */
    @Override
    public Map<String, Long> serverProcesses() {
        return containerProcess("mysql", container);
    }

    /**
     * @param name the name to give it
     * @param c a started container
     * @return name → the host pid of the container's main process; empty when Docker does not report one
     */
    static Map<String, Long> containerProcess(String name, GenericContainer<?> c) {
        try {
            Long pid = c.getContainerInfo().getState().getPidLong();
            return pid == null || pid <= 0 ? Map.of() : Map.of(name, pid);
        } catch (RuntimeException e) {
            return Map.of();
        }
    }

    @Override
    public String describe() {
        return "mysql " + container.getDockerImageName() + " " + Redact.url(jdbcUrl());
    }

    @Override
    public void close() {
        stopper.close();
    }

    private void stopQuietly() {
        try {
            container.stop();
        } catch (RuntimeException e) {
            LOG.warn("MySQL container did not stop cleanly: {}", e.toString());
        }
    }

    /**
     * Installs the writer check {@code concheck.validation()} that the MySQL profiles run on a new connection
     * (the Aurora article's {@code connectionInitSql}/{@code validationQuery}): it fails with MySQL's read-only error 1290 on
     * a read-only server, so a pool never keeps a connection to a replica or a demoted writer.
     *
     * @param root a connection with the right to create databases, functions and grants
     * @param appUser the application user that gets EXECUTE on it
     * @throws SQLException when the server refuses
     */
    public static void installWriterCheck(Connection root, String appUser) throws SQLException {
        try (Statement s = root.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS concheck");
            s.execute("DROP FUNCTION IF EXISTS concheck.validation");
            s.execute("CREATE FUNCTION concheck.validation() RETURNS INT READS SQL DATA"
                    + " BEGIN"
                    + " IF @@GLOBAL.read_only THEN"
                    + " SIGNAL SQLSTATE 'HY000' SET MESSAGE_TEXT = 'concheck: read-only server, not the writer',"
                    + " MYSQL_ERRNO = 1290;"
                    + " END IF;"
                    + " RETURN 1;"
                    + " END");
            s.execute("GRANT EXECUTE ON concheck.* TO '" + appUser.replace("'", "''") + "'@'%'");
        }
    }

    /**
     * Installs the writer check (see {@link #installWriterCheck()}).
     *
     * @throws TestbedException one line when the server refuses
     */
    @Override
    public void prepareForProfiles() {
        installWriterCheck();
    }

    /**
     * Installs {@link #installWriterCheck(java.sql.Connection, String)} on this server as root (the container's
     * root password is the application password Testcontainers set).
     *
     * @throws TestbedException one line when the server refuses
     */
    public void installWriterCheck() {
        try (Connection c = DriverManager.getConnection(jdbcUrl(), "root", password())) {
            installWriterCheck(c, user());
        } catch (SQLException e) {
            throw new TestbedException("cannot install the writer check concheck.validation() on " + describe()
                    + ": " + Redact.oneLine(e.getMessage()), e);
        }
    }
}
