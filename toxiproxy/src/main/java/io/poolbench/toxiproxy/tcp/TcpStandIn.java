package io.poolbench.toxiproxy.tcp;

import io.poolbench.testbed.AtomicFile;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Docker;
import io.poolbench.testbed.db.Leftovers;
import io.poolbench.testbed.db.MySqlDatabase;
import io.poolbench.testbed.fault.TcpTimers;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.MySQLContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.utility.DockerImageName;

/**
 * The stand-in of the TCP-level faults: a writer (MySQL, or MariaDB where no registry is reachable) and the client's
 * network namespace, two containers on a Docker network of the project's own. The client's TCP timers are set in its
 * namespace when the container is created ({@code --sysctl}, never on the host). Both containers carry the project's
 * labels, so the leftover sweep removes them after a kill -9; {@link #close} removes them otherwise, and with them
 * every firewall rule. For the DNS flip a second writer, the promoted one, starts beside the first, and the client
 * reaches the writer by {@value #WRITER_NAME}, a name its JVM resolves from a hosts file the run changes.
 */
final class TcpStandIn implements AutoCloseable {
    /** The writer's name as the client resolves it for the DNS flip ({@code .test}: a name no real resolver knows). */
    static final String WRITER_NAME = "writer.poolbench.test";

    private final Network net;
    private final MySQLContainer<?> writer;
    private final GenericContainer<?> clientContainer;
    private final Netns writerNs;
    private final Netns client;
    private final WriterFirewall firewall;
    private MySQLContainer<?> promoted;
    private Netns promotedNs;

    private TcpStandIn(Network net, MySQLContainer<?> writer, GenericContainer<?> clientContainer) {
        this.net = net;
        this.writer = writer;
        this.clientContainer = clientContainer;
        this.writerNs = Netns.of("writer", writer);
        this.client = Netns.of("client", clientContainer);
        this.firewall = new WriterFirewall(writerNs);
    }

    /**
     * Starts both containers and installs the writer check on the writer; on failure removes what started.
     *
     * @param mysqlImage the MySQL image, resolved
     * @param timers the client namespace's TCP timers
     * @param log progress lines
     * @return the running stand-in
     * @throws TestbedException when a container does not start or the writer refuses the writer check
     */
    static TcpStandIn start(String mysqlImage, TcpTimers timers, Consumer<String> log) {
        Network net = Leftovers.network();
        MySQLContainer<?> writer = MySqlDatabase.container(mysqlImage, net, "writer");
        GenericContainer<?> client = clientContainer(mysqlImage, net, timers);
        try {
            log.accept("starting the writer and the client's namespace (" + timers.text() + ")");
            MySqlDatabase.start(writer);
            try {
                client.start();
            } catch (RuntimeException e) {
                throw new TestbedException("the client's namespace container did not start: " + Redact.oneLine(
                        e.getMessage()), e);
            }
            TcpStandIn s = new TcpStandIn(net, writer, client);
            try (Connection root = s.root()) {
                MySqlDatabase.installWriterCheck(root, writer.getUsername());
            }
            return s;
        } catch (SQLException e) {
            Docker.stopQuietly(client, writer, net);
            throw new TestbedException("the writer refused the writer check: " + Redact.oneLine(e.getMessage()), e);
        } catch (RuntimeException e) {
            Docker.stopQuietly(client, writer, net);
            throw e;
        }
    }

    private static GenericContainer<?> clientContainer(String image, Network net, TcpTimers t) {
        Map<String, String> sysctls = Map.of(
                "net.ipv4.tcp_retries2", Integer.toString(t.retries2()),
                "net.ipv4.tcp_keepalive_time", Integer.toString(t.keepaliveTimeS()),
                "net.ipv4.tcp_keepalive_intvl", Integer.toString(t.keepaliveIntvlS()),
                "net.ipv4.tcp_keepalive_probes", Integer.toString(t.keepaliveProbes()),
                "net.ipv4.tcp_syn_retries", Integer.toString(t.synRetries()));
        // the MySQL image holds the namespace: it is present wherever the writer is, and has sleep
        return Leftovers.label(new GenericContainer<>(DockerImageName.parse(image)))
                .withNetwork(net)
                .withCreateContainerCmdModifier(cmd -> {
                    cmd.withEntrypoint("sleep", "infinity");
                    cmd.getHostConfig().withSysctls(sysctls);
                });
    }

    /** @return the client's namespace, where the client JVM runs */
    Netns client() {
        return client;
    }

    /** @return the writer's firewall */
    WriterFirewall firewall() {
        return firewall;
    }

    /**
     * @return the profile placeholders for the writer's own address: no proxy, no name (the password is one: never
     *     log it)
     */
    Map<String, String> profileVars() {
        return profileVars(writerNs.address());
    }

    /**
     * @param host the writer's address, or {@link #WRITER_NAME}
     * @return the profile placeholders for that host (the password is one: never log it)
     */
    Map<String, String> profileVars(String host) {
        String endpoint = host + ":" + WriterFirewall.PORT;
        Map<String, String> v = new LinkedHashMap<>();
        v.put("poolbench.mysql.endpoint", endpoint);
        v.put("poolbench.mysql.database", writer.getDatabaseName());
        v.put("poolbench.jdbc.url", "jdbc:mysql://" + endpoint + "/" + writer.getDatabaseName()
                + "?useSSL=false&allowPublicKeyRetrieval=true");
        v.put("poolbench.jdbc.user", writer.getUsername());
        v.put("poolbench.jdbc.password", writer.getPassword());
        return v;
    }

    private static Connection root(MySQLContainer<?> server) throws SQLException {
        return DriverManager.getConnection(server.getJdbcUrl(), "root", server.getPassword());
    }

    private Connection root() throws SQLException {
        return root(writer);
    }

    /**
     * Starts the promoted writer for the DNS flip, once: a second server with the same database, user and writer
     * check, on the same network.
     *
     * @param image the MySQL image, resolved
     * @param log progress lines
     * @throws TestbedException when it does not start or refuses the writer check
     */
    void startPromoted(String image, Consumer<String> log) {
        if (promoted != null) {
            return;
        }
        log.accept("starting the writer the DNS flip promotes");
        MySQLContainer<?> b = MySqlDatabase.container(image, net, "promoted");
        try {
            MySqlDatabase.start(b);
            try (Connection root = root(b)) {
                MySqlDatabase.installWriterCheck(root, b.getUsername());
            }
        } catch (SQLException e) {
            Docker.stopQuietly(b);
            throw new TestbedException("the promoted writer refused the writer check: " + Redact.oneLine(
                    e.getMessage()), e);
        } catch (RuntimeException e) {
            Docker.stopQuietly(b);
            throw e;
        }
        promoted = b;
        promotedNs = Netns.of("promoted", b);
    }

    /**
     * Points {@link #WRITER_NAME} at the old writer or the promoted one, replacing the hosts file at once (a reader
     * never sees half a file).
     *
     * @param file the hosts file the client JVM reads ({@code jdk.net.hosts.file})
     * @param toPromoted true for the promoted writer ({@link #startPromoted} first)
     * @throws IOException when it cannot be written
     */
    void resolve(Path file, boolean toPromoted) throws IOException {
        String address = toPromoted ? promotedNs.address() : writerNs.address();
        AtomicFile.writeString(file, address + " " + WRITER_NAME + "\n");
    }

    /**
     * Ends the sessions a stopped client left on the writer (its kernel's resets were dropped), so that runs do not
     * add up to the server's max_connections.
     *
     * @throws SQLException when the writer does not answer
     */
    void killSessions() throws SQLException {
        killSessions(writer);
        if (promoted != null) {
            killSessions(promoted);
        }
    }

    private static void killSessions(MySQLContainer<?> server) throws SQLException {
        try (Connection root = root(server); Statement st = root.createStatement()) {
            List<Long> ids = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT id FROM information_schema.processlist WHERE user = '"
                    + server.getUsername().replace("'", "''") + "'")) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                }
            }
            for (long id : ids) {
                try {
                    st.execute("KILL " + id);
                } catch (SQLException gone) {
                    // it ended on its own meanwhile
                }
            }
        }
    }

    @Override
    public void close() {
        if (promoted != null) {
            Docker.stopQuietly(promoted);
        }
        Docker.stopQuietly(clientContainer, writer, net);
    }
}
