package io.poolbench.suite.seed001;

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
}
