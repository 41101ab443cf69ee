package io.poolbench.toxiproxy.tcp;

import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.testcontainers.containers.GenericContainer;

/**
 * A container's network namespace, entered from this host with {@code nsenter --net}: the host's own {@code iptables}
 * and {@code java} run there, with that namespace's interfaces, firewall and {@code net.ipv4} sysctls, and nothing of
 * the host's network is touched. Needs a Linux host that runs the Docker engine itself, as root, with {@code nsenter}
 * (util-linux), {@code iptables} and {@code ss} (iproute2); {@link #requireHost} says in one line what is missing.
 *
 * @param name the container's name in messages, e.g. {@code writer}
 * @param pid the container's first process, as this host sees it
 * @param address the container's address on the project's Docker network
 */
record Netns(String name, long pid, String address) {
    /**
     * @param name its name in messages
     * @param c a running container
     * @return its namespace
     * @throws TestbedException when this host cannot see the container's process (a Docker engine elsewhere)
     */
    static Netns of(String name, GenericContainer<?> c) {
        var info = c.getContainerInfo();
        long pid = info.getState().getPidLong();
        String address = info.getNetworkSettings().getNetworks().values().iterator().next().getIpAddress();
        if (pid <= 0 || !Files.isDirectory(Path.of("/proc", Long.toString(pid), "ns"))) {
            throw new TestbedException("the " + name + " container's process is not on this host: the TCP-level"
                    + " faults need the Docker engine on this machine (not DOCKER_HOST elsewhere, not Docker Desktop)");
        }
        return new Netns(name, pid, address);
    }

    /**
     * @param cmd a command of this host
     * @return it, run in this namespace
     */
    List<String> enter(List<String> cmd) {
        List<String> out = new ArrayList<>(List.of(which("nsenter"), "--target", Long.toString(pid), "--net", "--"));
        out.addAll(cmd);
        return out;
    }

    /**
     * Runs a short command (iptables, sysctl) in this namespace and waits for it.
     *
     * @param cmd the command
     * @return its output
     * @throws IOException when it fails, with its output
     * @throws InterruptedException when interrupted
     */
    String run(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(enter(List.of(cmd))).redirectErrorStream(true).start();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", cmd) + " in the " + name + "'s namespace did not end in 10 s");
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " in the " + name + "'s namespace: " + out);
        }
        return out;
    }

    /**
     * Checks, before anything starts, that this host can make faults in a container's kernel.
     *
     * @throws TestbedException one line naming what is missing and how to get it
     */
    static void requireHost() {
        if (!System.getProperty("os.name", "").toLowerCase().contains("linux")) {
            throw new TestbedException("the TCP-level faults need Linux (network namespaces): leave out --tcp-faults");
        }
        if (!isRoot()) {
            throw new TestbedException("the TCP-level faults enter the containers' network namespaces and need root:"
                    + " run as root, or leave out --tcp-faults");
        }
        for (String tool : List.of("nsenter", "iptables", "ss")) {
            if (!onPath(tool)) {
                throw new TestbedException("the TCP-level faults need " + tool + " on this host: apt-get install -y "
                        + switch (tool) {
                            case "nsenter" -> "util-linux";
                            case "ss" -> "iproute2";
                            default -> "iptables";
                        } + ", or leave out --tcp-faults");
            }
        }
    }

    private static boolean isRoot() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("Uid:"))
                    .anyMatch(l -> l.split("\\s+")[1].equals("0"));
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean onPath(String tool) {
        return which(tool) != null;
    }

    /**
     * @param tool a command's name
     * @return its absolute path on this host (PATH, then the system directories), or null
     */
    static String which(String tool) {
        String path = System.getenv().getOrDefault("PATH", "") + ":/usr/sbin:/sbin:/usr/bin:/bin";
        for (String dir : path.split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return Path.of(dir, tool).toString();
            }
        }
        return null;
    }
}
