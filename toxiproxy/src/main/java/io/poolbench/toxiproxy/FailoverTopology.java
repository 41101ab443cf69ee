package io.poolbench.toxiproxy;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.db.ExternalDatabase;
import io.poolbench.testbed.db.MySqlBehindToxiproxy;
import io.poolbench.testbed.db.MySqlDatabase;
import io.poolbench.testbed.db.ProxyToxics;
import io.poolbench.testbed.process.StopOnExit;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import org.testcontainers.containers.MySQLContainer;

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
    /** Name of the cluster (writer) endpoint the pools connect to ({@link HostsFile#WRITER_HOST}). */
    public static final String WRITER_HOST = HostsFile.WRITER_HOST;

    private final ClusterContainers c;
    private final Proxy proxyA;
    private final Proxy proxyB;
    private final Path hostsFile;
    private final boolean mariadb;
    private final StopOnExit stopper;
    /** The containers' main processes as they started, so that one killed since can be named. */
    private final Map<String, Long> pids;
    private volatile Instance writerTarget = Instance.A;

    private FailoverTopology(ClusterContainers c, Proxy proxyA, Proxy proxyB, Path hostsFile, boolean mariadb) {
        this.c = c;
        this.proxyA = proxyA;
        this.proxyB = proxyB;
        this.hostsFile = hostsFile;
        this.mariadb = mariadb;
        this.stopper = new StopOnExit("failover-topology-stop", c::stop);
        this.pids = c.pids();
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
        ClusterContainers c;
        try {
            c = ClusterContainers.start(MySqlDatabase.resolveImage(mysqlImage),
                    MySqlBehindToxiproxy.resolveToxiproxyImage(toxiproxyImage));
        } catch (TestbedException e) {
            throw e;
        } catch (RuntimeException e) {
            throw startFailed(e);
        }
        try {
            ToxiproxyClient client = new ToxiproxyClient(c.toxiproxy().getHost(),
                    c.toxiproxy().getMappedPort(ClusterContainers.API_PORT));
            Proxy pa = client.createProxy("endpoint-a", "0.0.0.0:" + ClusterContainers.PROXY_PORT_A, "mysql-a:3306");
            Proxy pb = client.createProxy("endpoint-b", "0.0.0.0:" + ClusterContainers.PROXY_PORT_B, "mysql-b:3306");
            boolean maria;
            try (Connection conn = root(c.a())) {
                maria = version(conn).toLowerCase(Locale.ROOT).contains("mariadb");
            }
            HostsFile.write(hosts, Instance.A);
            FailoverTopology t = new FailoverTopology(c, pa, pb, hosts, maria);
            t.startReplication();
            return t;
        } catch (IOException | SQLException | RuntimeException e) {
            c.stop();
            throw e instanceof TestbedException ? (TestbedException) e : startFailed(e);
        }
    }

    private static TestbedException startFailed(Exception e) {
        return new TestbedException("failover topology did not start: " + Redact.rootMessage(e), e);
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
        return root(c.server(i));
    }

    /**
     * Host process ids of the containers' main processes, for measuring their CPU ({@link
     * io.poolbench.testbed.process.ProcessCpu}): {@code mysql-a}, {@code mysql-b}, {@code toxiproxy}. A container whose
     * id Docker does not report is left out.
     *
     * @return name → pid, in that order, as they were when the topology started
     */
    public Map<String, Long> containerPids() {
        return pids;
    }

    @Override
    public String gone() {
        return pids.entrySet().stream().filter(p -> !ProcessHandle.of(p.getValue()).map(ProcessHandle::isAlive)
                .orElse(false)).map(p -> p.getKey() + " (pid " + p.getValue() + ") is gone").findFirst().orElse(null);
    }

    /** @return true when the servers are MariaDB (the local stand-in), false for MySQL */
    public boolean mariadb() {
        return mariadb;
    }

    @Override
    public ReplicationControl replication() {
        return new ReplicationControl(mariadb);
    }

    private ReplicationControl.Admin admin(Instance i) {
        return () -> rootConnection(i);
    }

    private void startReplication() throws SQLException {
        replication().replicateFrom(admin(Instance.B), "mysql-a", 3306, "root", c.a().getPassword());
    }

    /**
     * Nothing to do: every run of the Testcontainers topology starts on fresh containers.
     */
    @Override
    public void prepareRun() {
        // fresh containers per run
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
        c.pause(i, true);
    }

    /**
     * Undoes {@link #freeze(Instance)}.
     *
     * @param i instance
     */
    @Override
    public void unfreeze(Instance i) {
        c.pause(i, false);
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

    @Override
    public Proxy proxy(Instance i) {
        return i == Instance.A ? proxyA : proxyB;
    }

    @Override
    public String writerEndpoint() {
        return WRITER_HOST + ":" + c.endpointPort();
    }

    @Override
    public String instanceEndpoint(Instance i) {
        return (i == Instance.A ? HostsFile.ADDRESS_A : HostsFile.ADDRESS_B) + ":" + c.endpointPort();
    }

    /** @return the Toxiproxy API URL */
    public String toxiproxyApiUrl() {
        return "http://" + c.toxiproxy().getHost() + ":" + c.toxiproxy().getMappedPort(ClusterContainers.API_PORT);
    }

    /** @return the port both proxies listen on (at {@link HostsFile#ADDRESS_A} and {@link HostsFile#ADDRESS_B}) */
    public int endpointPort() {
        return c.endpointPort();
    }

    /**
     * @param i instance
     * @return JDBC URL straight to the instance's mapped port
     */
    public String adminUrl(Instance i) {
        return c.server(i).getJdbcUrl();
    }

    @Override
    public String databaseName() {
        return c.a().getDatabaseName();
    }

    @Override
    public String user() {
        return c.a().getUsername();
    }

    @Override
    public String password() {
        return c.a().getPassword();
    }

    /**
     * @return JDBC URL of the writer endpoint for the shipped default profiles, with short connect timeout defaults
     *     left to the driver
     */
    @Override
    public String writerJdbcUrl() {
        return "jdbc:mysql://" + writerEndpoint() + "/" + databaseName() + "?useSSL=false&allowPublicKeyRetrieval=true";
    }

    @Override
    public Database directA() {
        return ExternalDatabase.connect(c.a().getJdbcUrl(), c.a().getUsername(), c.a().getPassword(), 10);
    }

    @Override
    public void close() {
        stopper.close();
    }
}
