package io.poolbench.testbed.process;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class FreePortTest {
    @Test
    void aPickedPortIsBelowTheEphemeralRangeAndCanBeBound() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/sys/net/ipv4/ip_local_port_range")), "Linux only");
        int low = FreePort.ephemeralLow();
        assumeTrue(low > FreePort.LOWEST + 1, "an ephemeral range that leaves room below it");
        for (int i = 0; i < 20; i++) {
            int port = FreePort.pick();
            assertTrue(port >= FreePort.LOWEST && port < low, port + " not in " + FreePort.LOWEST + " .. " + (low - 1));
            try (ServerSocket s = new ServerSocket(port)) {
                assertTrue(s.isBound());
            }
        }
    }
}
