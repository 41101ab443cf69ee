package io.poolbench.testbed.options;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import picocli.CommandLine.Option;

/**
 * {@code --rounds}, how many times every scenario that compares variants runs each of them: a picocli mixin, so that
 * the word, its older spellings ({@code --runs}, {@code --trials}, {@code --repeats}), its meaning and its range are
 * one. A round runs each variant once, in an order rotated from round to round; ratios are taken within a round
 * and summarised over the rounds ({@link io.poolbench.testbed.stats.RatioInterval}).
 */
public final class RoundsOption {
    /** The most rounds one command takes. */
    public static final int MAX = 1_000;

    @Option(names = {"--rounds", "--runs", "--trials", "--repeats"}, paramLabel = "N",
            description = "Rounds: each runs every variant once, the order rotated from round to round; a comparison"
                    + " is taken within each round and summarised over the rounds as a geometric mean, a 95 %% interval and a"
                    + " verdict (1 gives no verdict). Default 3 (the Aurora scenario: 1, its runs are minutes long); more with"
                    + " --as-article or --preset full, as the command's description says.")
    Integer rounds;

    /**
     * @param fallback the command's default for its mode, e.g. 3 quick, 5 with {@code --as-article}
     * @return the rounds given, else the fallback
     * @throws TestbedException one line when the number is outside 1 .. {@value #MAX}
     */
    public int orElse(int fallback) {
        return check(rounds != null ? rounds : fallback);
    }

    /**
     * The range of {@code --rounds}, for the settings records that take rounds from this option.
     *
     * @param n rounds
     * @return n
     * @throws TestbedException one line when n is outside 1 .. {@value #MAX}
     */
    public static int check(int n) {
        Cli.range("--rounds", n, 1, MAX);
        return n;
    }
}
