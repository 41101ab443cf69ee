package io.poolbench.toxiproxy.tcp;

import java.io.IOException;

/**
 * The writer's own firewall, in its network namespace ({@link Netns}): how the stand-in makes the writer vanish at
 * the TCP level. Only the database port's packets are touched, only inside the writer's container; removing the
 * container removes every rule with it.
 */
final class WriterFirewall {
    /** The database port inside the writer's container. */
    static final String PORT = "3306";

    private final Netns writer;
    private final String iptables;

    /**
     * @param writer the writer's namespace
     */
    WriterFirewall(Netns writer) {
        this.writer = writer;
        this.iptables = Netns.which("iptables");
    }

    /**
     * Drops every packet to and from the database port: the writer neither answers nor acknowledges, nor closes
     * anything.
     *
     * @throws IOException when iptables refuses
     * @throws InterruptedException when interrupted
     */
    void drop() throws IOException, InterruptedException {
        writer.run(iptables, "-I", "INPUT", "-p", "tcp", "--dport", PORT, "-j", "DROP");
        writer.run(iptables, "-I", "OUTPUT", "-p", "tcp", "--sport", PORT, "-j", "DROP");
    }

    /**
     * The address answers again, as a rebooted instance's does: every packet to the database port gets a TCP reset.
     *
     * @throws IOException when iptables refuses
     * @throws InterruptedException when interrupted
     */
    void reset() throws IOException, InterruptedException {
        writer.run(iptables, "-F");
        writer.run(iptables, "-I", "INPUT", "-p", "tcp", "--dport", PORT, "-j", "REJECT", "--reject-with",
                "tcp-reset");
    }

    /**
     * The writer's database process gone, its host up: every packet to the database port gets a TCP reset (new
     * connections are refused), and every established connection is aborted with a reset ({@code ss -K}, the kernel's
     * socket destroy, as the host's kernel resets the sockets of a process that died). The database itself keeps
     * running behind the rules: {@link #heal} brings it back at once.
     *
     * @throws IOException when iptables or ss refuses
     * @throws InterruptedException when interrupted
     */
    void crash() throws IOException, InterruptedException {
        reset();
        writer.run(Netns.which("ss"), "-K", "state", "established", "(", "sport", "=", ":" + PORT, ")");
    }

    /**
     * Removes every rule: the writer answers as before.
     *
     * @throws IOException when iptables refuses
     * @throws InterruptedException when interrupted
     */
    void heal() throws IOException, InterruptedException {
        writer.run(iptables, "-F");
    }
}
