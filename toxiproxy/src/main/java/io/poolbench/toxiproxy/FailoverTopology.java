package io.poolbench.toxiproxy;

import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.Ports;
import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import io.poolbench.testbed.Database;
import io.poolbench.testbed.MySqlBehindToxiproxy;
import io.poolbench.testbed.MySqlDatabase;
import io.poolbench.testbed.ProxyToxics;
import io.poolbench.testbed.StopOnExit;
import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.MySQLContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.lifecycle.Startables;
import org.testcontainers.utility.DockerImageName;

/**
 * An Aurora-like cluster on one machine: writer A ({@code mysql-a}) and replica B ({@code mysql-b}, read-only,
 * replicating from A by GTID), each behind its own Toxiproxy proxy, and a cluster (writer) endpoint name,
 * {@value #WRITER_HOST}, that resolves to A's proxy or B's proxy.
 *
 * <p>The endpoint name is resolved through the JVM's hosts file ({@code -Djdk.net.hosts.file}, with the address
 * cache off: {@code -Dsun.net.inetaddr.ttl=0}), so moving it is a DNS flip: new connections go to the new
 * address, existing connections stay where they are, as with Aurora's cluster endpoint. The proxies listen on the
 * same port on two loopback addresses (A: 127.0.0.2, B: 127.0.0.3), which is what makes a name-only flip possible.
 * Toxics on a proxy (latency, black hole) and cutting a proxy's connections model the network and the old writer's
 * reboot.
 *
 * <p>SQL that differs between MySQL 8.4 and MariaDB (the local stand-in) is chosen by the server's version string.
 */
public final class FailoverTopology implements DrillCluster {
    /** Name of the cluster (writer) endpoint the pools connect to. */
    public static final String WRITER_HOST = "poolbench-writer";
    /** Loopback address of A's proxy. */
    public static final String ADDRESS_A = "127.0.0.2";
    /** Loopback address of B's proxy. */
    public static final String ADDRESS_B = "127.0.0.3";
    private static final int PROXY_PORT_A = 8666;
    private static final int PROXY_PORT_B = 8667;

    private final Network network;
    private final MySQLContainer<?> a;
    private final MySQLContainer<?> b;
    private final GenericContainer<?> toxiproxy;
    private final Proxy proxyA;
    private final Proxy proxyB;
    private final int endpointPort;
    private final Path hostsFile;
    private final boolean mariadb;
    private final StopOnExit stopper;
    private volatile Instance writerTarget = Instance.A;

    private FailoverTopology(Network network, MySQLContainer<?> a, MySQLContainer<?> b, GenericContainer<?> tp,
            Proxy proxyA, Proxy proxyB, int endpointPort, Path hostsFile, boolean mariadb) {
        this.network = network;
        this.a = a;
        this.b = b;
        this.toxiproxy = tp;
        this.proxyA = proxyA;
        this.proxyB = proxyB;
        this.endpointPort = endpointPort;
        this.hostsFile = hostsFile;
        this.mariadb = mariadb;
        this.stopper = new StopOnExit("failover-topology-stop", this::stopAll);
    }

    /**
     * Starts A and B (in parallel), Toxiproxy with both proxies, replication B ← A, and points the endpoint at A.
     *
     * @param mysqlImage MySQL image setting or null (see {@link MySqlDatabase#resolveImage(String)})
     * @param toxiproxyImage Toxiproxy image setting or null
     * @return the running topology
     * @throws TestbedException one line when Docker, an image or a step fails
     */
    public static FailoverTopology start(String mysqlImage, String toxiproxyImage) {
        Path hosts = HostsFile.require();
        String mImage = MySqlDatabase.resolveImage(mysqlImage);
        String tImage = MySqlBehindToxiproxy.resolveToxiproxyImage(toxiproxyImage);
        Network net = Network.newNetwork();
        MySQLContainer<?> a = MySqlDatabase.container(mImage, net, "mysql-a").withCommand(serverArgs(1, false));
        MySQLContainer<?> b = MySqlDatabase.container(mImage, net, "mysql-b").withCommand(serverArgs(2, true));
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        } catch (IOException e) {
            throw new TestbedException("no free port for the Toxiproxy endpoints: " + e.getMessage(), e);
        }
        final int p = port;
        GenericContainer<?> tp = new GenericContainer<>(DockerImageName.parse(tImage))
                .withNetwork(net)
                .withExposedPorts(8474)
                .waitingFor(Wait.forHttp("/version").forPort(8474))
                .withCreateContainerCmdModifier(cmd -> {
                    List<ExposedPort> exposed = new ArrayList<>(List.of(cmd.getExposedPorts()));
                    exposed.add(ExposedPort.tcp(PROXY_PORT_A));
                    exposed.add(ExposedPort.tcp(PROXY_PORT_B));
                    cmd.withExposedPorts(exposed);
                    Ports ports = cmd.getHostConfig().getPortBindings();
                    ports.bind(ExposedPort.tcp(PROXY_PORT_A), Ports.Binding.bindIpAndPort(ADDRESS_A, p));
                    ports.bind(ExposedPort.tcp(PROXY_PORT_B), Ports.Binding.bindIpAndPort(ADDRESS_B, p));
                    cmd.getHostConfig().withPortBindings(ports);
                });
        try {
            Startables.deepStart(a, b, tp).join();
            ToxiproxyClient client = new ToxiproxyClient(tp.getHost(), tp.getMappedPort(8474));
            Proxy pa = client.createProxy("endpoint-a", "0.0.0.0:" + PROXY_PORT_A, "mysql-a:3306");
            Proxy pb = client.createProxy("endpoint-b", "0.0.0.0:" + PROXY_PORT_B, "mysql-b:3306");
            boolean maria;
            try (Connection c = root(a)) {
                maria = version(c).toLowerCase(Locale.ROOT).contains("mariadb");
            }
            HostsFile.write(hosts, Instance.A);
            FailoverTopology t = new FailoverTopology(net, a, b, tp, pa, pb, p, hosts, maria);
            t.startReplication();
            return t;
        } catch (IOException | SQLException | RuntimeException e) {
            stopContainers(net, tp, b, a);
            if (e instanceof TestbedException) {
                throw (TestbedException) e;
            }
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            throw new TestbedException("failover topology did not start: " + root.getMessage(), e);
        }
    }

    /** Server options; {@code --loose-} makes MySQL-only options harmless on MariaDB and vice versa. */
    private static String[] serverArgs(int serverId, boolean readOnly) {
        List<String> args = new ArrayList<>(List.of("--server-id=" + serverId, "--log-bin=binlog",
                "--binlog-format=ROW", "--loose-gtid-mode=ON", "--loose-enforce-gtid-consistency=ON",
                "--loose-log-slave-updates=ON", "--skip-name-resolve", "--max-connections=2000"));
        if (readOnly) {
            args.add("--read-only=ON");
        }
        return args.toArray(new String[0]);
    }

    private static Connection root(MySQLContainer<?> c) throws SQLException {
        return DriverManager.getConnection(c.getJdbcUrl(), "root", c.getPassword());
    }

    private static String version(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT VERSION()")) {
            rs.next();
            return rs.getString(1);
        }
    }

    /**
     * A root connection straight to an instance (not through a proxy), for control and checks.
     *
     * @param i instance
     * @return a new connection; the caller closes it
     * @throws SQLException when the instance does not answer
     */
    @Override
    public Connection rootConnection(Instance i) throws SQLException {
        return root(i == Instance.A ? a : b);
    }

    /**
     * Host process ids of the containers' main processes, for measuring their CPU ({@link
     * io.poolbench.testbed.ProcessCpu}): {@code mysql-a}, {@code mysql-b}, {@code toxiproxy}. A container whose
     * id Docker does not report is left out.
     *
     * @return name → pid, in that order
     */
    public Map<String, Long> containerPids() {
        Map<String, Long> m = new LinkedHashMap<>();
        List<String> names = List.of("mysql-a", "mysql-b", "toxiproxy");
        List<GenericContainer<?>> containers = List.of(a, b, toxiproxy);
        for (int i = 0; i < names.size(); i++) {
            try {
                Long pid = containers.get(i).getContainerInfo().getState().getPidLong();
                if (pid != null && pid > 0) {
                    m.put(names.get(i), pid);
                }
            } catch (RuntimeException ignored) {
                // not reported: the CPU line leaves it out
            }
        }
        return m;
    }

    /** @return true when the servers are MariaDB (the local stand-in), false for MySQL */
    public boolean mariadb() {
        return mariadb;
    }

    private ReplicationControl rc() {
        return new ReplicationControl(mariadb);
    }

    private ReplicationControl.Admin admin(Instance i) {
        return () -> rootConnection(i);
    }

    private void startReplication() throws SQLException {
        rc().replicateFrom(admin(Instance.B), "mysql-a", 3306, "root", a.getPassword());
    }

    /**
     * @return true when B's replication I/O and SQL threads both run
     * @throws SQLException when B does not answer
     */
    public boolean replicationRunning() throws SQLException {
        return rc().replicationRunning(admin(Instance.B));
    }

    /**
     * Nothing to do: every run of the Testcontainers topology starts on fresh containers.
     */
    @Override
    public void prepareRun() {
        // fresh containers per run
    }

    /**
     * Creates seed 004's writer check, {@code concheck.validation()}, on A (it replicates to B); see
     * {@link ReplicationControl#installWriterCheck}.
     *
     * @throws SQLException when A refuses
     */
    @Override
    public void installWriterCheck() throws SQLException {
        rc().installWriterCheck(admin(Instance.A), a.getUsername());
    }

    @Override
    public void awaitReplicaCaughtUp(int timeoutSeconds) throws SQLException {
        rc().awaitCaughtUp(admin(Instance.A), admin(Instance.B), timeoutSeconds);
    }

    @Override
    public void setReadOnly(Instance i) throws SQLException {
        rc().setReadOnly(admin(i));
    }

    @Override
    public void promoteB() throws SQLException {
        rc().promote(admin(Instance.B));
    }

    /**
     * @param i instance
     * @return whether the instance is read-only
     * @throws SQLException when it does not answer
     */
    public boolean isReadOnly(Instance i) throws SQLException {
        return rc().isReadOnly(admin(i));
    }

    /**
     * Moves the writer endpoint name (a DNS flip): new connections go to {@code target}'s proxy; existing
     * connections are not touched.
     *
     * @param target instance
     * @throws IOException when the hosts file cannot be written
     */
    @Override
    public void pointWriterEndpointAt(Instance target) throws IOException {
        HostsFile.write(hostsFile, target);
        writerTarget = target;
    }

    /** @return the instance the writer endpoint name points at */
    public Instance writerTarget() {
        return writerTarget;
    }

    /**
     * Closes every connection through an instance's proxy, as a reboot of that instance does.
     *
     * @param i instance
     * @throws IOException when Toxiproxy does not answer
     */
    @Override
    public void cutConnections(Instance i) throws IOException {
        ProxyToxics.cutConnections(proxy(i));
    }

    /**
     * Black-holes an instance: data in both directions is dropped and connections hang (Toxiproxy {@code timeout}
     * toxic with timeout 0), as when a host or its zone disappears without closing anything.
     *
     * @param i instance
     * @throws IOException when Toxiproxy does not answer
     */
    public void blackHole(Instance i) throws IOException {
        ProxyToxics.blackHole(proxy(i), "poolbench-blackhole");
    }

    /**
     * Freezes an instance ({@code docker pause}): its connections stay open and silent, new connections are
     * accepted by the kernel but never greeted, replication from it stalls, as when a host hangs.
     *
     * @param i instance
     */
    @Override
    public void freeze(Instance i) {
        DockerClientFactory.instance().client()
                .pauseContainerCmd((i == Instance.A ? a : b).getContainerId()).exec();
    }

    /**
     * Undoes {@link #freeze(Instance)}.
     *
     * @param i instance
     */
    @Override
    public void unfreeze(Instance i) {
        DockerClientFactory.instance().client()
                .unpauseContainerCmd((i == Instance.A ? a : b).getContainerId()).exec();
    }

    /**
     * Sets the added round-trip latency of an instance's proxy (downstream latency toxic); 0 removes it.
     *
     * @param i instance
     * @param latencyMs added latency, ms
     * @param jitterMs jitter, ms (uniform ±)
     * @throws IOException when Toxiproxy does not answer
     */
    @Override
    public void setLatency(Instance i, long latencyMs, long jitterMs) throws IOException {
        ProxyToxics.setLatency(proxy(i), latencyMs, jitterMs);
    }

    /**
     * Removes every toxic of an instance's proxy.
     *
     * @param i instance
     * @throws IOException when Toxiproxy does not answer
     */
    public void heal(Instance i) throws IOException {
        ProxyToxics.remove(proxy(i), "");
    }

    private Proxy proxy(Instance i) {
        return i == Instance.A ? proxyA : proxyB;
    }

    /** @return host:port of the writer endpoint (the name, not an address) */
    @Override
    public String writerEndpoint() {
        return WRITER_HOST + ":" + endpointPort;
    }

    /** @return the Toxiproxy API URL */
    public String toxiproxyApiUrl() {
        return "http://" + toxiproxy.getHost() + ":" + toxiproxy.getMappedPort(8474);
    }

    /** @return the port both proxies listen on (at {@link #ADDRESS_A} and {@link #ADDRESS_B}) */
    public int endpointPort() {
        return endpointPort;
    }

    /**
     * @param i instance
     * @return JDBC URL straight to the instance's mapped port
     */
    public String adminUrl(Instance i) {
        return (i == Instance.A ? a : b).getJdbcUrl();
    }

    /** @return the database name */
    @Override
    public String databaseName() {
        return a.getDatabaseName();
    }

    /** @return the application user (not root) */
    @Override
    public String user() {
        return a.getUsername();
    }

    /** @return the application password; never log it */
    @Override
    public String password() {
        return a.getPassword();
    }

    /**
     * @return JDBC URL of the writer endpoint for the shipped default profiles, with short connect timeout defaults
     *     left to the driver
     */
    @Override
    public String writerJdbcUrl() {
        return "jdbc:mysql://" + writerEndpoint() + "/" + databaseName() + "?useSSL=false&allowPublicKeyRetrieval=true";
    }

    /** @return a {@link io.poolbench.testbed.Database} view of A, direct (for loading the data set as root) */
    @Override
    public Database directA() {
        return new Database() {
            @Override
            public String kind() {
                return "mysql-a";
            }

            @Override
            public String jdbcUrl() {
                return a.getJdbcUrl();
            }

            @Override
            public String user() {
                return a.getUsername();
            }

            @Override
            public String password() {
                return a.getPassword();
            }

            @Override
            public void close() {
                // owned by the topology
            }
        };
    }

    @Override
    public void close() {
        stopper.close();
    }

    private void stopAll() {
        for (Instance i : Instance.values()) {
            try {
                unfreeze(i);
            } catch (RuntimeException notPaused) {
                // only a paused container can be unpaused
            }
        }
        stopContainers(network, toxiproxy, b, a);
    }

    /** Stops each container, then the network; a failure to stop one does not keep the rest running. */
    private static void stopContainers(Network net, GenericContainer<?>... containers) {
        for (GenericContainer<?> c : containers) {
            try {
                c.stop();
            } catch (RuntimeException ignored) {
                // keep stopping the rest
            }
        }
        try {
            net.close();
        } catch (RuntimeException ignored) {
            // best effort
        }
    }
}
