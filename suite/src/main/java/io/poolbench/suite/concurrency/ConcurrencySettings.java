package io.poolbench.suite.concurrency;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.options.ErrorBudgetOption;
import io.poolbench.testbed.options.MaxThreadsOption;
import io.poolbench.testbed.options.PoolSizeOption;
import io.poolbench.testbed.options.RoundsOption;
import io.poolbench.testbed.options.ThinkTimeOption;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The concurrency sweep's settings as the manifest records them (their field names are the run
 * directory's layout: renaming one changes {@code RunRecord.FORMAT}).
 *
 * @param stacks the stacks in run order
 * @param users user counts, one step each
 * @param stepSeconds measured seconds per step
 * @param warmupSeconds excluded seconds at the start of each step
 * @param indexes {@code with} and/or {@code without}
 * @param poolSize maximum connections of every pool
 * @param maxThreads Tomcat request threads
 * @param thinkMs pause between a user's requests, ms
 * @param maxErrorPercent error share above which a step fails, %
 * @param rows orders in the data set
 * @param database database kind
 * @param rounds rounds: each runs every index setting, stack and user count once, the stacks in an order rotated
 *     from round to round; null in a run of a version before rounds (one pass, {@code concurrency/<index>/})
 */
public record ConcurrencySettings(List<Stack> stacks, List<Integer> users, int stepSeconds, int warmupSeconds,
        List<String> indexes, int poolSize, int maxThreads, int thinkMs, double maxErrorPercent, int rows,
        String database, Integer rounds) {

    /**
     * Checks every range; each failure is one line naming the option.
     *
     * @throws TestbedException e.g. {@code --users 0 is out of range: allowed 1 .. 5000}
     */
    public ConcurrencySettings {
        Cli.rangeEach("--users", users, 1, 5_000);
        Cli.range("--step-seconds", stepSeconds, 1, 86_400);
        Cli.range("--warmup-seconds", warmupSeconds, 0, 3_600);
        PoolSizeOption.check(poolSize);
        MaxThreadsOption.check(maxThreads);
        ThinkTimeOption.check(thinkMs);
        if (rounds != null) {
            RoundsOption.check(rounds);
        }
        ErrorBudgetOption.check(maxErrorPercent);
    }

    /**
     * @return the rounds as a list to iterate: 1 … rounds, or a single null for a run of a version before rounds
     */
    public List<Integer> roundList() {
        if (rounds == null) {
            return Collections.singletonList(null);
        }
        return IntStream.rangeClosed(1, rounds).boxed().toList();
    }

    /**
     * @param base {@code concurrency/}
     * @param round the round (null before rounds)
     * @param index {@code with} or {@code without}
     * @return the directory of that round's index setting: {@code concurrency/r<round>/<index>/}
     *     ({@code concurrency/<index>/} before rounds)
     */
    public static Path dir(Path base, Integer round, String index) {
        return (round == null ? base : base.resolve("r" + round)).resolve(index);
    }

    /**
     * @param round the round (null before rounds)
     * @param index {@code with} or {@code without}
     * @param stack the stack's id
     * @return the phase's id: {@code concurrency:r<round>:<index>:<stack>} ({@code concurrency:<index>:<stack>}
     *     before rounds)
     */
    public static String phaseId(Integer round, String index, String stack) {
        return "concurrency:" + (round == null ? "" : "r" + round + ":") + index + ":" + stack;
    }
}
