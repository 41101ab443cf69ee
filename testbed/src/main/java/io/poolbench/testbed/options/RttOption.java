package io.poolbench.testbed.options;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import picocli.CommandLine.Option;

/**
 * {@code --rtt-ms}, the network round trip between the application and the database in milliseconds: a picocli
 * mixin shared by the commands that model or inject it. Default 1 ms: a LAN or one availability zone.
 */
public final class RttOption {
    /** The longest round trip taken, ms: ten seconds is an outage, not a network. */
    public static final int MAX_MS = 10_000;

    @Option(names = "--rtt-ms", paramLabel = "MS", defaultValue = "1",
            description = "Round trip between the application and the database, ms (default ${DEFAULT-VALUE}: a LAN"
                    + " or one availability zone).")
    double rttMs;

    /**
     * @return the round trip, ms
     * @throws TestbedException one line when it is outside 0 .. {@value #MAX_MS} ms
     */
    public double ms() {
        Cli.range("--rtt-ms", rttMs, 0, MAX_MS);
        return rttMs;
    }

    /**
     * The round trip for a command that injects it with Toxiproxy, which adds whole milliseconds.
     *
     * @return the round trip, whole ms
     * @throws TestbedException one line when it is negative or not whole
     */
    public int wholeMs() {
        double ms = ms();
        if (ms != Math.rint(ms)) {
            throw new TestbedException("--rtt-ms " + rttMs + ": Toxiproxy adds whole milliseconds; give e.g. "
                    + Math.round(ms));
        }
        return (int) ms;
    }
}
