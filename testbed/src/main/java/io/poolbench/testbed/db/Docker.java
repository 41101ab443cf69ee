package io.poolbench.testbed.db;

import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.ContainerConfig;
import com.github.dockerjava.api.model.ExposedPort;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.utility.DockerImageName;

/**
 * Docker checks done before anything starts a container, so that a missing engine or image ends in one clear line
 * instead of a long stack trace or a registry pull that hangs for minutes (the README, "MySQL and Toxiproxy").
 */
public final class Docker {
    /** Script that builds the local images on machines without registry access. */
    public static final String IMAGE_SCRIPT = "toxiproxy/images/build-local-images.sh";

    private Docker() {
    }

    /**
     * A fast check of the engine Testcontainers would use ({@code DOCKER_HOST}, else
     * {@code /var/run/docker.sock}): connects and sends {@code GET /_ping}, so that a missing engine is reported at
     * once instead of after Testcontainers' retries.
     *
     * @param dockerHost value of DOCKER_HOST, or null for the default socket
     * @return null when the engine answers (or the scheme is not unix/tcp, left to Testcontainers), else the problem
     */
    static String engineProblem(String dockerHost) {
        String host = dockerHost == null || dockerHost.isBlank() ? "unix:///var/run/docker.sock" : dockerHost;
        SocketAddress addr;
        if (host.startsWith("unix://")) {
            Path sock = Path.of(host.substring("unix://".length()));
            if (!Files.exists(sock)) {
                return "no Docker socket at " + sock;
            }
            addr = UnixDomainSocketAddress.of(sock);
        } else if (host.startsWith("tcp://")) {
            URI u = URI.create(host);
            addr = new InetSocketAddress(u.getHost(), u.getPort() < 0 ? 2375 : u.getPort());
        } else {
            return null;
        }
        try (SocketChannel ch = SocketChannel.open(addr)) {
            ch.write(ByteBuffer.wrap("GET /_ping HTTP/1.0\r\nHost: docker\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
            ByteBuffer buf = ByteBuffer.allocate(64);
            while (buf.position() < 12 && ch.read(buf) > 0) {
                // read the status line
            }
            String status = new String(buf.array(), 0, buf.position(), StandardCharsets.US_ASCII);
            return status.startsWith("HTTP/1.") && status.contains(" 200") ? null
                    : "the Docker engine at " + host + " answered '" + status.lines().findFirst().orElse("") + "'";
        } catch (IOException e) {
            return "the Docker engine at " + host + " does not answer (" + e.getMessage() + ")";
        }
    }

    /**
     * Stops containers and removes networks in the given order, each whatever the one before did: a failure to stop
     * one (already gone, the engine busy) does not keep the rest running.
     *
     * @param parts containers and networks (Testcontainers' {@code Startable} and {@code Network} are AutoCloseable)
     */
    public static void stopQuietly(AutoCloseable... parts) {
        for (AutoCloseable p : parts) {
            try {
                p.close();
            } catch (Exception ignored) {
                // keep stopping the rest; what is left, Testcontainers' Ryuk removes when the JVM ends
            }
        }
    }

    /** @return true when a Docker engine answers */
    public static boolean available() {
        if (engineProblem(System.getenv("DOCKER_HOST")) != null) {
            return false;
        }
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /**
     * Fails with one line when no Docker engine answers.
     *
     * @param purpose what needs Docker, e.g. "--db mysql"
     * @throws TestbedException naming the purpose and the alternatives
     */
    public static void require(String purpose) {
        String problem = engineProblem(System.getenv("DOCKER_HOST"));
        if (problem != null || !available()) {
            throw new TestbedException("Docker is needed for " + purpose + " but "
                    + (problem != null ? problem : "Testcontainers found no usable Docker engine")
                    + ": start dockerd (see .ci/run), or use --db embedded or --db external --jdbc-url ...");
        }
    }

    /**
     * @param image image name with tag
     * @return true when the image is present in the local engine (no registry is asked)
     */
    public static boolean imagePresent(String image) {
        try {
            DockerClientFactory.instance().client().inspectImageCmd(image).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }

    /**
     * Fails with one line when a local image does not expose a port (e.g. 3306 for MySQL), so that a wrong image
     * is reported before Testcontainers waits minutes for a server that never comes.
     *
     * @param image image present locally
     * @param port container port, TCP
     * @param what what the image should be, e.g. "MySQL"
     * @throws TestbedException naming the image, the ports it exposes and what to pass instead
     */
    public static void requireExposedPort(String image, int port, String what) {
        ContainerConfig cfg =
                DockerClientFactory.instance().client().inspectImageCmd(image).exec().getConfig();
        ExposedPort[] ports = cfg == null ? null : cfg.getExposedPorts();
        if (ports != null) {
            for (ExposedPort p : ports) {
                if (p.getPort() == port) {
                    return;
                }
            }
        }
        throw new TestbedException("image '" + image + "' is not a " + what + " image: it does not expose port "
                + port + " (it exposes " + (ports == null ? "none" : Arrays.toString(ports)) + "); pass a "
                + what + " image, e.g. " + MySqlDatabase.DEFAULT_IMAGE + " or " + MySqlDatabase.LOCAL_IMAGE
                + " (built by " + IMAGE_SCRIPT + ")");
    }

    /**
     * Picks the first image of the candidates that is present locally.
     *
     * @param setting the user's explicit choice, or null/blank for "first present of the defaults"
     * @param what what the image is for, e.g. "MySQL"
     * @param defaults candidates in order of preference (the registry image first, then the local build)
     * @return the image to use
     * @throws TestbedException one line naming the image(s) and the script that builds them
     */
    public static String pickImage(String setting, String what, String... defaults) {
        if (setting != null && !setting.isBlank()) {
            try {
                DockerImageName.parse(setting).assertValid();
            } catch (IllegalArgumentException e) {
                throw new TestbedException(what + " image name '" + setting + "' is not a valid image reference ("
                        + Redact.oneLine(e.getMessage()) + "): use NAME:TAG, e.g. " + defaults[0]);
            }
            if (!imagePresent(setting)) {
                throw new TestbedException(what + " image '" + setting + "' is not present locally: docker pull "
                        + setting + ", or build the local images with " + IMAGE_SCRIPT);
            }
            return setting;
        }
        for (String d : defaults) {
            if (imagePresent(d)) {
                return d;
            }
        }
        throw new TestbedException("no " + what + " image present locally (tried " + String.join(", ", defaults)
                + "): docker pull " + defaults[0] + ", or build the local images with " + IMAGE_SCRIPT);
    }
}
