package io.poolbench.testbed.fault;

import io.poolbench.testbed.TestbedException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Every fault poolbench makes and predicts, one constant each: its name on the command line and in files, what it
 * does to the writer's network and when, which stand-in makes it, and which TCP branch the model's chain follows for
 * it. The drills ({@code poolbench drill}), the Aurora scenario's {@code --failover}, and {@code check} (its
 * predictions, {@code --measure} and {@code --tcp-faults}) all name faults with it.
 *
 * <p>A new fault is a constant here, the class that makes it on its stand-in (an {@code Injection} registered in
 * the drills' {@code Injections} for Toxiproxy, or a case of the TCP-level runner's {@code KernelFaults}) and its
 * prediction in {@link FaultChain#predict}; every one of those switches over this type, so the compiler names each
 * place a new constant must be handled (CONTRIBUTING.md).
 */
public enum FaultKind {
    /** Added round-trip latency in steps under steady load (no prediction: the drills' latency staircase). */
    LATENCY("latency", "latency", StandIn.TOXIPROXY, null, "added round-trip latency in steps under steady load"),
    /** The writer closes its connections and becomes a reader; another becomes the writer and the name moves. */
    PLANNED_FAILOVER("planned", "planned failover", StandIn.TOXIPROXY, null, "the writer made read-only, the"
            + " replica caught up and promoted, the writer's name moved to it, the old writer rebooted"),
    /** The writer stops answering without closing anything; another is promoted later and the name moves. */
    UNPLANNED_FAILOVER("unplanned", "unplanned failover", StandIn.TOXIPROXY, TcpBranch.UNACKNOWLEDGED, "the"
            + " writer silent without closing anything; after the detection time the replica promoted and the name"
            + " moved; the old writer rebooted later"),
    /** After a failover the writer's name keeps resolving to the old writer, now a reader, for a while. */
    STALE_ENDPOINT("stale", "stale endpoint", StandIn.TOXIPROXY, null, "a planned promotion, but the writer's name"
            + " flapping between the read-only old writer and the new one for a while"),
    /** Every packet to and from the writer held for a while, then delivered: connections survive it. */
    STALL("stall", "stall", StandIn.TOXIPROXY, null, "every packet to and from the writer held for a while, then"
            + " delivered: connections survive it"),
    /** The writer vanishes at the TCP level while requests send bytes: retransmissions until tcp_retries2. */
    BLACK_HOLE("black-hole", "black hole", StandIn.KERNEL, TcpBranch.UNACKNOWLEDGED, "every packet of the writer's"
            + " port dropped in its own kernel, then requests arrive: their bytes are never acknowledged"),
    /** The writer had each query, then nothing: a read with nothing in flight, ended only by keepalive. */
    SILENT_AFTER_ACK("silent-after-ack", "silent after acknowledge", StandIn.KERNEL, TcpBranch.ACKNOWLEDGED,
            "every packet dropped while queries run: the writer acknowledged each, then nothing"),
    /** A black hole whose address answers again with resets after a while (a rebooted instance). */
    REBOOT("reboot", "reboot", StandIn.KERNEL, TcpBranch.OLD_ADDRESS_BACK, "a black hole whose address answers"
            + " again with TCP resets after a while"),
    /**
     * The writer's database process gone, its host up (a crashed or killed server): every connection reset at once,
     * every new one refused. Nothing waits on the client's timers: the benign end of the TCP branches.
     */
    CRASH("crash", "crash", StandIn.KERNEL, TcpBranch.OLD_ADDRESS_BACK, "every connection to the writer's port"
            + " reset at once and every new one refused, as when its database process dies and its host stays up"),
    /** A black hole, then the writer's name moves to a promoted writer behind the record's TTL and the JVM's cache. */
    DNS_FLIP("dns-flip", "DNS flip", StandIn.KERNEL, TcpBranch.UNACKNOWLEDGED, "a black hole; a second writer"
            + " promoted, and the writer's name moved to it after the record's TTL, behind the JVM's own cache");

    /** Which stand-in makes a fault. */
    public enum StandIn {
        /** The stand-in cluster behind Toxiproxy: a userspace proxy between the client and the writer. */
        TOXIPROXY,
        /** The writer's own kernel (its firewall), the client in a network namespace of its own, no proxy between. */
        KERNEL
    }

    private final String id;
    private final String label;
    private final StandIn standIn;
    private final TcpBranch branch;
    private final String does;

    FaultKind(String id, String label, StandIn standIn, TcpBranch branch, String does) {
        this.id = id;
        this.label = label;
        this.standIn = standIn;
        this.branch = branch;
        this.does = does;
    }

    /** @return its name on the command line, in paths and in manifests, e.g. {@code unplanned}, {@code black-hole} */
    public String id() {
        return id;
    }

    /** @return its name in a sentence or table, e.g. {@code unplanned failover}, {@code silent after acknowledge} */
    public String label() {
        return label;
    }

    /** @return which stand-in makes it */
    public StandIn standIn() {
        return standIn;
    }

    /**
     * @return the TCP branch the model's chain follows for the requests it counts; null for a fault whose waits are
     *     not the silent writer's (latency, stall, the failovers that close connections)
     */
    public TcpBranch branch() {
        return branch;
    }

    /** @return what it does to the writer's network and when, in words */
    public String does() {
        return does;
    }

    /**
     * @param standIn a stand-in
     * @return the faults it makes, in declaration order
     */
    public static List<FaultKind> madeBy(StandIn standIn) {
        return Arrays.stream(values()).filter(k -> k.standIn == standIn).toList();
    }

    /**
     * @param option the option naming it, for the message, e.g. {@code --tcp-faults}
     * @param value its value
     * @param among the faults the option takes
     * @param all whether the option also takes {@code all} (said in the message; the caller expands it)
     * @return the fault whose id is {@code value} (case and blanks do not matter)
     * @throws TestbedException one line naming the faults the option takes for anything else
     */
    public static FaultKind parse(String option, String value, List<FaultKind> among, boolean all) {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        Optional<FaultKind> k = among.stream().filter(f -> f.id.equals(v)).findFirst();
        List<String> ids = among.stream().map(FaultKind::id).toList();
        return k.orElseThrow(() -> new TestbedException(option + " " + value + " is not one of its faults: give "
                + String.join(", ", ids.subList(0, ids.size() - 1)) + (all ? ", " + ids.get(ids.size() - 1)
                + " or all" : " or " + ids.get(ids.size() - 1))));
    }
}
