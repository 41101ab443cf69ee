package io.poolbench.toxiproxy;

import io.poolbench.testbed.AtomicFile;
import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The JVM's hosts file ({@code -Djdk.net.hosts.file}), where the cluster's writer endpoint is a name: moving the
 * endpoint rewrites the file (atomically), and with the address cache off new connections follow while existing
 * ones stay where they are, as with Aurora's cluster endpoint.
 */
public final class HostsFile {
    /** Name of the cluster (writer) endpoint the pools connect to. */
    public static final String WRITER_HOST = "poolbench-writer";
    /** Loopback address of A's proxy. */
    public static final String ADDRESS_A = "127.0.0.2";
    /** Loopback address of B's proxy. */
    public static final String ADDRESS_B = "127.0.0.3";

    private HostsFile() {
    }

    /**
     * The hosts file the JVM resolves names from, or an error saying how to start the JVM.
     *
     * @return the file named by {@code jdk.net.hosts.file}
     * @throws TestbedException when the JVM was not started with it
     */
    public static Path require() {
        String f = System.getProperty("jdk.net.hosts.file");
        if (f == null || f.isBlank()) {
            throw new TestbedException("the failover cluster needs a JVM started with -Djdk.net.hosts.file=FILE"
                    + " -Dsun.net.inetaddr.ttl=0 (its writer endpoint is a name that a failover moves): run through"
                    + " the ./poolbench script (drill, aurora, plan --measure)");
        }
        return Path.of(f);
    }

    /**
     * Writes the hosts file: localhost plus the writer endpoint name on the given instance's proxy address.
     *
     * @param file hosts file
     * @param target instance the endpoint points at
     * @throws IOException when the file cannot be written
     */
    static void write(Path file, DrillCluster.Instance target) throws IOException {
        write(file, target == DrillCluster.Instance.A ? ADDRESS_A : ADDRESS_B);
    }

    /**
     * The lines every hosts file of poolbench starts with: localhost, and this machine's own name (read from the
     * kernel, since a JVM under such a file cannot resolve it): c3p0 resolves it for its VM id.
     */
    public static final String LOCAL = "127.0.0.1 localhost" + machineName() + "\n::1 localhost\n";

    private static String machineName() {
        try {
            String n = Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.US_ASCII).strip();
            return n.matches("[A-Za-z0-9.-]+") && !n.equals("localhost") ? " " + n : "";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /**
     * Writes the hosts file: localhost plus the writer endpoint name on an address.
     *
     * @param file hosts file
     * @param address IP address the endpoint name resolves to
     * @throws IOException when the file cannot be written
     */
    static void write(Path file, String address) throws IOException {
        String text = LOCAL + address + " " + WRITER_HOST + "\n";
        AtomicFile.writeString(file, text);
    }
}
