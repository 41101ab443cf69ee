package io.poolbench.toxiproxy;

import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.Ports;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Docker;
import io.poolbench.testbed.db.Leftovers;
import io.poolbench.testbed.db.MySqlBehindToxiproxy;
import io.poolbench.testbed.db.MySqlDatabase;
import io.poolbench.testbed.process.FreePort;
import io.poolbench.toxiproxy.DrillCluster.Instance;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.MySQLContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.lifecycle.Startables;
import org.testcontainers.utility.DockerImageName;

/**
 * The containers of {@link FailoverTopology} on one Docker network: {@code mysql-a} (server id 1), {@code mysql-b}
 * (server id 2, read-only) and {@code toxiproxy}, whose two proxy ports are published on the same host port at
 * two loopback addresses ({@link HostsFile#ADDRESS_A}, {@link HostsFile#ADDRESS_B}), so that the
 * writer endpoint can move by name alone.
 *
 * @param network the Docker network
 * @param a writer A
 * @param b replica B
 * @param toxiproxy Toxiproxy, API on its port 8474
 * @param endpointPort the host port both proxies are published on
 */
record ClusterContainers(Network network, MySQLContainer<?> a, MySQLContainer<?> b, GenericContainer<?> toxiproxy,
        int endpointPort) {
    /** Toxiproxy's proxy port for A inside its container. */
    static final int PROXY_PORT_A = 8666;
    /** Toxiproxy's proxy port for B inside its container. */
    static final int PROXY_PORT_B = 8667;
    /** Toxiproxy's HTTP API port (the image's default). */
    static final int API_PORT = 8474;

    /**
     * Starts the three containers in parallel; on failure stops what started.
     *
     * @param mysqlImage resolved MySQL (or MariaDB) image
     * @param toxiproxyImage resolved Toxiproxy image (see {@link MySqlBehindToxiproxy#resolveToxiproxyImage})
     * @return the running containers
     * @throws TestbedException when no host port is free
     * @throws RuntimeException from Testcontainers when a container does not start (already stopped)
     */
    static ClusterContainers start(String mysqlImage, String toxiproxyImage) {
        Network net = Leftovers.network();
        MySQLContainer<?> a = MySqlDatabase.container(mysqlImage, net, "mysql-a").withCommand(serverArgs(1, false));
        MySQLContainer<?> b = MySqlDatabase.container(mysqlImage, net, "mysql-b").withCommand(serverArgs(2, true));
        int port;
        try {
            port = FreePort.pick();
        } catch (IOException e) {
            throw new TestbedException("no free port for the Toxiproxy endpoints: " + e.getMessage(), e);
        }
        GenericContainer<?> tp = Leftovers.label(new GenericContainer<>(DockerImageName.parse(toxiproxyImage)))
                .withNetwork(net)
                .withExposedPorts(API_PORT)
                .waitingFor(Wait.forHttp("/version").forPort(API_PORT))
                .withCreateContainerCmdModifier(cmd -> {
                    List<ExposedPort> exposed = new ArrayList<>(List.of(cmd.getExposedPorts()));
                    exposed.add(ExposedPort.tcp(PROXY_PORT_A));
                    exposed.add(ExposedPort.tcp(PROXY_PORT_B));
                    cmd.withExposedPorts(exposed);
                    Ports ports = cmd.getHostConfig().getPortBindings();
                    ports.bind(ExposedPort.tcp(PROXY_PORT_A),
                            Ports.Binding.bindIpAndPort(HostsFile.ADDRESS_A, port));
                    ports.bind(ExposedPort.tcp(PROXY_PORT_B),
                            Ports.Binding.bindIpAndPort(HostsFile.ADDRESS_B, port));
                    cmd.getHostConfig().withPortBindings(ports);
                });
        ClusterContainers c = new ClusterContainers(net, a, b, tp, port);
        try {
            Startables.deepStart(a, b, tp).join();
        } catch (RuntimeException e) {
            c.stop();
            throw e;
        }
        return c;
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

    /** @return the server container of an instance */
    MySQLContainer<?> server(Instance i) {
        return i == Instance.A ? a : b;
    }

    /**
     * Host process ids of the containers' main processes, for their CPU: {@code mysql-a}, {@code mysql-b},
     * {@code toxiproxy}; a container whose pid Docker does not report is left out.
     *
     * @return name → pid, in that order
     */
    Map<String, Long> pids() {
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

    /** {@code docker pause} of an instance's server (true) or its undoing (false). */
    void pause(Instance i, boolean paused) {
        String id = server(i).getContainerId();
        if (paused) {
            DockerClientFactory.instance().client().pauseContainerCmd(id).exec();
        } else {
            DockerClientFactory.instance().client().unpauseContainerCmd(id).exec();
        }
    }

    /** Unpauses both servers, stops each container, then the network; one failure does not keep the rest. */
    void stop() {
        for (Instance i : Instance.values()) {
            try {
                pause(i, false);
            } catch (RuntimeException notPaused) {
                // only a paused container can be unpaused
            }
        }
        Docker.stopQuietly(toxiproxy, b, a, network);
    }
}
