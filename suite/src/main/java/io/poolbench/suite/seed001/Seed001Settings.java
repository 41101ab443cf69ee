package io.poolbench.suite.seed001;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import java.util.List;

/**
 * Seed 001's settings as the manifest records them (field names as in run directories written before).
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
 */
public record Seed001Settings(List<Stack> stacks, List<Integer> users, int stepSeconds, int warmupSeconds,
        List<String> indexes, int poolSize, int maxThreads, int thinkMs, double maxErrorPercent, int rows,
        String database) {

    /**
     * Checks every range; each failure is one line naming the option.
     *
     * @throws TestbedException e.g. {@code --users 0 is out of range: allowed 1 .. 5000}
     */
    public Seed001Settings {
        for (int n : users) {
            Cli.range("--users", n, 1, 5_000);
        }
        Cli.range("--step-seconds", stepSeconds, 1, 86_400);
        Cli.range("--warmup-seconds", warmupSeconds, 0, 3_600);
        Cli.range("--pool-size", poolSize, 1, 1_000);
        Cli.range("--max-threads", maxThreads, 1, 10_000);
        Cli.range("--think-ms", thinkMs, 0, 60_000);
        if (!(maxErrorPercent >= 0 && maxErrorPercent <= 100)) {
            throw new TestbedException("--max-error-percent " + maxErrorPercent + " is out of range: allowed 0 .. 100");
        }
    }
}
