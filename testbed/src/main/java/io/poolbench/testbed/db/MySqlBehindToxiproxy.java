package io.poolbench.testbed.db;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.process.StopOnExit;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.ToxiproxyContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * MySQL reached through a Toxiproxy proxy: one Docker network holding a MySQL container (alias {@code mysql-a}) and
 * a Toxiproxy container whose proxy {@code writer} listens on port 8666 and forwards to {@code mysql-a:3306}. As a
 * {@link Database}, its JDBC URL goes through the proxy, so toxics (latency, timeouts, cuts) apply to every pooled
 * connection. Closing it removes both containers and the network, also from a shutdown hook (Ctrl-C).
 */
public final class MySqlBehindToxiproxy implements Database {
    /** Registry image users get by default. */
    public static final String DEFAULT_TOXIPROXY_IMAGE = "ghcr.io/shopify/toxiproxy:2.5.0";
    /** Image built by {@link Docker#IMAGE_SCRIPT}. */
    public static final String LOCAL_TOXIPROXY_IMAGE = "poolbench/toxiproxy:local";
    /** Port of the writer proxy inside the Toxiproxy container (the first of the 8666-8697 range it exposes). */
    public static final int WRITER_PROXY_PORT = 8666;

    private final Network network;
    private final MySqlDatabase mysql;
    private final ToxiproxyContainer toxiproxy;
    private final ToxiproxyClient client;
    private final Proxy writer;
    private final StopOnExit stopper;

    private MySqlBehindToxiproxy(Network network, MySqlDatabase mysql, ToxiproxyContainer toxiproxy,
            ToxiproxyClient client, Proxy writer) {
        this.network = network;
        this.mysql = mysql;
        this.toxiproxy = toxiproxy;
        this.client = client;
        this.writer = writer;
        this.stopper = new StopOnExit("toxiproxy-topology-stop", this::stopAll);
    }

    /**
     * Resolves the Toxiproxy image: the setting, else {@code POOLBENCH_TOXIPROXY_IMAGE}, else the first of
     * {@link #DEFAULT_TOXIPROXY_IMAGE} and {@link #LOCAL_TOXIPROXY_IMAGE} present locally.
     *
     * @param setting explicit image or null
     * @return the image
     * @throws TestbedException when Docker or the image is missing
     */
    public static String resolveToxiproxyImage(String setting) {
        Docker.require("Toxiproxy");
        String s = setting != null && !setting.isBlank() ? setting : System.getenv("POOLBENCH_TOXIPROXY_IMAGE");
        return Docker.pickImage(s, "Toxiproxy", DEFAULT_TOXIPROXY_IMAGE, LOCAL_TOXIPROXY_IMAGE);
    }

    /**
     * Starts the network, MySQL, Toxiproxy and the writer proxy.
     *
     * @param mysqlImage MySQL image setting or null
     * @param toxiproxyImage Toxiproxy image setting or null
     * @return the running topology
     * @throws TestbedException one line when Docker or an image is missing or a container does not start
     */
    public static MySqlBehindToxiproxy start(String mysqlImage, String toxiproxyImage) {
        String mImage = MySqlDatabase.resolveImage(mysqlImage);
        String tImage = resolveToxiproxyImage(toxiproxyImage);
        Network net = Leftovers.network();
        MySqlDatabase my = null;
        ToxiproxyContainer tp = null;
        try {
            my = MySqlDatabase.start(MySqlDatabase.container(mImage, net, "mysql-a"));
            tp = Leftovers.label(new ToxiproxyContainer(DockerImageName.parse(tImage)
                    .asCompatibleSubstituteFor("ghcr.io/shopify/toxiproxy")).withNetwork(net));
            tp.start();
            ToxiproxyClient client = new ToxiproxyClient(tp.getHost(), tp.getControlPort());
            Proxy writer = client.createProxy("writer", "0.0.0.0:" + WRITER_PROXY_PORT, "mysql-a:3306");
            return new MySqlBehindToxiproxy(net, my, tp, client, writer);
        } catch (IOException | RuntimeException e) {
            if (tp != null) {
                tp.stop();
            }
            if (my != null) {
                my.close();
            }
            net.close();
            if (e instanceof TestbedException) {
                throw (TestbedException) e;
            }
            throw new TestbedException("Toxiproxy topology did not start: " + e.getMessage(), e);
        }
    }

    /** @return the toxiproxy-java client (control API) */
    public ToxiproxyClient client() {
        return client;
    }

    /** @return the writer proxy (add toxics to it) */
    public Proxy writer() {
        return writer;
    }

    /** @return the host port mapped to the writer proxy */
    public int toxiproxyMappedPort() {
        return toxiproxy.getMappedPort(WRITER_PROXY_PORT);
    }

    /** @return the MySQL database reached directly, bypassing the proxy */
    public MySqlDatabase direct() {
        return mysql;
    }

    @Override
    public String kind() {
        return "mysql+toxiproxy";
    }

    /** @return a JDBC URL to the database through the writer proxy */
    @Override
    public String jdbcUrl() {
        String direct = mysql.jdbcUrl();
        String hostPort = toxiproxy.getHost() + ":" + toxiproxy.getMappedPort(WRITER_PROXY_PORT);
        return direct.replaceFirst("//[^/]+/", "//" + hostPort + "/");
    }

    @Override
    public String user() {
        return mysql.user();
    }

    @Override
    public String password() {
        return mysql.password();
    }

    /** @return {@code mysql} and {@code toxiproxy} → their containers' main processes, where Docker reports them */
    @Override
    public Map<String, Long> serverProcesses() {
        Map<String, Long> m = new LinkedHashMap<>(mysql.serverProcesses());
        m.putAll(MySqlDatabase.containerProcess("toxiproxy", toxiproxy));
        return m;
    }

    @Override
    public String describe() {
        return "mysql via toxiproxy " + Redact.url(jdbcUrl());
    }

    @Override
    public void close() {
        stopper.close();
    }

    private void stopAll() {
        Docker.stopQuietly(toxiproxy, mysql, network);
    }
}
