package io.poolbench.testbed.options;

import io.poolbench.testbed.Cli;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The load of a borrower probe: how many borrowers contend for how many connections, for how long. A picocli mixin
 * shared by {@code poolbench borrowers} and the probe it starts per pool ({@code BorrowerProbe}, in pool-bench's
 * jar), so that each option has one meaning, one default and one range in both, and the command hands it on with
 * {@link #args()}.
 */
public final class BorrowerLoadOptions {
    /**
     * The environment variable that hands the probe a database's JDBC URL (unset: the stub driver); with
     * {@link #USER_ENV} and {@link #PASSWORD_ENV}, so that no password is on a command line.
     */
    public static final String URL_ENV = "POOLBENCH_PROBE_JDBC_URL";
    /** The environment variable holding the database's user. */
    public static final String USER_ENV = "POOLBENCH_PROBE_JDBC_USER";
    /** The environment variable holding the database's password. */
    public static final String PASSWORD_ENV = "POOLBENCH_PROBE_JDBC_PASSWORD";

    @Option(names = "--borrowers", defaultValue = "2000", paramLabel = "N",
            description = "Borrowing threads (default ${DEFAULT-VALUE}).")
    int borrowers;

    @Option(names = "--pool-size", defaultValue = "50", paramLabel = "N",
            description = "Connections (default ${DEFAULT-VALUE}; 0: the profile's).")
    int poolSize;

    @Option(names = "--warmup-s", defaultValue = "2", paramLabel = "S",
            description = "Seconds of each probe before its measured period, excluded (default ${DEFAULT-VALUE}).")
    int warmupSeconds;

    @Option(names = "--seconds", defaultValue = "5", paramLabel = "S",
            description = "Measured seconds per probe (default ${DEFAULT-VALUE}).")
    int seconds;

    /**
     * @return the load, checked
     * @throws io.poolbench.testbed.TestbedException one line naming the option out of its range: borrowers
     *     1 .. 100,000, pool size 0 .. 10,000, warm-up 0 .. 600 s, measured 1 .. 3,600 s
     */
    public Load load() {
        Cli.range("--borrowers", borrowers, 1, 100_000);
        Cli.range("--pool-size", poolSize, 0, 10_000);
        Cli.range("--warmup-s", warmupSeconds, 0, 600);
        Cli.range("--seconds", seconds, 1, 3_600);
        return new Load(borrowers, poolSize, warmupSeconds, seconds);
    }

    /**
     * A probe's load.
     *
     * @param borrowers borrowing threads
     * @param poolSize connections; 0 for the profile's own size
     * @param warmupSeconds seconds of warm-up, excluded from every figure
     * @param seconds measured seconds
     */
    public record Load(int borrowers, int poolSize, int warmupSeconds, int seconds) {
        /** @return the load as a probe's command line takes it, e.g. {@code --borrowers 2000 --pool-size 50 …} */
        public List<String> args() {
            return List.of("--borrowers", Integer.toString(borrowers), "--pool-size", Integer.toString(poolSize),
                    "--warmup-s", Integer.toString(warmupSeconds), "--seconds", Integer.toString(seconds));
        }
    }
}
