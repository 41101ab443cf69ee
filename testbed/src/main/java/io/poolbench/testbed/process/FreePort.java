package io.poolbench.testbed.process;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A TCP port that is free now, for a child process or a container to listen on, taken below the kernel's ephemeral
 * range ({@code /proc/sys/net/ipv4/ip_local_port_range}, 32768 .. 60999 by default on Linux). A port from that range
 * (what {@code new ServerSocket(0)} returns) can be handed out again by the kernel to the next socket that binds
 * port 0 or connects, before the child binds it: the concurrency article's webapp once got the shutdown port chosen for it as its
 * own automatic HTTP port, and exited. Below the range only an explicit bind can take the port; the child's start-up
 * reports that. Off Linux, or when the range starts too low, a port from the kernel.
 */
public final class FreePort {
    /** Lowest port handed out (above the registered ports most servers take). */
    static final int LOWEST = 20_000;

    private FreePort() {
    }

    /**
     * @return a port no socket is bound to on any interface now
     * @throws IOException when no socket can be bound at all
     */
    public static int pick() throws IOException {
        int high = ephemeralLow() - 1;
        for (int attempt = 0; attempt < 200 && high > LOWEST; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, high + 1);
            try (ServerSocket s = new ServerSocket(port)) {
                return s.getLocalPort();
            } catch (IOException taken) {
                // bound by another process: try another
            }
        }
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** @return the first port of the kernel's ephemeral range, or {@link #LOWEST} where it cannot be read */
    static int ephemeralLow() {
        try {
            Path file = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
            // readString stops after one byte on this procfs file (its size is 0); a line reader does not
            String[] range = Files.readAllLines(file).get(0).trim().split("\\s+");
            return Integer.parseInt(range[0]);
        } catch (IOException | RuntimeException e) {
            return LOWEST;
        }
    }
}
