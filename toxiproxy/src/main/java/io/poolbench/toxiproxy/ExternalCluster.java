package io.poolbench.toxiproxy;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.db.ExternalDatabase;
import io.poolbench.testbed.db.ProxyToxics;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * A cluster the user runs, for the drills without Docker: a Toxiproxy server on this machine with one proxy in
 * front of writer A and one in front of replica B (listening on the same port at two addresses, e.g. 127.0.0.2 and
 * 127.0.0.3, so that the writer endpoint name can be moved between them), and two MySQL servers with B replicating
 * from A by GTID. Between failover runs {@link #prepareRun()} fails back: A catches up from B and becomes the
 * writer again, B replicates from A.
 */
public final class ExternalCluster implements DrillCluster {

    /**
     * Where everything is.
     *
     * @param toxiproxyUrl Toxiproxy API, e.g. {@code http://127.0.0.1:8474}
     * @param proxyA name of the existing proxy in front of A
     * @param proxyB name of the existing proxy in front of B
     * @param endpointA host:port clients use to reach proxy A (an IP address)
     * @param endpointB host:port clients use to reach proxy B (same port, another IP address)
     * @param adminUrlA JDBC URL straight to A (not through the proxy) for administration
     * @param adminUrlB JDBC URL straight to B
     * @param adminUser administrative user (replication, read_only)
     * @param adminPassword its password; never logged
     * @param replicationHostA host:port of A as B sees it
     * @param replicationHostB host:port of B as A sees it
     * @param user application user
     * @param password application password; never logged
     * @param database database name
     */
    public record Settings(String toxiproxyUrl, String proxyA, String proxyB, String endpointA, String endpointB,
            String adminUrlA, String adminUrlB, String adminUser, String adminPassword, String replicationHostA,
            String replicationHostB, String user, String password, String database) {
    }

    private final Settings s;
    private final Path hostsFile;
    private final Proxy proxyA;
    private final Proxy proxyB;
    private final ReplicationControl rc;
    private final String addressA;
    private final String addressB;
    private final int port;

    private ExternalCluster(Settings s, Path hostsFile, Proxy a, Proxy b, ReplicationControl rc, String addressA,
            String addressB, int port) {
        this.s = s;
        this.hostsFile = hostsFile;
        this.proxyA = a;
        this.proxyB = b;
        this.rc = rc;
        this.addressA = addressA;
        this.addressB = addressB;
        this.port = port;
    }

    /**
     * Checks the settings against the running pieces.
     *
     * @param s settings
     * @return the cluster
     * @throws TestbedException one line naming what is missing or wrong
     */
    public static ExternalCluster connect(Settings s) {
        Path hosts = HostsFile.require();
        String[] ea = hostPort(s.endpointA(), "--endpoint-a");
        String[] eb = hostPort(s.endpointB(), "--endpoint-b");
        if (!ea[1].equals(eb[1]) || ea[0].equals(eb[0])) {
            throw new TestbedException("--endpoint-a " + s.endpointA() + " and --endpoint-b " + s.endpointB()
                    + ": the endpoint flip needs both proxies on the same port at two addresses"
                    + " (e.g. 127.0.0.2:3306 and 127.0.0.3:3306)");
        }
        ToxiproxyClient client;
        Proxy a;
        Proxy b;
        try {
            URI u = URI.create(s.toxiproxyUrl());
            client = new ToxiproxyClient(u.getHost(), u.getPort() < 0 ? 8474 : u.getPort());
            a = client.getProxy(s.proxyA());
            b = client.getProxy(s.proxyB());
        } catch (IOException | RuntimeException e) {
            throw new TestbedException("Toxiproxy at " + s.toxiproxyUrl() + " has no proxies '" + s.proxyA()
                    + "' and '" + s.proxyB() + "' (" + e.getMessage() + "): create them, listening on "
                    + s.endpointA() + " and " + s.endpointB(), e);
        }
        ReplicationControl.Admin adminA = admin(s.adminUrlA(), s);
        boolean maria;
        try {
            maria = ReplicationControl.isMariaDb(adminA);
            admin(s.adminUrlB(), s).open().close();
        } catch (SQLException e) {
            throw new TestbedException("cannot reach the servers as " + s.adminUser() + " (" + Redact.url(s.adminUrlA())
                    + ", " + Redact.url(s.adminUrlB()) + "): " + Redact.secret(e.getMessage(), s.adminPassword()), e);
        }
        return new ExternalCluster(s, hosts, a, b, new ReplicationControl(maria), ea[0],
                eb[0], Integer.parseInt(ea[1]));
    }

    private static String[] hostPort(String hp, String option) {
        int i = hp == null ? -1 : hp.lastIndexOf(':');
        if (i <= 0) {
            throw new TestbedException(option + " " + hp + " is not host:port");
        }
        return new String[] {hp.substring(0, i), hp.substring(i + 1)};
    }

    private static ReplicationControl.Admin admin(String url, Settings s) {
        return () -> DriverManager.getConnection(url, s.adminUser(), s.adminPassword());
    }

    @Override
    public ReplicationControl replication() {
        return rc;
    }

    private ReplicationControl.Admin admin(Instance i) {
        return admin(i == Instance.A ? s.adminUrlA() : s.adminUrlB(), s);
    }

    @Override
    public void prepareRun() throws Exception {
        for (Instance i : Instance.values()) {
            unfreeze(i);
            setLatency(i, 0, 0);
        }
        if (rc.isReadOnly(admin(Instance.A))) {
            // the last run promoted B: fail back so that A is the writer again
            String[] hb = hostPort(s.replicationHostB(), "--replication-host-b");
            rc.setReadOnly(admin(Instance.B));
            rc.replicateFrom(admin(Instance.A), hb[0], Integer.parseInt(hb[1]), s.adminUser(), s.adminPassword());
            if (!rc.waitCaughtUp(admin(Instance.B), admin(Instance.A), 60)) {
                throw new TestbedException("fail-back: A did not catch up with B within 60 s; A: "
                        + rc.replicationState(admin(Instance.A)));
            }
            rc.promote(admin(Instance.A));
        }
        if (!rc.replicationRunning(admin(Instance.B))) {
            String[] ha = hostPort(s.replicationHostA(), "--replication-host-a");
            rc.setReadOnly(admin(Instance.B));
            rc.replicateFrom(admin(Instance.B), ha[0], Integer.parseInt(ha[1]), s.adminUser(), s.adminPassword());
        }
        pointWriterEndpointAt(Instance.A);
        cutConnections(Instance.B);
    }

    @Override
    public String writerJdbcUrl() {
        return "jdbc:mysql://" + writerEndpoint() + "/" + s.database() + "?useSSL=false&allowPublicKeyRetrieval=true";
    }

    @Override
    public String writerEndpoint() {
        return FailoverTopology.WRITER_HOST + ":" + port;
    }

    @Override
    public String instanceEndpoint(Instance i) {
        return i == Instance.A ? s.endpointA() : s.endpointB();
    }

    @Override
    public String databaseName() {
        return s.database();
    }

    @Override
    public String user() {
        return s.user();
    }

    @Override
    public String password() {
        return s.password();
    }

    @Override
    public Database directA() {
        return ExternalDatabase.connect(s.adminUrlA(), s.user(), s.password(), 10);
    }

    @Override
    public Connection rootConnection(Instance i) throws SQLException {
        return admin(i).open();
    }

    @Override
    public void pointWriterEndpointAt(Instance target) throws IOException {
        HostsFile.write(hostsFile, target == Instance.A ? addressA : addressB);
    }

    /** Toxic name prefix of {@link #freeze(Instance)}. */
    private static final String FREEZE = "poolbench-freeze";

    @Override
    public Proxy proxy(Instance i) {
        return i == Instance.A ? proxyA : proxyB;
    }

    /** Without Docker there is no pause: the proxy black-holes the instance (Toxiproxy timeout toxics, 0 ms). */
    @Override
    public void freeze(Instance i) throws IOException {
        ProxyToxics.blackHole(proxy(i), FREEZE);
    }

    @Override
    public void unfreeze(Instance i) throws IOException {
        ProxyToxics.remove(proxy(i), FREEZE);
    }

    /** Removes the toxics poolbench added; the servers and proxies are the user's and stay. */
    @Override
    public void close() {
        for (Instance i : Instance.values()) {
            try {
                unfreeze(i);
                setLatency(i, 0, 0);
            } catch (IOException | RuntimeException ignored) {
                // best effort
            }
        }
    }
}
